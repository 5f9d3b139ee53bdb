"""Rules of the percentages (fascicule 3, ch. 1) that hold for every player."""

import math

from hypothesis import given
from hypothesis import strategies as st

from apps.results.domain.percentages import player_percentages

notes = st.lists(st.one_of(st.none(), st.floats(0, 100)), max_size=30)


@given(notes, notes)
def test_percentages_lie_between_0_and_100(taker, defender):
    assert all(p is None or 0 <= p <= 100 for p in player_percentages(taker, defender))


@given(notes, notes)
def test_the_overall_lies_between_attack_and_defence(taker, defender):
    attack, defence, overall = player_percentages(taker, defender)
    known = [p for p in (attack, defence) if p is not None]
    if not known:
        assert overall is None
    else:
        assert min(known) - 1e-9 <= overall <= max(known) + 1e-9


@given(st.lists(st.floats(0, 100), min_size=1, max_size=30))
def test_a_player_with_equal_attack_and_defence_has_that_overall(values):
    attack, defence, overall = player_percentages(values, values)
    assert math.isclose(overall, attack) and attack == defence
