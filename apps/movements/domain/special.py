"""The special en ligne movements for 6, 8 and 9 tables and the hybrid 9 tables (fascicule 3,
ch. 3 « Mouvements spéciaux »).

Nord stays and Sud goes up one table at every position, as in the prime movement; Est,
Ouest and the étuis move by amounts that change from one position to the next, as each
movement's « Tableau récapitulatif des mouvements des joueurs et étuis » prints them.
The étuis are laid out as for the prime movement (« Les étuis se disposent de la même
façon dans l'ordre pour 6, 8 et 9 tables »): table t starts with série t, the étuis
4(t-1)+1 … 4t, and the « Série k » of the control tables is that set.
"""

from apps.movements.domain.howell import howell_movement
from apps.movements.domain.line import (
    etuis_per_table,
    positions_checked,
    prime_line_movement,
    table_etuis,
)
from apps.movements.domain.model import (
    SEATS,
    MovementType,
    Position,
    SectionMovement,
    TablePlay,
)

# Tables moved since the start, in the order Nord, Sud, Est, Ouest, étuis.
Offsets = tuple[int, int, int, int, int]
# Moves into a position, in tables: Sud, Est, Ouest, étuis (Nord stays).
Moves = tuple[int, int, int, int]

# « Tableau récapitulatif », one row per position from the 2nd.
SIX_TABLE_MOVES: tuple[Moves, ...] = (
    (1, 2, -1, -3),
    (1, 3, -1, -2),
    (1, 2, -2, -3),
    (1, 2, -1, -2),
)
EIGHT_TABLE_MOVES: tuple[Moves, ...] = (
    (1, 2, -2, -1),
    (1, 2, -3, -2),
    (1, 2, -2, -1),
    (1, 3, -2, -1),
    (1, 2, -3, -1),
)
NINE_TABLE_MOVES: tuple[Moves, ...] = (
    (1, 2, -2, -1),
    (1, 2, -2, -1),
    (1, 3, -3, -1),
    (1, 3, -3, -1),
    (1, 2, -2, -1),
    (1, 2, -2, -1),
)
# 6 tables, « Position de duplication »: before it Sud +2, Est +1, étuis -1, Ouest fixed;
# after it everyone moves back to the start of the 1st position.
SIX_TABLE_DUPLICATION: Offsets = (0, 2, 1, 0, -1)


def _table_plays(tables: int, offsets: Offsets) -> tuple[TablePlay, ...]:
    """Every table once each line and the étuis have moved offsets tables from the start."""
    *moved, etuis_moved = offsets
    seated: dict[int, dict[str, str]] = {t: {} for t in range(1, tables + 1)}
    for seat, offset in zip(SEATS, moved, strict=True):
        for start in range(1, tables + 1):
            seated[(start - 1 + offset) % tables + 1][seat] = f"{seat}{start}"
    per_table = etuis_per_table(tables)
    return tuple(
        TablePlay(
            table,
            *(seated[table][seat] for seat in SEATS),
            # Série s sits at table s + etuis_moved, so table t holds série t - etuis_moved.
            table_etuis((table - 1 - etuis_moved) % tables + 1, per_table),
        )
        for table in range(1, tables + 1)
    )


def _special_line(
    tables: int,
    moves: tuple[Moves, ...],
    positions: int | None,
    name: str,
    before: tuple[Position, ...] = (),
) -> SectionMovement:
    """The movement that applies moves position after position; before comes first."""
    count = positions_checked(positions, len(moves) + 1, tables)
    offsets: Offsets = (0, 0, 0, 0, 0)
    rounds = [Position(1, _table_plays(tables, offsets))]
    for number, (south, east, west, etuis) in enumerate(moves[: count - 1], start=2):
        offsets = (0, offsets[1] + south, offsets[2] + east, offsets[3] + west, offsets[4] + etuis)
        rounds.append(Position(number, _table_plays(tables, offsets)))
    return SectionMovement(name, MovementType.LINE, tables, before + tuple(rounds))


def six_table_movement(
    positions: int | None = None, duplication: bool = False, name: str = "Rouge"
) -> SectionMovement:
    """« Individuel mouvement à 6 tables »: 24 étuis, at most 5 positions of 4 donnes.

    With duplication, position 0 comes first: each table duplicates the série its four
    players will never play, then everyone returns to the start of the 1st position.
    """
    before = (Position(0, _table_plays(6, SIX_TABLE_DUPLICATION)),) if duplication else ()
    return _special_line(6, SIX_TABLE_MOVES, positions, name, before)


def eight_table_movement(positions: int | None = None, name: str = "Rouge") -> SectionMovement:
    """« Individuel mouvement à 8 tables », en ligne: 32 étuis, at most 6 positions."""
    return _special_line(8, EIGHT_TABLE_MOVES, positions, name)


def nine_table_movement(positions: int | None = None, name: str = "Rouge") -> SectionMovement:
    """« Individuel mouvement à 9 tables », en ligne: 36 étuis, at most 7 positions."""
    return _special_line(9, NINE_TABLE_MOVES, positions, name)


def hybrid_nine_movement(
    positions: int | None = None, names: tuple[str, str] = ("Rouge", "Vert")
) -> tuple[SectionMovement, SectionMovement]:
    """« Tournoi hybride 5 et 4 tables » (« Individuel mouvement à 9 tables »): a 5-table
    en ligne section and a 4-table Howell section, up to 5 positions of the same 20 donnes.

    The en ligne tables start with the étuis 1-4 … 17-20; the Howell tables all play the
    étuis 4(p-1)+1 … 4p at position p.
    """
    line_name, howell_name = names
    return (
        prime_line_movement(5, positions, line_name),
        howell_movement(4, positions, name=howell_name),
    )
