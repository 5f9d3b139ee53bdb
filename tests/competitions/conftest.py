"""The championship tests' league: a season, a zone of two committees with their clubs,
staff and players, built through the services (tests/competitions/championship.py)."""

import pytest

from tests.competitions import championship as c


@pytest.fixture
def league(db):
    return c.league_build()
