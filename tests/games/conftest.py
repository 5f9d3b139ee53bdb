"""The other games' tournaments, running and refereed by the world's referee."""

import pytest

from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests.factories import register

# A deal the first player wins: (120 + 10) x 2 = 260 in a no-trumps game; four win a match.
WIN = {"contract": "no_trumps", "chooser": 0, "tricks": (120, 0), "last_trick": 0}


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
