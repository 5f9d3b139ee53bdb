"""The other games' tournaments, running and refereed by the world's referee."""

import pytest

from apps.games import services
from apps.games.models import BeloteMatch, PinochleGame
from apps.games.selectors import game_players
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests.factories import register

# A deal the first player wins: (116 + 10) x 2 = 252 in a no-trumps game; four win a match.
WIN = {"contract": "no_trumps", "chooser": 0, "tricks": (116, 0), "last_trick": 0}


def running(world, game: str, players: int) -> Tournament:
    """The world's tournament playing ``game``, running, with ``players`` registered."""
    tournament = world.tournament
    tournament.game = game
    tournament.status = Status.RUNNING
    tournament.save()
    register(tournament, players)
    return tournament


@pytest.fixture
def belote(world):
    return running(world, Tournament.Game.BELOTE, 6)


@pytest.fixture
def match(world, belote):
    """The belote tournament's first match, its rounds drawn."""
    services.belote_rounds_draw(actor=world.referee, tournament=belote, pairing="round_robin")
    return BeloteMatch.objects.filter(tournament=belote).order_by("round", "table").first()


@pytest.fixture
def pinochle_game(world):
    """A running pinochle tournament's first game, its two teams drawn."""
    tournament = running(world, Tournament.Game.PINOCHLE, 4)
    first, second, third, fourth = game_players(tournament)
    for a, b in ((first, second), (third, fourth)):
        services.pinochle_team_create(actor=world.referee, tournament=tournament, first=a, second=b)
    services.pinochle_numbers_draw(actor=world.referee, tournament=tournament, seed=1)
    return PinochleGame.objects.filter(tournament=tournament, round=1).get()
