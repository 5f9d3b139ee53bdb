"""A stage's regulation table checked against the regulation (fascicule 3, ch. 2 art. 2, 7,
12; ch. 5 « Tournois Duplicates en plusieurs séances »), without a database."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.competitions.domain.kinds import CompetitionKind
from apps.competitions.domain.regulation import (
    MIN_DEALS,
    MIN_PLAYERS,
    RegulationRow,
    local_final_refusal,
    min_sessions,
    minimums_hold,
    regulation_problems,
)
from apps.tournaments.domain.sessions import MAX_SESSIONS

K = CompetitionKind

# The regulation's figures, as data: 15 players, 20 donnes, sessions by championship.
REGULATION = {"players": 15, "deals": 20}
SESSIONS = {
    K.FIRST_SERIES: 2,
    K.SECOND_SERIES: 2,
    K.PROMOTION: 1,
    K.OPEN: 2,
    K.SENIOR: 1,
    K.YOUTH: 2,
}


def test_the_regulations_figures():
    assert {"players": MIN_PLAYERS, "deals": MIN_DEALS} == REGULATION
    assert {kind: min_sessions(kind) for kind in K} == SESSIONS


def test_a_sound_table_has_no_problem():
    rows = [
        RegulationRow(15, 27),
        RegulationRow(28, 39, (20,)),
        RegulationRow(40, 60, (32, 20)),
    ]
    assert regulation_problems(K.PROMOTION, rows, 24) == []
    assert regulation_problems(K.OPEN, rows[1:], 24) == []


def test_a_cut_of_more_than_half_is_refused():
    # 40 present, 16 kept: 24 eliminated of 40, more than 50 %.
    assert regulation_problems(K.OPEN, [RegulationRow(30, 40, (16,))], 20) == [
        "de 30 à 40 joueurs : la séance 2 élimine 24 joueurs sur 40, plus de 50 %"
    ]


def test_exactly_half_may_go():
    assert regulation_problems(K.OPEN, [RegulationRow(30, 40, (20,))], 20) == []


def test_the_minimums():
    assert regulation_problems(K.FIRST_SERIES, [RegulationRow(12, 20)], 18) == [
        "de 12 à 20 joueurs : il faut 15 joueurs au moins en 1ère séance",
        "de 12 à 20 joueurs : il faut 2 séances au moins",
        "de 12 à 20 joueurs : une séance compte 20 donnes au moins",
    ]


def test_a_later_session_seats_only_players_of_the_previous_one():
    assert regulation_problems(K.OPEN, [RegulationRow(20, 24, (22,))], 20) == [
        "de 20 à 24 joueurs : la séance 2 ne peut réunir que des joueurs de la séance "
        "précédente (20 au plus), pas 22"
    ]


def test_overlapping_rows_are_refused():
    rows = [RegulationRow(15, 30, (15,)), RegulationRow(30, 40, (20,))]
    assert regulation_problems(K.OPEN, rows, 20) == [
        "les lignes de 15 à 30 et de 30 à 40 joueurs se chevauchent"
    ]


@given(st.integers(15, 200), st.integers(0, 200), st.integers(1, 200))
def test_a_cut_passes_exactly_when_at_most_half_go(high, spread, kept):
    low = max(15, high - spread)
    problems = regulation_problems(K.OPEN, [RegulationRow(low, high, (kept,))], 20)
    cut_problem = any("plus de 50 %" in p for p in problems)
    assert cut_problem is (high - kept > high / 2)


@pytest.mark.parametrize("kind", list(K))
def test_one_session_is_enough_for_promotion_and_senior_only(kind):
    problems = regulation_problems(kind, [RegulationRow(15, 30)], 20)
    assert (problems == []) is (kind in (K.PROMOTION, K.SENIOR))


def test_a_semi_final_or_a_national_final_is_held_to_the_cuts_only():
    """Art. 2: the minimums are those of « chaque finale locale, régionale, par regroupement
    de comités »; a semi-final, or the CCN's national final, still cuts at most half."""
    rows = [RegulationRow(8, 15), RegulationRow(16, 40, (16,))]
    assert regulation_problems(CompetitionKind.OPEN, rows, 12, minimums=False) == [
        "de 16 à 40 joueurs : la séance 2 élimine 24 joueurs sur 40, plus de 50 %"
    ]


# (regional stage, final) -> held to the minimums, by championship: every final of a
# committee or a group (art. 2, 7); in the Senior « chaque tournoi de ces qualificatifs »
# (art. 12), the semi-finals too; never the national final, whose format the CCN sets.
MINIMUMS = {
    kind: {
        (True, True): True,
        (True, False): kind == K.SENIOR,
        (False, True): False,
    }
    for kind in K
}


def test_every_senior_qualifier_is_held_to_15_players_and_20_deals():
    assert {
        kind: {
            (regional, final): minimums_hold(kind, regional=regional, final=final)
            for regional, final in MINIMUMS[kind]
        }
        for kind in K
    } == MINIMUMS
    semi = [RegulationRow(8, 30)]
    assert regulation_problems(K.SENIOR, semi, 18, minimums=True) == [
        "de 8 à 30 joueurs : il faut 15 joueurs au moins en 1ère séance",
        "de 8 à 30 joueurs : une séance compte 20 donnes au moins",
    ]


# Art. 2: local finals, « qualificatives directement pour le championnat de France », in
# the Promotion only.
LOCAL_FINALS = {K.PROMOTION}


@pytest.mark.parametrize("kind", list(K))
def test_local_finals_exist_only_in_the_promotion_and_qualify_for_the_national_final(kind):
    allowed = local_final_refusal(kind, qualifies_for_national=True) is None
    assert allowed is (kind in LOCAL_FINALS)
    assert (local_final_refusal(kind, qualifies_for_national=None) is None) is allowed
    assert local_final_refusal(kind, qualifies_for_national=False) is not None


def test_a_row_has_at_most_the_sessions_a_tournament_can_have():
    assert MAX_SESSIONS == 12
    most = RegulationRow(15, 15, (15,) * (MAX_SESSIONS - 1))
    assert regulation_problems(K.OPEN, [most], 20) == []
    (problem,) = regulation_problems(K.OPEN, [RegulationRow(15, 15, (15,) * 4999)], 20)
    assert "5000 séances" in problem and f"{MAX_SESSIONS} au plus" in problem
