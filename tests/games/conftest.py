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


# Team A bids 100 with 460 meld and takes 40 of the 50 trick points: 500, the game.
A_WINS = {"bidder": 0, "bid": 100, "meld": (460, 30), "tricks": (40, 10)}


def pinochle_teams(world, players: int) -> Tournament:
    """A running pinochle tournament whose ``players`` form teams two by two."""
    tournament = running(world, Tournament.Game.PINOCHLE, players)
    registered = game_players(tournament)
    for first, second in zip(registered[::2], registered[1::2], strict=True):
        services.pinochle_team_create(
            actor=world.referee, tournament=tournament, first=first, second=second
        )
    return tournament


@pytest.fixture
def nine(world):
    """Nine teams, their numbers not drawn yet."""
    return pinochle_teams(world, 18)


@pytest.fixture
def games(world):
    """Four teams' games with the set cup (0,50 €) and the specials' drawing, drawn."""
    tournament = pinochle_teams(world, 8)
    services.pinochle_extras_set(
        actor=world.referee, tournament=tournament, set_cup_cents=50, specials=True
    )
    services.pinochle_numbers_draw(actor=world.referee, tournament=tournament, seed=2)
    return list(PinochleGame.objects.filter(tournament=tournament).order_by("round", "table"))


def hand_checked(world, game, hand):
    """A hand written by the room and confirmed for both teams."""
    written = services.pinochle_hand_add(actor=world.referee, game=game, **hand)
    for side in "ab":
        services.pinochle_hand_confirm(actor=world.referee, hand=written, side=side)
    return written


def game_won(world, game, hand=A_WINS):
    """The game won by one hand (team A's by default), its sheet submitted."""
    hand_checked(world, game, hand)
    return services.pinochle_game_submit(actor=world.referee, game=game)


def games_finished(world, games):
    """Every game not submitted yet won by team A and submitted."""
    for game in games:
        if game.submitted_at is None:
            game_won(world, game)
