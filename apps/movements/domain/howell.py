"""Howell movements (fascicule 3, ch. 3 « Mouvements spéciaux »): Howell 3 and 4 tables,
and 2 or 3 parallel Howell tournaments of 4 tables (« mouvement à 2x4 / 3x4 tables »).

Players move by the regulation's placement tables. At each position every table deals one
new étui, numbered from the position's first étui in table order, and the étuis go down one
table after each donne until every table has played all of them. The optional 4th étui of
Howell 3 tables starts off the tables and joins the same round (a relay after table 3).
"""

from apps.movements.domain.etuis import REPEAT_FROM
from apps.movements.domain.line import positions_checked
from apps.movements.domain.model import (
    COLOURS,
    MovementType,
    Position,
    SectionMovement,
    TablePlay,
    UnsupportedMovement,
)

Seating = tuple[tuple[int, int, int, int], ...]  # per table: Nord, Sud, Est, Ouest

# « Individuel Howell 3 tables », 12 players, 7 positions.
HOWELL_3: tuple[Seating, ...] = (
    ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12)),
    ((2, 9, 8, 5), (4, 10, 7, 12), (1, 6, 11, 3)),
    ((9, 4, 2, 6), (7, 5, 12, 1), (8, 10, 11, 3)),
    ((3, 5, 12, 4), (1, 10, 8, 9), (2, 7, 6, 11)),
    ((1, 8, 6, 12), (11, 5, 4, 9), (10, 2, 7, 3)),
    ((5, 10, 2, 1), (11, 8, 4, 7), (6, 3, 9, 12)),
    ((2, 11, 12, 8), (6, 4, 10, 5), (7, 3, 9, 1)),
)
# « Individuel Howell 4 tables », 16 players, 5 positions.
HOWELL_4: tuple[Seating, ...] = (
    ((1, 2, 3, 4), (5, 6, 7, 8), (9, 10, 11, 12), (13, 14, 15, 16)),
    ((1, 8, 10, 15), (16, 9, 7, 2), (6, 3, 13, 12), (11, 14, 4, 5)),
    ((1, 7, 12, 14), (15, 9, 6, 4), (8, 2, 13, 11), (10, 16, 3, 5)),
    ((1, 6, 11, 16), (14, 9, 8, 3), (7, 4, 13, 10), (12, 15, 2, 5)),
    ((1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15), (4, 8, 12, 16)),
)
SEATINGS = {3: HOWELL_3, 4: HOWELL_4}
PLAYERS_PER_SECTION = 16  # the 2nd Howell section numbers its players from 17, the 3rd from 33

# First étui of each position for tournaments A, B and C (« Individuel mouvement à 2x4
# tables » and « 3x4 tables »); each plays 4 étuis from there. The regulation heads the 3rd
# column of the 3x4 table « Tournoi A (N°33 à N°48) »: it is tournament C.
PARALLEL_FIRST_ETUIS = {
    2: ((1, 5, 9, 13, 17), (5, 1, 17, 9, 13)),
    3: ((1, 5, 9, 13, 17), (5, 1, 17, 9, 13), (25, 29, 13, 17, 9)),
}
PARALLEL_NAMES = COLOURS[:3]  # tournaments A, B, C
PARALLEL_ETUIS_PER_POSITION = 4


def _table_etuis(first: int, count: int, table: int) -> tuple[int, ...]:
    """The étuis a table plays during a position, in playing order: it deals étui
    first + table - 1, then receives each time the étui of the next table, since every
    donne goes down one table (« en faisant descendre chaque donne d'une table »)."""
    return tuple(first + (table - 1 + turn) % count for turn in range(count))


def parallel_deal(etui: int) -> int:
    """The deal an étui holds in parallel Howell tournaments: in 3x4, étuis 25 to 32
    duplicate étuis 1 to 8 (« Les étuis 25 à 32 sont utilisés pour dupliquer les étuis 1 à
    8 »). Elsewhere étuis 25… are other deals prepared like 1… (« 1 ou 25 »)."""
    return etui - REPEAT_FROM + 1 if etui >= REPEAT_FROM else etui


def _position(
    number: int, seating: Seating, first_player: int, first_etui: int, etuis: int
) -> Position:
    def name(player: int) -> str:
        return str(first_player - 1 + player)

    return Position(
        number,
        tuple(
            TablePlay(table, *map(name, seats), _table_etuis(first_etui, etuis, table))
            for table, seats in enumerate(seating, start=1)
        ),
    )


def howell_movement(
    tables: int,
    positions: int | None = None,
    name: str = "Rouge",
    first_player: int = 1,
    duplicate_fourth: bool = False,
) -> SectionMovement:
    """Howell 3 tables (7 positions of 3 étuis, or 4 with the optional 4th étui so that each
    player takes in turn) or Howell 4 tables (5 positions of 4 étuis), position p playing
    the étuis that follow those of position p - 1. The fiches individuelles of Howell 3
    number its étuis 3 by 3 (« jeu attaqué »; player 3's fiche prints 5 for étui 15 at
    position 5); with the 4th étui they go 4 by 4, up to 28."""
    if tables not in SEATINGS:
        raise UnsupportedMovement("le mouvement Howell se joue à 3 ou 4 tables")
    if duplicate_fourth and tables != 3:
        raise UnsupportedMovement("le 4e jeu ne se prépare qu'au Howell 3 tables")
    seating = SEATINGS[tables]
    count = positions_checked(positions, len(seating), tables)
    etuis = tables + 1 if duplicate_fourth else tables
    return SectionMovement(
        name,
        MovementType.HOWELL,
        tables,
        tuple(
            _position(index + 1, seating[index], first_player, index * etuis + 1, etuis)
            for index in range(count)
        ),
    )


def parallel_howell_movements(
    sections: int, positions: int | None = None
) -> tuple[SectionMovement, ...]:
    """2 or 3 Howell tournaments of 4 tables sharing one étui set, played by the
    regulation's étui schedule. The fiches of tournaments B and C seat their players for a
    set of deals as the Howell 4 tables seats tournament A for the same deals."""
    if sections not in PARALLEL_FIRST_ETUIS:
        raise UnsupportedMovement("les tournois Howell parallèles se jouent à 2 ou 3 tournois")
    count = positions_checked(positions, len(HOWELL_4), 4)
    return tuple(
        SectionMovement(
            name,
            MovementType.HOWELL,
            4,
            tuple(
                _position(
                    index + 1,
                    HOWELL_4[(parallel_deal(first) - 1) // PARALLEL_ETUIS_PER_POSITION],
                    section * PLAYERS_PER_SECTION + 1,
                    first,
                    PARALLEL_ETUIS_PER_POSITION,
                )
                for index, first in enumerate(schedule[:count])
            ),
        )
        for section, (name, schedule) in enumerate(
            zip(PARALLEL_NAMES, PARALLEL_FIRST_ETUIS[sections], strict=False)
        )
    )
