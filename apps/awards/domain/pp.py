"""Points de Performance (fascicule 3, ch. 5, « Attribution de PP »): « Les Points de
Performances sont attribués seulement dans certains tournois : Compétitions officielles
(phases régionales et finales nationales), Open nationaux, Grands festivals. »

- Regional championships: the séries tables (1ère série, 2ème série, Promotion, Senior) and
  the Open « feuille de calcul », both cut by the one-third rule.
- National finals: PCN and PP by place.
- National opens, and the grands festivals aligned on them.

Tables are keyed like the competitions: "1", "2", "P", "open", "senior", "jeunes", plus
"maitres" for the Tournoi des Maîtres. Places count from 1.
"""

from bisect import bisect_right
from fractions import Fraction
from math import floor
from typing import NamedTuple

# « POINT DE PERFORMANCE - PREMIERES SERIES / DEUXIEMES SERIES / PROMOTIONS / INDIVIDUEL
# SENIOR »: by number of participants at the first session, the PP of places 1 to 12.
SERIES_PP: dict[str, dict[int, tuple[int, ...]]] = {
    "1": {
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
    },
    "2": {
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
    },
    "P": {
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
    },
    "senior": {
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
    },
}

# The Open « feuille de calcul »: « Multiplier le nombre de joueurs de chaque série par le
# coefficient S » (1ère série 7, 2ème série 3, Promotion 1).
OPEN_COEFFICIENTS = {"1": 7, "2": 3, "P": 1}
# « pour avoir un potentiel supérieur à 100 licenciés. Sinon l'attribution est forfaitaire :
# 6 PP au premier, 4 PP au second, 2 PP au troisième. »
OPEN_POTENTIAL_THRESHOLD = 100
OPEN_FLAT_PP = (6, 4, 2)
OPEN_FIRST_RATE = Fraction("0.008")
# « Multiplier le nombre de PP du joueur précédent par le pourcentage indiqué »: places 2 to 10.
OPEN_FOLLOWING_PERCENTAGES = (70, 75, 80, 80, 80, 80, 80, 80, 80)


class PlaceBand(NamedTuple):
    """One line of a national final's table: places ``first`` to ``last`` inclusive.
    ``last`` is None for « 21ème à la moitié des joueurs » (Jeunes et Espoirs)."""

    first: int
    last: int | None
    pcn: int
    pp: int


# « Championnat de France Individuel Open » and « 1S » list the same awards for places 1 to 28.
_OPEN_AND_FIRST_SERIES_TOP = (
    PlaceBand(1, 1, 8000, 110),
    PlaceBand(2, 2, 7500, 88),
    PlaceBand(3, 3, 7000, 71),
    PlaceBand(4, 4, 6500, 62),
    PlaceBand(5, 5, 6000, 57),
    PlaceBand(6, 6, 5500, 53),
    PlaceBand(7, 7, 5000, 50),
    PlaceBand(8, 8, 4900, 48),
    PlaceBand(9, 9, 4800, 46),
    PlaceBand(10, 10, 4700, 44),
    PlaceBand(11, 11, 4600, 42),
    PlaceBand(12, 12, 4550, 41),
    PlaceBand(13, 13, 4500, 40),
    PlaceBand(14, 14, 4400, 39),
    PlaceBand(15, 15, 4300, 38),
    PlaceBand(16, 16, 4200, 37),
    PlaceBand(17, 17, 4100, 36),
    PlaceBand(18, 18, 4000, 35),
    PlaceBand(19, 19, 3900, 34),
    PlaceBand(20, 20, 3800, 33),
    PlaceBand(21, 21, 3700, 32),
    PlaceBand(22, 22, 3600, 31),
    PlaceBand(23, 23, 3500, 30),
    PlaceBand(24, 24, 3400, 29),
    PlaceBand(25, 25, 3300, 28),
    PlaceBand(26, 26, 3200, 27),
    PlaceBand(27, 27, 3100, 26),
    PlaceBand(28, 28, 3000, 25),
)

# The national finals' tables, read across their page breaks (the Open and Séniors tables
# repeat their header on each page). The Open table names every place up to the 112th; here
# consecutive places with the same awards are grouped. Places after the last line: (0, 0).
NATIONAL_FINALS: dict[str, tuple[PlaceBand, ...]] = {
    "open": (
        *_OPEN_AND_FIRST_SERIES_TOP,
        PlaceBand(29, 32, 1500, 10),
        PlaceBand(33, 36, 1400, 9),
        PlaceBand(37, 40, 1300, 8),
        PlaceBand(41, 44, 1200, 7),
        PlaceBand(45, 48, 1100, 6),
        PlaceBand(49, 52, 1000, 5),
        PlaceBand(53, 56, 900, 4),
        PlaceBand(57, 65, 800, 3),
        PlaceBand(66, 74, 700, 2),
        PlaceBand(75, 84, 600, 1),
        PlaceBand(85, 112, 500, 0),
    ),
    "1": (
        *_OPEN_AND_FIRST_SERIES_TOP,
        PlaceBand(29, 30, 1500, 10),
        PlaceBand(31, 32, 1400, 9),
        PlaceBand(33, 35, 1300, 8),
        PlaceBand(36, 38, 1200, 7),
        PlaceBand(39, 41, 1100, 6),
        PlaceBand(42, 44, 1000, 5),
        PlaceBand(45, 47, 900, 4),
        PlaceBand(48, 50, 800, 3),
        PlaceBand(51, 53, 700, 2),
        PlaceBand(54, 56, 600, 1),
    ),
    "2": (
        PlaceBand(1, 1, 5500, 55),
        PlaceBand(2, 2, 4700, 44),
        PlaceBand(3, 3, 4100, 36),
        PlaceBand(4, 4, 3600, 31),
        PlaceBand(5, 5, 3400, 29),
        PlaceBand(6, 6, 3200, 27),
        PlaceBand(7, 7, 3000, 25),
        PlaceBand(8, 8, 2900, 24),
        PlaceBand(9, 9, 2800, 23),
        PlaceBand(10, 10, 2700, 22),
        PlaceBand(11, 12, 2600, 21),
        PlaceBand(13, 14, 2500, 20),
        PlaceBand(15, 16, 2400, 19),
        PlaceBand(17, 18, 2300, 18),
        PlaceBand(19, 20, 2200, 17),
        PlaceBand(21, 22, 2100, 16),
        PlaceBand(23, 24, 2000, 15),
        PlaceBand(25, 26, 1900, 14),
        PlaceBand(27, 28, 1800, 13),
        PlaceBand(29, 32, 1000, 5),
        PlaceBand(33, 38, 900, 4),
        PlaceBand(39, 44, 800, 3),
        PlaceBand(45, 50, 700, 2),
        PlaceBand(51, 56, 600, 1),
    ),
    "P": (
        PlaceBand(1, 1, 3300, 28),
        PlaceBand(2, 2, 2700, 22),
        PlaceBand(3, 3, 2300, 18),
        PlaceBand(4, 4, 2100, 16),
        PlaceBand(5, 5, 2000, 15),
        PlaceBand(6, 6, 1900, 14),
        PlaceBand(7, 7, 1800, 13),
        PlaceBand(8, 9, 1700, 12),
        PlaceBand(10, 12, 1600, 11),
        PlaceBand(13, 16, 1500, 10),
        PlaceBand(17, 20, 1400, 9),
        PlaceBand(21, 24, 1300, 8),
        PlaceBand(25, 28, 1200, 7),
        PlaceBand(29, 32, 800, 3),
        PlaceBand(33, 44, 700, 2),
        PlaceBand(45, 56, 600, 1),
        PlaceBand(57, 84, 500, 0),
    ),
    "senior": (
        PlaceBand(1, 1, 4000, 15),
        PlaceBand(2, 2, 3400, 12),
        PlaceBand(3, 3, 3000, 10),
        PlaceBand(4, 4, 2600, 8),
        PlaceBand(5, 5, 2400, 7),
        PlaceBand(6, 6, 2200, 6),
        PlaceBand(7, 7, 2000, 5),
        PlaceBand(8, 8, 1800, 4),
        PlaceBand(9, 10, 1600, 3),
        PlaceBand(11, 14, 1400, 2),
        PlaceBand(15, 28, 1200, 1),
        PlaceBand(29, 84, 1000, 0),
    ),
    # « Juniors, Cadets, Benjamins et Espoirs »
    "jeunes": (
        PlaceBand(1, 1, 4000, 15),
        PlaceBand(2, 2, 3400, 12),
        PlaceBand(3, 3, 3000, 10),
        PlaceBand(4, 4, 2600, 8),
        PlaceBand(5, 5, 2400, 7),
        PlaceBand(6, 6, 2200, 6),
        PlaceBand(7, 7, 2000, 5),
        PlaceBand(8, 8, 1800, 4),
        PlaceBand(9, 10, 1600, 3),
        PlaceBand(11, 14, 1400, 2),
        PlaceBand(15, 20, 1200, 1),
        PlaceBand(21, None, 1000, 0),
    ),
    "maitres": (
        PlaceBand(1, 1, 2000, 5),
        PlaceBand(2, 2, 1800, 4),
        PlaceBand(3, 3, 1600, 3),
        PlaceBand(4, 4, 1400, 2),
        PlaceBand(5, 8, 1200, 1),
    ),
}

# « Attribution de PP lors des Open Nationaux », INDIVIDUELS: the columns' numbers of players.
NATIONAL_OPEN_PLAYERS = (100, 128, 152, 176, 200, 224, 248, 272, 296, 320, 344, 368, 392, 416)


class OpenBand(NamedTuple):
    """One line of the national opens' table: places ``first`` to ``last`` inclusive, and
    their PP in each column of ``NATIONAL_OPEN_PLAYERS`` (a blank cell: 0)."""

    first: int
    last: int
    pp: tuple[int, ...]


NATIONAL_OPEN_PP = (
    OpenBand(1, 1, (3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 6, 6, 6)),
    OpenBand(2, 2, (2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4)),
    OpenBand(3, 3, (2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4)),
    OpenBand(4, 4, (2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4)),
    OpenBand(5, 8, (1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)),
    OpenBand(9, 12, (1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2)),
    OpenBand(13, 16, (0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2)),
    OpenBand(17, 20, (0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)),
    OpenBand(21, 24, (0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1)),
    OpenBand(25, 28, (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1)),
)

# « Les P.P. ne sont attribués que sous réserve de l'application d'un indice 1,5. »
FESTIVAL_INDEX = 1.5


def _require_count(players: int) -> None:
    if players < 0:
        raise ValueError("un nombre de joueurs n'est jamais négatif")


def _require_place(place: int) -> None:
    if place < 1:
        raise ValueError("une place commence à 1")


def earning_places(first_session_players: int) -> int:
    """How many places may earn PP at a regional final: « 1/3 du nombre de participants à la
    première séance peut acquérir des P.P. », « Seulement 33% (arrondi supérieur) ».

    One third rounded up. « 33% » rounded up gives the same count up to 99 participants; past
    them, both exceed the 12 places of the longest table."""
    _require_count(first_session_players)
    return -(-first_session_players // 3)


def series_pp(table: str, first_session_players: int) -> list[int]:
    """The PP of places 1, 2, … at a regional séries or Senior final (« POINT DE PERFORMANCE »
    tables): the row of the largest listed count not above the first session's participants,
    the first row below it; then only the places the one-third rule lets earn PP."""
    if table not in SERIES_PP:
        raise ValueError(f"tableau de PP inconnu : {table}")
    rows = SERIES_PP[table]
    counts = sorted(rows)
    row = rows[counts[max(bisect_right(counts, first_session_players) - 1, 0)]]
    return list(row[: earning_places(first_session_players)])


def open_potential(first: int, second: int, promotion: int) -> int:
    """The committee's (or group's) potential, step 1 of the Open « feuille de calcul »: its
    1ère série, 2ème série and Promotion players weighted 7, 3 and 1."""
    return (
        first * OPEN_COEFFICIENTS["1"]
        + second * OPEN_COEFFICIENTS["2"]
        + promotion * OPEN_COEFFICIENTS["P"]
    )


def open_first_place_pp(potential: int, national_licensees: int) -> int:
    """The winner's PP, step 2 of the Open « feuille de calcul »: the potential plus « Nb
    licenciés FFT / 3 », times 0,008, « Arrondir ce nombre à la valeur entière immédiatement
    inférieure ». The third of the licensees is taken exactly, not rounded first."""
    return floor((potential + Fraction(national_licensees, 3)) * OPEN_FIRST_RATE)


def open_regional_pp(
    first: int, second: int, promotion: int, national_licensees: int, first_session_players: int
) -> list[int]:
    """The PP of places 1 to 10 at a regional Open final (« Championnats individuels Open »).

    Above a potential of 100, the « feuille de calcul »: the winner's PP (step 2), then each
    next place « le nombre de PP du joueur précédent » times 70 %, 75 %, then 80 %, rounded
    down (step 3; a 0 stays in the list). Otherwise the flat 6, 4, 2. Then only the places the
    one-third rule lets earn PP."""
    potential = open_potential(first, second, promotion)
    if potential > OPEN_POTENTIAL_THRESHOLD:
        awards = [open_first_place_pp(potential, national_licensees)]
        for percentage in OPEN_FOLLOWING_PERCENTAGES:
            awards.append(awards[-1] * percentage // 100)
    else:
        awards = list(OPEN_FLAT_PP)
    return awards[: earning_places(first_session_players)]


def national_final_awards(final: str, place: int, *, players: int | None = None) -> tuple[int, int]:
    """(PCN, PP) of a place at a national final; (0, 0) past the table's last line.

    ``players`` is needed only past the 20th place of the Jeunes et Espoirs final, whose last
    line runs « 21ème à la moitié des joueurs »: places up to half the players, i.e. at most
    ``players // 2``."""
    if final not in NATIONAL_FINALS:
        raise ValueError(f"finale nationale inconnue : {final}")
    _require_place(place)
    for band in NATIONAL_FINALS[final]:
        last = band.last
        if last is None:
            if players is None:
                raise ValueError("le nombre de joueurs est nécessaire au-delà de la 20ème place")
            last = players // 2
        if band.first <= place <= last:
            return band.pcn, band.pp
    return 0, 0


def national_open_pp(players: int, place: int) -> int:
    """The PP of a place at a national open (« Attribution de PP lors des Open Nationaux »,
    INDIVIDUELS): « forfaitaire, selon le nombre de joueurs ».

    The column of the largest listed number of players not above ``players``; above 416, the
    last. Below 100, none: the table starts at 100 and a national tournament requires
    « Participation d'au moins 100 joueurs » (« Tournois Nationaux - Indice 1,5 »)."""
    _require_count(players)
    _require_place(place)
    column = bisect_right(NATIONAL_OPEN_PLAYERS, players) - 1
    if column < 0:
        return 0
    for band in NATIONAL_OPEN_PP:
        if band.first <= place <= band.last:
            return band.pp[column]
    return 0


def festival_pp(players: int, place: int, index: float) -> int:
    """The PP of a place at a grand festival: « ne sont attribués que sous réserve de
    l'application d'un indice 1,5 », then « alignée sur les PP attribués lors des Open
    Nationaux, selon le nombre de joueurs »; 0 under any other index."""
    if index != FESTIVAL_INDEX:
        return 0
    return national_open_pp(players, place)
