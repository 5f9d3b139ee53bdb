"""Rules of the rankings (fascicule 3, ch. 1 and ch. 2 article 20) that hold for every
field of players."""

from collections import defaultdict

from hypothesis import given
from hypothesis import strategies as st

from apps.results.domain.rankings import Standing, alternate_ranking, general_ranking

LINES = ("N", "S", "E", "W")
# Few distinct values, so that equal percentages and equal tops are frequent.
known = st.sampled_from([0, 25, 37.5, 50, 62.5, 75, 100])
percentages = st.one_of(st.none(), known)


def field(players):
    rows = st.tuples(percentages, st.integers(0, 2), st.sampled_from(LINES))
    return st.lists(rows, max_size=players).map(
        lambda rows: [Standing(f"p{i}", *row) for i, row in enumerate(rows)]
    )


@st.composite
def equal_lines(draw):
    per_line = draw(st.integers(1, 8))
    return [
        Standing(f"{line}{i}", draw(known), draw(st.integers(0, 2)), line)
        for line in LINES
        for i in range(per_line)
    ]


def merit(standing):
    return standing.percentage, standing.tops


@given(field(40))
def test_both_rankings_are_permutations_of_the_field(standings):
    for ranking in (general_ranking(standings), alternate_ranking(standings)):
        assert sorted(s.player for s, _ in ranking) == sorted(s.player for s in standings)


@given(field(40))
def test_general_ranks_follow_percentage_then_tops(standings):
    ranked = [(s, rank) for s, rank in general_ranking(standings) if rank is not None]
    for index, (standing, rank) in enumerate(ranked):
        better = sum(merit(other) > merit(standing) for other, _ in ranked)
        assert rank == better + 1
        assert index == 0 or merit(ranked[index - 1][0]) >= merit(standing)
    assert all(s.percentage is None for s, rank in general_ranking(standings) if rank is None)


@given(field(40))
def test_alternate_places_run_from_1_without_gap(standings):
    """Each place is its rank in the list, or the place of the player before (shared)."""
    ranked = [place for _, place in alternate_ranking(standings) if place is not None]
    for index, place in enumerate(ranked):
        assert place == index + 1 or (index > 0 and place == ranked[index - 1])


@given(equal_lines())
def test_places_4k_plus_1_to_4k_plus_4_hold_the_k_th_of_each_line(standings):
    by_line = defaultdict(list)
    for standing, _ in general_ranking(standings):
        by_line[standing.line].append(standing)
    ranking = alternate_ranking(standings)
    for k in range(len(standings) // 4):
        group = ranking[4 * k : 4 * k + 4]
        assert {s.line for s, _ in group} == set(LINES)
        for standing, place in group:
            assert 4 * k + 1 <= place <= 4 * k + 4
            assert merit(by_line[standing.line][k]) == merit(standing)
