"""The most one line may hold (apps.awards.domain.bounds): the first place of the tables
the tournament could pay by, times the verified index, under the ceiling; a stage at a
time. Worked by hand from fascicule 3, ch. 5, and held against the claims' own tables."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.awards.domain import pcn
from apps.awards.domain.bounds import line_bounds, pcn_most, starts_stage
from apps.awards.domain.claims import MAX_SESSION_PLAYERS, pcn_schemes, stages_split

# (players of each session, index, ceiling) -> the most PCN one player can earn.
MOST_PCN = [
    ((11,), "1", 2000, 0),  # under 12 players: nothing
    ((12,), "1", 2000, 240),  # 3 tables, Howell: 80 x 3
    ((20,), "1", 2000, 400),  # 5 tables: en ligne and Howell both 80 x 5
    ((52,), "1.2", 2000, 1248),  # 13 tables: 1040 x 1,2
    ((100,), "1.5", 2000, 2000),  # 25 tables: 2000 x 1,5 = 3000, ceiling 2000
    ((600,), "1", 2000, 2000),  # 150 tables: 12000, ceiling
    ((200,), "1.8", 5000, 5000),  # a regional final: 4000 x 1,8 = 7200, ceiling 5000
    ((40, 40), "1", 2000, 2000),  # several sessions: 50 x 20 tables x 2
    ((24, 24), "1", 2000, 1200),  # 50 x 12 tables x 2
    ((40, 16), "1", 2000, 800 + 320),  # more than half gone: two stages, each paid
    ((12, 13), "1", 2000, 240 + 320),  # a newcomer: two stages
]


@pytest.mark.parametrize(("sessions", "index", "ceiling", "most"), MOST_PCN)
def test_the_most_pcn_worked_by_hand(sessions, index, ceiling, most):
    assert pcn_most(sessions, Decimal(index), ceiling) == most


def test_the_bounds_take_a_pp_table_and_a_national_final_s_pcn():
    bounds = line_bounds((30,), Decimal(1), pp_table=(3, 2, 2, 0), what="« Open »")
    assert (bounds.pcn, bounds.pp) == (pcn_most((30,), Decimal(1), 2000), 3)
    assert "« Open », 30 joueurs, indice 1 : au plus" in bounds.why
    final = line_bounds((64,), Decimal(1), ceiling=5000, pp_table=(50, 40), pcn_table=(6000, 10))
    assert (final.pcn, final.pp) == (6000, 50)


def test_a_new_stage_is_the_same_for_the_bounds_and_the_claims():
    assert starts_stage(12, 13) and starts_stage(16, 6) and not starts_stage(12, 12)
    assert stages_split((12, 13)) and not stages_split((28, 24, 20))


sessions = st.lists(st.integers(12, MAX_SESSION_PLAYERS), min_size=1, max_size=3)
indices = st.sampled_from([Decimal(1), Decimal("1.2"), Decimal("1.5"), Decimal("1.8")])


@given(sessions, indices, st.sampled_from([pcn.REGULARITY_CEILING, 5000]))
def test_no_place_of_the_tables_pays_more_than_the_bound(players, index, ceiling):
    """The claims' tables (apps.awards.domain.claims, another reading of the same
    regulation) never pay a place more than the bound: the ranking withholds no line a
    table gives."""
    if len(players) > 1 and stages_split(players):
        players = players[:1]
    most = pcn_most(players, index, ceiling)
    for scheme in pcn_schemes(players, index, ceiling=ceiling):
        assert max((v for ranking in scheme.rankings for v in ranking), default=0) <= most


def test_sessions_of_unknown_counts_may_each_pay_a_stage():
    """A tournament's sessions read from its registrations alone: each may start a stage
    paid on its own, so the ceiling once a session; under 12 players, still nothing."""
    known = line_bounds((60, 60), Decimal(1))
    unknown = line_bounds((60, 60), Decimal(1), counts_unknown=True)
    assert (known.pcn, unknown.pcn) == (pcn_most((60, 60), Decimal(1), 2000), 4000)
    assert "au plus 4000 PCN" in unknown.why
    assert line_bounds((10, 10), Decimal(1), counts_unknown=True).pcn == 0
