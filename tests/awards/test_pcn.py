"""PCN tables, indices, ceilings and ex-aequo (fascicule 3, ch. 5), without a database."""

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.awards.domain.pcn import (
    FLOOR,
    MULTI_SESSION_FACTORS,
    REGIONAL_CHAMPIONSHIP_CEILING,
    REGULARITY_CEILING,
    STAGE_DISTINCT,
    howell_values,
    index_refusal,
    line_abatement,
    line_values,
    multi_session_conditions,
    multi_session_values,
    place_values,
    shared,
)
from apps.tournaments.domain.indices import Index

# « TABLEAU D'ATTRIBUTION DES P.C.N. en duplicate individuel en ligne », column by column:
# tables: (abattement, 1er de ligne, 2ème de ligne, …)
LINE_TABLE = {
    5: ("0,7", [400, 280, 196]),
    6: ("0,71", [480, 340, 241]),
    7: ("0,72", [560, 403, 290, 209]),
    8: ("0,73", [640, 467, 341, 248]),
    9: ("0,74", [720, 532, 394, 291, 215]),
    10: ("0,75", [800, 600, 450, 337, 253]),
    11: ("0,76", [880, 668, 508, 386, 293, 223]),
    12: ("0,77", [960, 739, 569, 438, 337, 259]),
    13: ("0,78", [1040, 811, 632, 493, 384, 300, 234]),
    14: ("0,79", [1120, 884, 698, 552, 436, 344, 272]),
    15: ("0,8", [1200, 960, 768, 614, 491, 393, 314, 251]),
    16: ("0,81", [1280, 1036, 839, 680, 550, 446, 361, 292]),
    17: ("0,82", [1360, 1115, 914, 749, 614, 504, 413, 339, 278]),
    18: ("0,83", [1440, 1195, 992, 823, 683, 567, 470, 390, 324]),
    19: ("0,84", [1520, 1276, 1072, 900, 756, 635, 533, 448, 376, 316]),
    20: ("0,85", [1600, 1360, 1156, 982, 835, 709, 603, 512, 435, 370]),
    21: ("0,86", [1680, 1444, 1242, 1068, 918, 790, 679, 584, 502, 432, 371]),
    22: ("0,87", [1760, 1531, 1332, 1158, 1008, 877, 763, 663, 577, 502, 437]),
    23: ("0,88", [1840, 1619, 1424, 1253, 1103, 971, 854, 751, 661, 582, 512, 450]),
    24: ("0,89", [1920, 1708, 1520, 1353, 1204, 1072, 954, 849, 755, 672, 598, 532]),
    25: ("0,9", [2000, 1800, 1620, 1458, 1312, 1180, 1062, 956, 860, 774, 697, 627, 564]),
    26: ("0,9", [2000, 1872, 1684, 1516, 1364, 1228, 1105, 994, 895, 805, 725, 652, 587]),
    27: (
        "0,9",
        [2000, 1944, 1749, 1574, 1417, 1275, 1147, 1033, 929, 836, 753, 677, 610, 549],
    ),
}

# « Tournoi duplicate individuel Howell », abattement 0,85, column by column.
HOWELL_TABLE = {
    3: [240, 204, 173, 147, 125, 106],
    4: [320, 272, 231, 197, 167, 142, 121, 103],
    8: [640, 544, 462, 393, 334, 284, 241, 205, 174, 148, 126, 107, 91, 77, 66, 56],
    12: [
        *[960, 816, 694, 590, 501, 426, 362, 308, 262, 222, 189, 161],
        *[137, 116, 99, 84, 71, 61, 52, 50, 50, 50, 50, 50],
    ],
}

# « Tournois Duplicates en plusieurs séances », 1er to 40ème (x T x C).
MULTI_SESSION_TABLE = [
    *["50", "47", "44", "41", "38", "35", "32", "29"],
    *["27", "25", "23", "21", "19", "17", "15", "14"],
    *["13", "12", "11", "10", "9", "8", "7,5", "7"],
    *["6,5", "6", "5,5", "5", "4,5", "4", "3,75", "3,5"],
    *["3,25", "3", "2,8", "2,6", "2,4", "2,2", "2", "2"],
]


def french(number: str) -> Fraction:
    return Fraction(number.replace(",", "."))


# Tables


@pytest.mark.parametrize(("tables", "column"), LINE_TABLE.items())
def test_the_en_ligne_table_cell_for_cell(tables, column):
    abatement, values = column
    assert line_abatement(tables) == french(abatement)
    assert line_values(tables) == values


def test_the_en_ligne_table_goes_on_beyond_27_tables():
    assert line_abatement(40) == Fraction("0.9")
    assert line_values(28)[:3] == [2000, 2000, 1814]  # 2240 and 2016 capped, 1814,4


def test_the_en_ligne_table_starts_at_5_tables():
    with pytest.raises(ValueError, match="5 tables"):
        line_values(4)


@pytest.mark.parametrize(("tables", "values"), HOWELL_TABLE.items())
def test_the_howell_table_cell_for_cell(tables, values):
    assert howell_values(tables) == values


def test_the_40_factors_of_the_several_sessions_table():
    assert list(MULTI_SESSION_FACTORS) == [french(factor) for factor in MULTI_SESSION_TABLE]


def test_several_sessions_values_for_10_tables():
    values = multi_session_values(10, 80)
    assert values[:3] == [1000, 940, 880]
    assert values[39] == FLOOR  # 2 x 10 x 2 = 40, raised to the floor


def test_beyond_the_40th_place_the_40th_value():
    values = multi_session_values(30, 100)
    assert len(values) == 50
    assert values[39:] == [120] * 11  # 2 x 30 x 2


def test_a_half_product_rounds_up():
    values = multi_session_values(21, 70)
    assert values[32] == 137  # 3,25 x 21 x 2 = 136,5
    assert values[34] == 118  # 2,8 x 21 x 2 = 117,6


@pytest.mark.parametrize(("players", "awarded"), [(25, 13), (24, 12), (23, 12), (1, 1), (0, 0)])
def test_half_of_the_first_session_rounded_to_the_nearest_half_up(players, awarded):
    assert len(multi_session_values(10, players)) == awarded


def test_players_cut_before_the_last_session_still_count():
    sessions = [range(40), range(24), range(12)]
    assert multi_session_conditions(sessions, qualifying_results_count=True) == []
    assert len(multi_session_values(10 + 6 + 3, 40)) == 20


# The three conditions of « Tournois Duplicates en plusieurs séances »


def test_qualifying_results_must_count_in_the_final_result():
    reasons = multi_session_conditions([range(40), range(24)], qualifying_results_count=False)
    assert reasons == [
        "les résultats des séances qualificatives n'interviennent pas dans le résultat final"
        f" : {STAGE_DISTINCT}"
    ]


def test_a_player_entering_a_later_session_makes_a_new_stage():
    sessions = [range(40), [*range(23), 99], range(12)]
    assert multi_session_conditions(sessions, qualifying_results_count=True) == [
        "séance 2 : 1 joueur n'a pas joué la séance 1 (entrée en cours de tournoi ou qualifié"
        f" d'office) : {STAGE_DISTINCT}"
    ]


def test_at_most_half_of_a_session_is_eliminated():
    sessions = [range(40), range(24), range(11)]
    assert multi_session_conditions(sessions, qualifying_results_count=True) == [
        f"séance 3 : 13 éliminés sur 24 joueurs de la séance 2, plus de 50 % : {STAGE_DISTINCT}"
    ]


# Indices


@pytest.mark.parametrize(
    ("claimed", "players", "reason"),
    [
        ("1", 12, None),
        ("1.2", 52, None),
        ("1.2", 51, "l'indice 1,2 demande 52 joueurs au moins : 51 ont joué"),
        ("1.5", 100, None),
        ("1.2", 100, None),
        ("1.5", 99, "l'indice 1,5 demande 100 joueurs au moins : 99 ont joué"),
        ("1.8", 200, "l'indice 1,8 n'est pas celui d'un tournoi de régularité (1 ; 1,2 ; 1,5)"),
        ("3", 200, "l'indice 3 n'est pas celui d'un tournoi de régularité (1 ; 1,2 ; 1,5)"),
    ],
)
def test_regularity_indices(claimed, players, reason):
    assert index_refusal(Decimal(claimed), players) == reason


@pytest.mark.parametrize(
    ("stage", "claimed", "reason"),
    [
        ("regional_semi_final", "1.5", None),
        ("regional_final", "1.8", None),
        ("regional_final", "1.5", "une finale régionale a l'indice 1,8 : 1,5 demandé"),
        ("regional_semi_final", "1.8", "une demi-finale régionale a l'indice 1,5 : 1,8 demandé"),
        ("local_final", "1", None),
        ("local_final", "1.2", "une finale locale a l'indice 1 : 1,2 demandé"),
        ("national_final", "1.5", "une finale nationale a l'indice 1 : 1,5 demandé"),
    ],
)
@pytest.mark.parametrize("players", [12, 44, 120])
def test_championship_stages_have_their_index_whatever_the_count(stage, claimed, reason, players):
    assert index_refusal(Decimal(claimed), players, stage=stage) == reason


def test_overseas_local_tournaments_have_index_3():
    assert index_refusal(Index.OVERSEAS_LOCAL, 12, overseas_local=True) is None
    assert index_refusal(Index.BASE, 12, overseas_local=True) is None
    assert index_refusal(Decimal("1.2"), 60, overseas_local=True) == (
        "un tournoi local d'outre-mer a l'indice 3 (indice 1, coefficient 3) : 1,2 demandé"
    )
    assert place_values([400, 280], Index.OVERSEAS_LOCAL, REGULARITY_CEILING) == [1200, 840]


def test_the_overseas_coefficient_is_for_local_tournaments_only():
    with pytest.raises(ValueError, match="outre-mer"):
        index_refusal(Index.REGIONAL_FINAL, 40, stage="regional_final", overseas_local=True)


# Index, ceiling and floor


def test_the_index_rounds_to_the_nearest():
    assert place_values([403, 290], Index.REGIONAL, REGULARITY_CEILING) == [484, 348]
    assert place_values([403], Index.NATIONAL, REGULARITY_CEILING) == [605]  # 604,5


def test_the_ceiling_applies_after_the_index():
    assert place_values([2000, 1800], Index.REGIONAL, REGULARITY_CEILING) == [2000, 2000]
    assert place_values([2000], Index.REGIONAL_FINAL, REGIONAL_CHAMPIONSHIP_CEILING) == [3600]
    assert place_values([3000], Index.REGIONAL_FINAL, REGIONAL_CHAMPIONSHIP_CEILING) == [5000]


# Ex-aequo

LINE_7 = [560, 403, 290, 209]


def test_tied_players_share_their_places_rounded_up():
    assert shared([1, 2, 2, 4], LINE_7) == [560, 347, 347, 209]  # (403 + 290) / 2 = 346,5


def test_a_tie_across_the_last_awarded_place_shares_with_nothing():
    assert shared([1, 2, 3, 4, 5, 5, 7], LINE_7) == [560, 403, 290, 209, 0, 0, 0]
    assert shared([1, 2, 3, 4, 4, 6], LINE_7) == [560, 403, 290, 105, 105, 0]


def test_unranked_players_get_nothing():
    assert shared([1, 2, None, None], LINE_7) == [560, 403, 0, 0]


def test_ranks_must_follow_the_ranking():
    with pytest.raises(ValueError, match="rang 4 attendu, 3 reçu"):
        shared([1, 2, 2, 3], LINE_7)


def ranks_of(sizes: list[int]) -> list[int]:
    ranks: list[int] = []
    for size in sizes:
        ranks += [len(ranks) + 1] * size
    return ranks


@given(
    sizes=st.lists(st.integers(1, 4), min_size=1, max_size=20),
    tables=st.integers(5, 40),
)
def test_ties_hand_out_their_places_plus_less_than_a_point_a_tied_player(sizes, tables):
    values = line_values(tables)
    ranks = ranks_of(sizes)
    awards = shared([*ranks, None], values)
    occupied = sum(values[: len(ranks)])
    assert occupied <= sum(awards) <= occupied + len(ranks) - len(sizes)
    assert awards[-1] == 0
    place = 0
    for size in sizes:
        if size == 1:
            assert awards[place] == (values[place] if place < len(values) else 0)
        place += size


# Properties of the tables


def assert_table(values: list[int], ceiling: int | None = None):
    assert values == sorted(values, reverse=True)
    assert all(value >= FLOOR for value in values)
    assert ceiling is None or all(value <= ceiling for value in values)


@given(st.integers(5, 300))
def test_en_ligne_values(tables):
    values = line_values(tables)
    assert len(values) == -(-tables // 2)
    assert_table(values, REGULARITY_CEILING)


@given(st.integers(1, 300))
def test_howell_values(tables):
    values = howell_values(tables)
    assert len(values) == 2 * tables
    assert_table(values)
    assert_table(place_values(values, Index.BASE, REGULARITY_CEILING), REGULARITY_CEILING)


@given(st.integers(1, 100), st.integers(0, 400))
def test_several_sessions_values(tables, players):
    assert_table(multi_session_values(tables, players))


@given(
    st.integers(5, 60),
    st.sampled_from([Index.BASE, Index.REGIONAL, Index.NATIONAL, Index.REGIONAL_FINAL]),
    st.sampled_from([REGULARITY_CEILING, REGIONAL_CHAMPIONSHIP_CEILING]),
)
def test_indexed_values(tables, index, ceiling):
    values = line_values(tables)
    indexed = place_values(values, index, ceiling)
    assert_table(indexed, ceiling)
    assert all(new >= old for new, old in zip(indexed, values, strict=True))


def test_the_table_cap_yields_to_the_ceiling_after_the_index():
    """26 tables: the printed table caps the 1st of a line at 2000 (80 x 26 = 2080); in a
    regional final (index 1.8, ceiling 5000) the place is 2080 x 1.8 = 3744."""
    assert line_values(26)[0] == 2000
    assert line_values(26, ceiling=None)[0] == 2080
    assert place_values(line_values(26, ceiling=None), Decimal("1.8"), 5000)[0] == 3744
