"""A belote tournament of six players, running, refereed by the world's referee."""

import pytest

from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests.factories import register

# A deal the first player wins: (120 + 10) x 2 = 260 in a no-trumps game; four win a match.
WIN = {"contract": "no_trumps", "chooser": 0, "tricks": (120, 0), "last_trick": 0}


@pytest.fixture
def belote(world):
    tournament = world.tournament
    tournament.game = Tournament.Game.BELOTE
    tournament.status = Status.RUNNING
    tournament.save()
    register(tournament, 6)
    return tournament
