"""The rounds of a pinochle tournament (apps/games/domain/pinochle_rotation.py): what the
rules' A/B rotation and the round robin cost over eight rounds, worked by hand for 5, 7
and 9 teams, and the rotation advised."""

from itertools import chain

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.games.domain.pinochle import team_numbers
from apps.games.domain.pinochle_rotation import (
    AB,
    CIRCLE,
    SCHEDULES,
    RotationCost,
    rotation_advised,
    rotation_costs,
)

# teams: (A/B cost, round robin cost, advised), over 8 rounds.
# A/B: T tables, the « B » teams back at round T + 1; every round after the T-th repeats
# T - 1 pairings and gives a second bye at the last table (odd numbers of teams).
# Round robin: 5 teams play 5 rounds, 7 play 7 and 9 play 9; rounds beyond start again.
COSTS = {
    5: (RotationCost(10, 5), RotationCost(6, 3), CIRCLE),  # A/B: 5 rounds x (2 + 1)
    7: (RotationCost(12, 4), RotationCost(3, 1), CIRCLE),  # A/B: 4 rounds x (3 + 1)
    9: (RotationCost(12, 3), RotationCost(0, 0), CIRCLE),  # A/B: 3 rounds x (4 + 1)
    16: (RotationCost(0, 0), RotationCost(0, 0), AB),  # 8 tables: nobody meets twice
    6: (RotationCost(15, 0), RotationCost(9, 0), CIRCLE),  # 5 rounds x 3; 3 rounds x 3
}


@pytest.mark.parametrize("teams", sorted(COSTS))
def test_each_rotations_cost_over_eight_rounds(teams):
    ab, circle, advised = COSTS[teams]
    costs = rotation_costs(teams)
    assert costs == {AB: ab, CIRCLE: circle}
    assert rotation_advised(costs) == advised


def test_a_tie_keeps_the_rules_rotation():
    tie = {AB: RotationCost(2, 0), CIRCLE: RotationCost(1, 1)}
    assert rotation_advised(tie) == AB


@given(st.integers(2, 20), st.sampled_from(sorted(SCHEDULES)))
def test_every_team_plays_or_has_the_bye_once_a_round(teams, rotation):
    for pairings in SCHEDULES[rotation](teams):
        seated = list(chain.from_iterable((p.a, p.b) for p in pairings))
        assert sorted(team for team in seated if team) == sorted(team_numbers(teams))
        assert [p.table for p in pairings] == list(range(1, len(pairings) + 1))
        assert sum(p.a is None for p in pairings) == teams % 2
