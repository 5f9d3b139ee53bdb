"""Performance points (fascicule 3, ch. 5, « Attribution de PP »), without a database.

The tables below are copied cell for cell from the regulation, independently of the module's
data: each expected value comes from here, never from ``apps.awards.domain.pp``.
"""

from decimal import Decimal
from fractions import Fraction
from math import ceil, floor

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.awards.domain.pp import (
    earning_places,
    festival_pp,
    national_final_awards,
    national_open_pp,
    open_first_place_pp,
    open_potential,
    open_regional_pp,
    series_pp,
)

# « POINT DE PERFORMANCE - PREMIERES SERIES, DEUXIEMES SERIES, PROMOTIONS, INDIVIDUEL SENIOR »:
# participants at the first session → PP of places 1 to 12 (blank cells left out).
FIRST_SERIES_TABLE = {
    16: (20, 16, 13, 9, 7, 5),
    20: (21, 17, 14, 10, 7, 5, 4),
    24: (22, 18, 15, 10, 7, 5, 4, 3),
    28: (23, 19, 15, 11, 8, 6, 4, 3, 2, 2),
    32: (24, 20, 16, 11, 8, 6, 4, 3, 2, 2, 1),
    36: (25, 20, 16, 12, 8, 6, 4, 3, 2, 2, 1, 1),
    40: (25, 20, 16, 12, 8, 6, 4, 3, 2, 2, 1, 1),
    44: (25, 20, 16, 12, 8, 6, 4, 3, 2, 2, 1, 1),
    48: (25, 20, 16, 12, 8, 6, 4, 3, 2, 2, 1, 1),
    52: (25, 20, 16, 12, 8, 6, 4, 3, 2, 2, 1, 1),
}
SECOND_SERIES_TABLE = {
    16: (10, 8, 7, 5, 4, 3),
    20: (10, 8, 7, 5, 4, 3, 2),
    24: (11, 9, 8, 5, 4, 3, 2, 2),
    28: (11, 9, 8, 5, 4, 3, 2, 2, 1, 1),
    32: (12, 10, 8, 6, 4, 3, 2, 2, 1, 1, 1),
    36: (12, 10, 8, 6, 4, 3, 2, 2, 1, 1, 1, 1),
    40: (13, 11, 9, 6, 5, 3, 2, 2, 1, 1, 1, 1),
    44: (13, 11, 9, 6, 5, 3, 2, 2, 1, 1, 1, 1),
    48: (13, 11, 9, 6, 5, 3, 2, 2, 1, 1, 1, 1),
    52: (13, 11, 9, 6, 5, 3, 2, 2, 1, 1, 1, 1),
}
PROMOTION_SERIES_TABLE = {
    16: (5, 4, 4, 3, 2, 2),
    20: (5, 4, 4, 3, 2, 2, 1),
    24: (5, 4, 4, 3, 2, 2, 1, 1),
    28: (5, 4, 4, 3, 2, 2, 1, 1, 1, 1),
    32: (6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1),
    36: (6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1),
    40: (6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1),
    44: (6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1),
    48: (7, 6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1),
    52: (7, 6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1),
    56: (7, 6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1),
    60: (7, 6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1),
    64: (7, 6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1),
}
SENIOR_SERIES_TABLE = {
    16: (3, 3, 2, 2, 1, 1),
    20: (3, 3, 2, 2, 1, 1, 1),
    24: (3, 3, 2, 2, 1, 1, 1, 1),
    28: (3, 3, 2, 2, 1, 1, 1, 1, 1, 1),
    32: (4, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1),
    36: (4, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1),
    40: (4, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1),
    44: (4, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1, 1),
    48: (5, 4, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1),
    52: (5, 4, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1),
    56: (5, 4, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1),
    60: (5, 4, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1),
    64: (6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1),
    68: (6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1),
    72: (6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1),
    76: (6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1),
    80: (7, 6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1),
    84: (7, 6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1),
    88: (7, 6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1),
    92: (7, 6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1),
    96: (7, 6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1),
    100: (7, 6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1),
}
SERIES_TABLES = {
    "1": FIRST_SERIES_TABLE,
    "2": SECOND_SERIES_TABLE,
    "P": PROMOTION_SERIES_TABLE,
    "senior": SENIOR_SERIES_TABLE,
}

# National finals: (first place, last place, PCN, PP), one line of the regulation each.
OPEN_FINAL = (
    (1, 1, 8000, 110),
    (2, 2, 7500, 88),
    (3, 3, 7000, 71),
    (4, 4, 6500, 62),
    (5, 5, 6000, 57),
    (6, 6, 5500, 53),
    (7, 7, 5000, 50),
    (8, 8, 4900, 48),
    (9, 9, 4800, 46),
    (10, 10, 4700, 44),
    (11, 11, 4600, 42),
    (12, 12, 4550, 41),
    (13, 13, 4500, 40),
    (14, 14, 4400, 39),
    (15, 15, 4300, 38),
    (16, 16, 4200, 37),
    (17, 17, 4100, 36),
    (18, 18, 4000, 35),
    (19, 19, 3900, 34),
    (20, 20, 3800, 33),
    (21, 21, 3700, 32),
    (22, 22, 3600, 31),
    (23, 23, 3500, 30),
    (24, 24, 3400, 29),
    (25, 25, 3300, 28),
    (26, 26, 3200, 27),
    (27, 27, 3100, 26),
    (28, 28, 3000, 25),
    (29, 29, 1500, 10),
    (30, 30, 1500, 10),
    (31, 31, 1500, 10),
    (32, 32, 1500, 10),
    (33, 33, 1400, 9),
    (34, 34, 1400, 9),
    (35, 35, 1400, 9),
    (36, 36, 1400, 9),
    (37, 37, 1300, 8),
    (38, 38, 1300, 8),
    (39, 39, 1300, 8),
    (40, 40, 1300, 8),
    (41, 41, 1200, 7),
    (42, 42, 1200, 7),
    (43, 43, 1200, 7),
    (44, 44, 1200, 7),
    (45, 45, 1100, 6),
    (46, 46, 1100, 6),
    (47, 47, 1100, 6),
    (48, 48, 1100, 6),
    (49, 49, 1000, 5),
    (50, 50, 1000, 5),
    (51, 51, 1000, 5),
    (52, 52, 1000, 5),
    (53, 53, 900, 4),
    (54, 54, 900, 4),
    (55, 55, 900, 4),
    (56, 56, 900, 4),
    (57, 57, 800, 3),
    (58, 58, 800, 3),
    (59, 59, 800, 3),
    (60, 60, 800, 3),
    (61, 61, 800, 3),
    (62, 62, 800, 3),
    (63, 63, 800, 3),
    (64, 64, 800, 3),
    (65, 65, 800, 3),
    (66, 66, 700, 2),
    (67, 67, 700, 2),
    (68, 68, 700, 2),
    (69, 69, 700, 2),
    (70, 70, 700, 2),
    (71, 71, 700, 2),
    (72, 72, 700, 2),
    (73, 73, 700, 2),
    (74, 74, 700, 2),
    (75, 75, 600, 1),
    (76, 76, 600, 1),
    (77, 77, 600, 1),
    (78, 78, 600, 1),
    (79, 79, 600, 1),
    (80, 80, 600, 1),
    (81, 81, 600, 1),
    (82, 82, 600, 1),
    (83, 83, 600, 1),
    (84, 84, 600, 1),
    (85, 85, 500, 0),
    (86, 86, 500, 0),
    (87, 87, 500, 0),
    (88, 88, 500, 0),
    (89, 89, 500, 0),
    (90, 90, 500, 0),
    (91, 91, 500, 0),
    (92, 92, 500, 0),
    (93, 93, 500, 0),
    (94, 94, 500, 0),
    (95, 95, 500, 0),
    (96, 96, 500, 0),
    (97, 97, 500, 0),
    (98, 98, 500, 0),
    (99, 99, 500, 0),
    (100, 100, 500, 0),
    (101, 101, 500, 0),
    (102, 102, 500, 0),
    (103, 103, 500, 0),
    (104, 104, 500, 0),
    (105, 105, 500, 0),
    (106, 106, 500, 0),
    (107, 107, 500, 0),
    (108, 108, 500, 0),
    (109, 109, 500, 0),
    (110, 110, 500, 0),
    (111, 111, 500, 0),
    (112, 112, 500, 0),
)
FIRST_SERIES_FINAL = (
    (1, 1, 8000, 110),
    (2, 2, 7500, 88),
    (3, 3, 7000, 71),
    (4, 4, 6500, 62),
    (5, 5, 6000, 57),
    (6, 6, 5500, 53),
    (7, 7, 5000, 50),
    (8, 8, 4900, 48),
    (9, 9, 4800, 46),
    (10, 10, 4700, 44),
    (11, 11, 4600, 42),
    (12, 12, 4550, 41),
    (13, 13, 4500, 40),
    (14, 14, 4400, 39),
    (15, 15, 4300, 38),
    (16, 16, 4200, 37),
    (17, 17, 4100, 36),
    (18, 18, 4000, 35),
    (19, 19, 3900, 34),
    (20, 20, 3800, 33),
    (21, 21, 3700, 32),
    (22, 22, 3600, 31),
    (23, 23, 3500, 30),
    (24, 24, 3400, 29),
    (25, 25, 3300, 28),
    (26, 26, 3200, 27),
    (27, 27, 3100, 26),
    (28, 28, 3000, 25),
    (29, 30, 1500, 10),
    (31, 32, 1400, 9),
    (33, 35, 1300, 8),
    (36, 38, 1200, 7),
    (39, 41, 1100, 6),
    (42, 44, 1000, 5),
    (45, 47, 900, 4),
    (48, 50, 800, 3),
    (51, 53, 700, 2),
    (54, 56, 600, 1),
)
SECOND_SERIES_FINAL = (
    (1, 1, 5500, 55),
    (2, 2, 4700, 44),
    (3, 3, 4100, 36),
    (4, 4, 3600, 31),
    (5, 5, 3400, 29),
    (6, 6, 3200, 27),
    (7, 7, 3000, 25),
    (8, 8, 2900, 24),
    (9, 9, 2800, 23),
    (10, 10, 2700, 22),
    (11, 11, 2600, 21),
    (12, 12, 2600, 21),
    (13, 13, 2500, 20),
    (14, 14, 2500, 20),
    (15, 15, 2400, 19),
    (16, 16, 2400, 19),
    (17, 17, 2300, 18),
    (18, 18, 2300, 18),
    (19, 19, 2200, 17),
    (20, 20, 2200, 17),
    (21, 21, 2100, 16),
    (22, 22, 2100, 16),
    (23, 23, 2000, 15),
    (24, 24, 2000, 15),
    (25, 25, 1900, 14),
    (26, 26, 1900, 14),
    (27, 27, 1800, 13),
    (28, 28, 1800, 13),
    (29, 32, 1000, 5),
    (33, 38, 900, 4),
    (39, 44, 800, 3),
    (45, 50, 700, 2),
    (51, 56, 600, 1),
)
PROMOTION_FINAL = (
    (1, 1, 3300, 28),
    (2, 2, 2700, 22),
    (3, 3, 2300, 18),
    (4, 4, 2100, 16),
    (5, 5, 2000, 15),
    (6, 6, 1900, 14),
    (7, 7, 1800, 13),
    (8, 8, 1700, 12),
    (9, 9, 1700, 12),
    (10, 10, 1600, 11),
    (11, 11, 1600, 11),
    (12, 12, 1600, 11),
    (13, 13, 1500, 10),
    (14, 14, 1500, 10),
    (15, 15, 1500, 10),
    (16, 16, 1500, 10),
    (17, 17, 1400, 9),
    (18, 18, 1400, 9),
    (19, 19, 1400, 9),
    (20, 20, 1400, 9),
    (21, 21, 1300, 8),
    (22, 22, 1300, 8),
    (23, 23, 1300, 8),
    (24, 24, 1300, 8),
    (25, 25, 1200, 7),
    (26, 26, 1200, 7),
    (27, 27, 1200, 7),
    (28, 28, 1200, 7),
    (29, 32, 800, 3),
    (33, 44, 700, 2),
    (45, 56, 600, 1),
    (57, 84, 500, 0),
)
SENIOR_FINAL = (
    (1, 1, 4000, 15),
    (2, 2, 3400, 12),
    (3, 3, 3000, 10),
    (4, 4, 2600, 8),
    (5, 5, 2400, 7),
    (6, 6, 2200, 6),
    (7, 7, 2000, 5),
    (8, 8, 1800, 4),
    (9, 9, 1600, 3),
    (10, 10, 1600, 3),
    (11, 11, 1400, 2),
    (12, 12, 1400, 2),
    (13, 13, 1400, 2),
    (14, 14, 1400, 2),
    (15, 15, 1200, 1),
    (16, 16, 1200, 1),
    (17, 17, 1200, 1),
    (18, 18, 1200, 1),
    (19, 19, 1200, 1),
    (20, 20, 1200, 1),
    (21, 21, 1200, 1),
    (22, 22, 1200, 1),
    (23, 23, 1200, 1),
    (24, 24, 1200, 1),
    (25, 25, 1200, 1),
    (26, 26, 1200, 1),
    (27, 27, 1200, 1),
    (28, 28, 1200, 1),
    (29, 84, 1000, 0),
)
# « Juniors, Cadets, Benjamins et Espoirs »; None: « 21ème à la moitié des joueurs ».
YOUTH_FINAL = (
    (1, 1, 4000, 15),
    (2, 2, 3400, 12),
    (3, 3, 3000, 10),
    (4, 4, 2600, 8),
    (5, 5, 2400, 7),
    (6, 6, 2200, 6),
    (7, 7, 2000, 5),
    (8, 8, 1800, 4),
    (9, 9, 1600, 3),
    (10, 10, 1600, 3),
    (11, 11, 1400, 2),
    (12, 12, 1400, 2),
    (13, 13, 1400, 2),
    (14, 14, 1400, 2),
    (15, 15, 1200, 1),
    (16, 16, 1200, 1),
    (17, 17, 1200, 1),
    (18, 18, 1200, 1),
    (19, 19, 1200, 1),
    (20, 20, 1200, 1),
    (21, None, 1000, 0),
)
MASTERS_FINAL = (
    (1, 1, 2000, 5),
    (2, 2, 1800, 4),
    (3, 3, 1600, 3),
    (4, 4, 1400, 2),
    (5, 5, 1200, 1),
    (6, 6, 1200, 1),
    (7, 7, 1200, 1),
    (8, 8, 1200, 1),
)
NATIONAL_FINAL_TABLES = {
    "open": OPEN_FINAL,
    "1": FIRST_SERIES_FINAL,
    "2": SECOND_SERIES_FINAL,
    "P": PROMOTION_FINAL,
    "senior": SENIOR_FINAL,
    "jeunes": YOUTH_FINAL,
    "maitres": MASTERS_FINAL,
}

# « Attribution de PP lors des Open Nationaux », INDIVIDUELS: (first place, last place, PP
# for each number of players), None for a blank cell.
OPEN_PLAYERS = (100, 128, 152, 176, 200, 224, 248, 272, 296, 320, 344, 368, 392, 416)
NATIONAL_OPEN_TABLE = (
    (1, 1, (3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6, 6)),
    (2, 2, (2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4)),
    (3, 3, (2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4)),
    (4, 4, (2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4)),
    (5, 8, (1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)),
    (9, 12, (1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)),
    (13, 16, (None, None, None, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2)),
    (17, 20, (None, None, None, None, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)),
    (21, 24, (None, None, None, None, None, None, None, None, 1, 1, 1, 1, 1, 1)),
    (25, 28, (None, None, None, None, None, None, None, None, None, None, None, 1, 1, 1)),
)

# The Open « feuille de calcul »: « Nb licenciés FFT / 3 : 2637 ( 2637 pour la saison
# 2008-2009 ) », hence 7911 licensees.
SHEET_LICENSEES_THIRD = 2637
SHEET_LICENSEES = 3 * SHEET_LICENSEES_THIRD


def one_third(players):
    return ceil(Fraction(players, 3))


def expected_series_row(table, players):
    """The row of the largest listed count not above ``players``, the first row below it."""
    listed = [count for count in sorted(table) if count <= players]
    return table[listed[-1] if listed else min(table)]


def expected_final(final, players=None):
    """{place: (PCN, PP)} for every place the final's table names."""
    expected = {}
    for first, last, pcn, pp in NATIONAL_FINAL_TABLES[final]:
        for place in range(first, (players // 2 if last is None else last) + 1):
            expected[place] = (pcn, pp)
    return expected


def expected_open_pp(players, place):
    column = max((i for i, count in enumerate(OPEN_PLAYERS) if count <= players), default=None)
    if column is None:
        return 0
    for first, last, cells in NATIONAL_OPEN_TABLE:
        if first <= place <= last:
            return cells[column] or 0
    return 0


# Regional séries and Senior finals


@pytest.mark.parametrize(
    ("table", "players"),
    [(table, players) for table, rows in SERIES_TABLES.items() for players in rows],
)
def test_series_pp_gives_each_listed_row(table, players):
    assert series_pp(table, players) == list(SERIES_TABLES[table][players])


@pytest.mark.parametrize(
    ("table", "players"),
    [(table, players) for table, rows in SERIES_TABLES.items() for players in rows],
)
def test_each_listed_row_has_as_many_places_as_the_one_third_rule_allows(table, players):
    assert len(SERIES_TABLES[table][players]) == min(one_third(players), 12)


@pytest.mark.parametrize(
    ("table", "players", "expected"),
    [
        # Below the first row: the first row, cut by the one-third rule.
        ("1", 0, []),
        ("1", 1, [20]),
        ("1", 12, [20, 16, 13, 9]),
        ("1", 15, [20, 16, 13, 9, 7]),
        ("senior", 14, [3, 3, 2, 2, 1]),
        # Between rows: the row below.
        ("1", 19, [20, 16, 13, 9, 7, 5]),
        ("2", 22, [10, 8, 7, 5, 4, 3, 2]),
        ("2", 27, [11, 9, 8, 5, 4, 3, 2, 2]),
        ("P", 47, [6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1]),
        ("senior", 79, [6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1, 1]),
        # Above the last row: the last row.
        ("1", 60, [25, 20, 16, 12, 8, 6, 4, 3, 2, 2, 1, 1]),
        ("2", 200, [13, 11, 9, 6, 5, 3, 2, 2, 1, 1, 1, 1]),
        ("P", 65, [7, 6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1]),
        ("senior", 150, [7, 6, 5, 4, 3, 2, 2, 1, 1, 1, 1, 1]),
    ],
)
def test_series_pp_row_choice(table, players, expected):
    assert series_pp(table, players) == expected


@given(st.sampled_from(sorted(SERIES_TABLES)), st.integers(min_value=0, max_value=300))
def test_series_pp_is_the_chosen_row_cut_at_one_third(table, players):
    expected = expected_series_row(SERIES_TABLES[table], players)[: one_third(players)]
    assert series_pp(table, players) == list(expected)


@pytest.mark.parametrize(
    ("players", "places"), [(0, 0), (1, 1), (3, 1), (4, 2), (15, 5), (16, 6), (20, 7), (36, 12)]
)
def test_one_third_of_the_first_session_rounded_up(players, places):
    assert earning_places(players) == places


def test_one_third_rule_caps_the_series_tables():
    assert len(series_pp("1", 16)) == 6
    assert len(series_pp("1", 20)) == 7
    assert len(series_pp("senior", 17)) == 6
    assert len(series_pp("P", 23)) == 7


@given(st.integers(min_value=0, max_value=10_000))
def test_one_third_and_33_percent_agree_on_every_table(players):
    # « 1/3 du nombre de participants » and « 33% (arrondi supérieur) »: the longest table
    # has 12 places.
    assert min(earning_places(players), 12) == min(ceil(Fraction(33, 100) * players), 12)


def test_series_pp_refuses_an_unknown_table_or_a_negative_count():
    with pytest.raises(ValueError):
        series_pp("open", 20)
    with pytest.raises(ValueError):
        series_pp("1", -1)


# Regional Open finals: the « feuille de calcul »


def test_potential_weights_the_series_7_3_1():
    assert open_potential(0, 0, 0) == 0
    assert open_potential(1, 0, 0) == 7
    assert open_potential(0, 1, 0) == 3
    assert open_potential(0, 0, 1) == 1
    assert open_potential(10, 20, 30) == 160


def test_the_sheets_worked_numbers():
    # « Potentiel : 0 », « Nb licenciés FFT / 3 : 2637 », « 2637 x 0,008 = » 21.096, rounded
    # down.
    assert open_first_place_pp(0, SHEET_LICENSEES) == 21


def test_first_place_adds_the_potential_to_a_third_of_the_licensees():
    # (280 + 2637) x 0,008 = 23.336
    assert open_first_place_pp(280, SHEET_LICENSEES) == 23
    # (113 + 2637) x 0,008 = 22 exactly
    assert open_first_place_pp(113, SHEET_LICENSEES) == 22
    # The third is exact: (0 + 7874 / 3) x 0,008 = 20.997…
    assert open_first_place_pp(0, 7874) == 20


def test_open_following_places_from_the_sheets_first_place():
    # Potential 7 x 14 + 3 x 1 = 101: (101 + 2637) x 0,008 = 21.904 → 21, then x 70 %, x 75 %
    # and x 80 %, each rounded down: 14.7, 10.5, 8, 6.4, 4.8, 3.2, 2.4, 1.6, 0.8.
    assert open_regional_pp(14, 1, 0, SHEET_LICENSEES, 30) == [21, 14, 10, 8, 6, 4, 3, 2, 1, 0]


def test_open_with_a_larger_potential():
    # 7 x 20 + 3 x 30 + 50 = 280: (280 + 2637) x 0,008 = 23.336.
    assert open_regional_pp(20, 30, 50, SHEET_LICENSEES, 40) == [23, 16, 12, 9, 7, 5, 4, 3, 2, 1]


@pytest.mark.parametrize(
    ("first", "second", "promotion"),
    [(0, 0, 0), (10, 10, 0), (0, 0, 100), (14, 0, 1), (10, 9, 2)],
)
def test_open_is_flat_up_to_a_potential_of_100(first, second, promotion):
    # « pour avoir un potentiel supérieur à 100 licenciés. Sinon l'attribution est
    # forfaitaire : 6 PP au premier, 4 PP au second, 2 PP au troisième. »
    assert 7 * first + 3 * second + promotion <= 100
    assert open_regional_pp(first, second, promotion, SHEET_LICENSEES, 40) == [6, 4, 2]


def test_open_exactly_100_is_flat_and_101_is_not():
    assert open_regional_pp(0, 0, 100, SHEET_LICENSEES, 40) == [6, 4, 2]
    assert open_regional_pp(0, 0, 101, SHEET_LICENSEES, 40)[0] == 21


@pytest.mark.parametrize(
    ("players", "expected"),
    [
        (0, []),
        (3, [21]),
        (16, [21, 14, 10, 8, 6, 4]),
        (20, [21, 14, 10, 8, 6, 4, 3]),
        (28, [21, 14, 10, 8, 6, 4, 3, 2, 1, 0]),
        (100, [21, 14, 10, 8, 6, 4, 3, 2, 1, 0]),
    ],
)
def test_open_keeps_one_third_of_the_first_session(players, expected):
    assert open_regional_pp(14, 1, 0, SHEET_LICENSEES, players) == expected


@pytest.mark.parametrize(
    ("players", "expected"), [(3, [6]), (4, [6, 4]), (6, [6, 4]), (7, [6, 4, 2])]
)
def test_flat_open_keeps_one_third_of_the_first_session(players, expected):
    assert open_regional_pp(1, 1, 1, SHEET_LICENSEES, players) == expected


@given(
    st.integers(min_value=0, max_value=200),
    st.integers(min_value=0, max_value=300),
    st.integers(min_value=0, max_value=600),
    st.integers(min_value=0, max_value=30_000),
)
def test_open_follows_the_sheet(first, second, promotion, licensees):
    potential = 7 * first + 3 * second + promotion
    awards = open_regional_pp(first, second, promotion, licensees, 1000)
    if potential <= 100:
        assert awards == [6, 4, 2]
        return
    assert awards[0] == floor((potential + Fraction(licensees, 3)) * Fraction(8, 1000))
    percentages = [70, 75, 80, 80, 80, 80, 80, 80, 80]
    assert len(awards) == 10
    for previous, current, percentage in zip(awards[:-1], awards[1:], percentages, strict=True):
        assert current == floor(Fraction(previous * percentage, 100))


# National finals


@pytest.mark.parametrize("final", sorted(set(NATIONAL_FINAL_TABLES) - {"jeunes"}))
def test_national_final_awards_place_by_place(final):
    expected = expected_final(final)
    assert {place: national_final_awards(final, place) for place in expected} == expected


@pytest.mark.parametrize("players", [40, 41, 42, 45, 60, 200])
def test_youth_final_place_by_place(players):
    expected = expected_final("jeunes", players)
    got = {place: national_final_awards("jeunes", place, players=players) for place in expected}
    assert got == expected


@pytest.mark.parametrize("final", sorted(set(NATIONAL_FINAL_TABLES) - {"jeunes"}))
def test_places_past_a_national_final_table_earn_nothing(final):
    last = NATIONAL_FINAL_TABLES[final][-1][1]
    assert national_final_awards(final, last + 1) == (0, 0)
    assert national_final_awards(final, 1000) == (0, 0)


@pytest.mark.parametrize(
    ("final", "places", "awards"),
    [
        ("1", range(29, 31), (1500, 10)),
        ("1", range(54, 57), (600, 1)),
        ("2", range(11, 13), (2600, 21)),
        ("2", range(33, 39), (900, 4)),
        ("P", range(33, 45), (700, 2)),
        ("P", range(57, 85), (500, 0)),
        ("senior", range(11, 15), (1400, 2)),
        ("senior", range(29, 85), (1000, 0)),
        ("open", range(85, 113), (500, 0)),
        ("maitres", range(5, 9), (1200, 1)),
    ],
)
def test_every_place_of_a_range(final, places, awards):
    assert [national_final_awards(final, place) for place in places] == [awards] * len(places)


def test_youth_final_runs_to_half_the_players():
    # « 21ème à la moitié des joueurs »
    assert national_final_awards("jeunes", 22, players=45) == (1000, 0)
    assert national_final_awards("jeunes", 23, players=45) == (0, 0)
    assert national_final_awards("jeunes", 30, players=60) == (1000, 0)
    assert national_final_awards("jeunes", 31, players=60) == (0, 0)
    assert national_final_awards("jeunes", 20, players=30) == (1200, 1)
    assert national_final_awards("jeunes", 21, players=30) == (0, 0)


def test_youth_final_needs_the_players_only_past_the_20th():
    assert national_final_awards("jeunes", 20) == (1200, 1)
    with pytest.raises(ValueError):
        national_final_awards("jeunes", 21)


def test_national_final_awards_refuses_an_unknown_final_or_place():
    with pytest.raises(ValueError):
        national_final_awards("espoirs", 1)
    with pytest.raises(ValueError):
        national_final_awards("open", 0)


# National opens and grands festivals


@pytest.mark.parametrize(("column", "players"), list(enumerate(OPEN_PLAYERS)))
def test_national_open_pp_cell_by_cell(column, players):
    expected = {}
    for first, last, cells in NATIONAL_OPEN_TABLE:
        for place in range(first, last + 1):
            expected[place] = cells[column] or 0
    expected[NATIONAL_OPEN_TABLE[-1][1] + 1] = 0
    assert {place: national_open_pp(players, place) for place in expected} == expected


@pytest.mark.parametrize(
    ("players", "column_players"),
    [(127, 100), (128, 128), (150, 128), (415, 392), (416, 416), (1000, 416)],
)
def test_national_open_uses_the_largest_count_not_above(players, column_players):
    for place in range(1, 30):
        assert national_open_pp(players, place) == national_open_pp(column_players, place)


def test_national_open_below_100_players_earns_nothing():
    # « Tournois Nationaux - Indice 1,5 … Participation d'au moins 100 joueurs »
    assert [national_open_pp(99, place) for place in range(1, 30)] == [0] * 29
    assert national_open_pp(0, 1) == 0
    assert national_open_pp(100, 1) == 3


@given(st.integers(min_value=0, max_value=600), st.integers(min_value=1, max_value=40))
def test_national_open_pp_matches_the_table(players, place):
    assert national_open_pp(players, place) == expected_open_pp(players, place)


@pytest.mark.parametrize("index", [1.5, Decimal("1.5"), Fraction(3, 2)])
def test_festival_with_index_1_5_is_aligned_on_the_opens(index):
    for players in (99, 100, 150, 300, 416, 500):
        for place in range(1, 30):
            assert festival_pp(players, place, index) == expected_open_pp(players, place)


@pytest.mark.parametrize("index", [1, 1.2, 2, 3])
def test_festival_without_index_1_5_earns_nothing(index):
    # « Les P.P. ne sont attribués que sous réserve de l'application d'un indice 1,5. »
    assert [festival_pp(416, place, index) for place in range(1, 30)] == [0] * 29
