import pytest

from tests.builders import session_at_position_1


@pytest.fixture
def session(world):
    """The world tournament's session, its 20 players seated at 5 tables, position 1 in
    play (test_penalties.py has its own, not yet in play)."""
    return session_at_position_1(world)
