"""Qualification to the next stage and direct qualifiers for an incomplete table
(fascicule 3, ch. 2 art. 2, 7, 12), without a database."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.competitions.domain.kinds import CompetitionKind
from apps.competitions.domain.qualification import (
    Qualification,
    champion_enters_final,
    champion_refusal,
    direct_qualifiers,
    line_order,
    qualification,
)

RANKED = [f"p{n}" for n in range(1, 11)]


def test_the_quota_in_ranking_order_then_the_replacements():
    assert qualification(RANKED, 3, 2) == Qualification(("p1", "p2", "p3"), ("p4", "p5"))


def test_a_quota_beyond_the_field_qualifies_everyone():
    assert qualification(RANKED[:2], 3, 2) == Qualification(("p1", "p2"), ())


def test_a_negative_quota_is_refused():
    with pytest.raises(ValueError):
        qualification(RANKED, -1, 0)


# (entrants, how many are qualified directly): the remainder of the tables of 4
INCOMPLETE = [(16, 0), (17, 1), (18, 2), (19, 3), (20, 0)]


@pytest.mark.parametrize(("count", "direct"), INCOMPLETE)
def test_as_many_direct_qualifiers_as_the_incomplete_table_needs(count, direct):
    entrants = [f"e{n}" for n in range(count)]
    assert len(direct_qualifiers(entrants, champion=None, national_order=entrants)) == direct


def test_the_outgoing_champion_first_then_the_national_ranking():
    entrants = [f"e{n}" for n in range(19)]
    national = ["x1", "e7", "e3", "e12", "e5"]  # x1 did not enter
    assert direct_qualifiers(entrants, champion="e9", national_order=national) == [
        "e9",
        "e7",
        "e3",
    ]


def test_a_champion_who_did_not_enter_is_passed_over():
    entrants = [f"e{n}" for n in range(18)]
    national = ["e4", "e2", "e9"]
    assert direct_qualifiers(entrants, champion="gone", national_order=national) == ["e4", "e2"]


def test_fewer_when_the_national_ranking_names_too_few_entrants():
    entrants = [f"e{n}" for n in range(19)]
    assert direct_qualifiers(entrants, champion=None, national_order=["e1"]) == ["e1"]


@given(st.integers(0, 200), st.integers(0, 200))
def test_the_rest_fill_complete_tables(count, ranked):
    entrants = [f"e{n}" for n in range(count)]
    direct = direct_qualifiers(entrants, champion=None, national_order=entrants[:ranked])
    assert len(direct) == min(count % 4, ranked, count)
    if len(direct) == count % 4:
        assert (count - len(direct)) % 4 == 0


def test_a_player_named_twice_in_the_national_ranking_counts_once():
    entrants = [f"p{n}" for n in range(18)]
    chosen = direct_qualifiers(entrants, champion=None, national_order=["p4", "p4", "p2"])
    assert chosen == ["p4", "p2"]


def test_players_still_equal_after_tops_are_taken_in_registration_order():
    """Art. 20: TOPs break the ties; at a cut or a quota line, players still equal go in
    their order of registration, registration 9 before registration 10."""
    ranked = [("a", 1, 10), ("b", 2, 12), ("c", 2, 9), ("d", 2, 10), ("e", 5, 1), ("f", None, 2)]
    assert line_order(ranked) == ["a", "c", "d", "b", "e", "f"]


@given(
    st.lists(
        st.tuples(st.one_of(st.none(), st.integers(1, 8)), st.integers(1, 10_000)),
        unique_by=lambda row: row[1],
    )
)
def test_a_line_order_is_by_rank_then_by_registration(rows):
    ranked = [(order, rank, order) for rank, order in rows]
    taken = line_order(ranked)
    assert sorted(taken) == sorted(order for _rank, order in rows)
    rank_of = {order: rank for rank, order in rows}
    keys = [(rank_of[p] is None, rank_of[p] or 0, p) for p in taken]
    assert keys == sorted(keys)


# Art. 6 (Open) and 11 (Senior) qualify the outgoing regional champion « d'office pour la
# finale régionale »; art. 2: in the séries « tous les joueurs doivent participer à la
# demi-finale »; the Jeunes championship is not in the regulation.
CHAMPION_ENTERS_FINAL = {
    CompetitionKind.FIRST_SERIES: False,
    CompetitionKind.SECOND_SERIES: False,
    CompetitionKind.PROMOTION: False,
    CompetitionKind.OPEN: True,
    CompetitionKind.SENIOR: True,
    CompetitionKind.YOUTH: False,
}


def test_the_outgoing_regional_champion_enters_the_final_directly_in_the_open_and_senior():
    assert {kind: champion_enters_final(kind) for kind in CompetitionKind} == (
        CHAMPION_ENTERS_FINAL
    )
    for kind, enters in CHAMPION_ENTERS_FINAL.items():
        assert (champion_refusal(kind) is None) == enters
    assert "(art. 2)" in champion_refusal(CompetitionKind.PROMOTION)
