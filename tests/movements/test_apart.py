"""The national final's seating (art. 17): lines balanced as the serpentine balances them
(every place holds a player of the block the serpentine gave it), and fewer meetings
between players of one committee."""

from hypothesis import given, settings
from hypothesis import strategies as st

from apps.movements.domain.apart import meetings, seating_apart
from apps.movements.domain.seating import seating_next_session
from tests.movements.rooms import room


def _blocks(hall, ranking, seating):
    """{place: the serpentine block of its player}: four players per section a block."""
    size = 4 * len(hall.sections)
    rank = {entrant: index for index, entrant in enumerate(ranking)}
    return {place: rank[entrant] // size for place, entrant in seating.items()}


def test_committees_spread_over_the_ranking_meet_far_less():
    """20 players at 5 tables en ligne from 5 committees, one in each four of the ranking:
    the serpentine lets them meet 24 times; swaps within the blocks gather each committee
    into fewer lines, where they do not meet. (In a Howell every player meets every other:
    nothing to gain there.)"""
    hall = room(5)
    ranking = list(range(20))
    group_of = {player: player % 5 for player in ranking}
    serpentine = seating_next_session(hall, ranking)
    apart = seating_apart(hall, ranking, group_of)
    assert meetings(hall, serpentine, group_of) == 24
    assert meetings(hall, apart, group_of) <= 24 // 3
    assert _blocks(hall, ranking, apart) == _blocks(hall, ranking, serpentine)


def test_the_pinned_champion_keeps_nord_1():
    hall = room(5)
    ranking = list(range(20))
    group_of = {player: player % 3 for player in ranking}
    place = (hall.sections[0].name, "N1")
    apart = seating_apart(hall, ranking, group_of, fixed={place: 19})
    assert apart[place] == 19
    assert sorted(apart.values()) == ranking


@settings(max_examples=40)
@given(
    tables=st.integers(min_value=3, max_value=16),
    committees=st.integers(min_value=1, max_value=12),
    seed=st.integers(min_value=0, max_value=10_000),
)
def test_never_worse_than_the_serpentine_and_the_lines_unchanged(tables, committees, seed):
    hall = room(tables)
    players = 4 * tables - seed % 4
    ranking = list(range(players))
    group_of = {player: (player * 7 + seed) % committees for player in ranking}
    serpentine = seating_next_session(hall, ranking)
    apart = seating_apart(hall, ranking, group_of)
    assert sorted(apart.values()) == ranking
    assert set(apart) == set(serpentine)
    assert meetings(hall, apart, group_of) <= meetings(hall, serpentine, group_of)
    assert _blocks(hall, ranking, apart) == _blocks(hall, ranking, serpentine)
