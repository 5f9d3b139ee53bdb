"""The en ligne movement for a prime number of tables 5, 7, 11, 13, 17, 19 (fascicule 3,
ch. 3 « Mouvements des joueurs et des étuis »): Nord stays, Sud goes up one table, Est up
two, Ouest down two, and the étuis go down one table. Table t starts with the étuis
numbered (t-1)·k+1 … t·k, k = 4 étuis per table up to 9 tables and 2 from 11 tables.
At most as many positions as tables."""

from dataclasses import replace

from apps.movements.domain.model import (
    MovementType,
    Position,
    SectionMovement,
    TablePlay,
    UnsupportedMovement,
)

PRIME_TABLES = (5, 7, 11, 13, 17, 19)
# Moves per position, in tables: Nord, Sud, Est, Ouest, then the étuis.
NORTH_MOVE, SOUTH_MOVE, EAST_MOVE, WEST_MOVE, ETUIS_MOVE = 0, 1, 2, -2, -1


def etuis_per_table(tables: int) -> int:
    return 4 if tables <= 9 else 2


# What a tournament may choose instead of the regulation's count (« nombre d'étuis prévus
# à chaque position »), except at 7 tables where 4 are compulsory.
ETUIS_CHOICES = (2, 4)
SEVEN_TABLES = 7


def etuis_regrouped(section: SectionMovement, per_table: int) -> SectionMovement:
    """The en ligne section with ``per_table`` étuis a table instead of the regulation's
    count: each série keeps its place and takes the numbers of its rank (série s:
    (s-1)·k+1 … s·k, the highest being the table number times k). At 7 tables 4 étuis are
    compulsory, so that no player takes against the three others alone."""
    regulation = etuis_per_table(section.tables)
    if per_table not in ETUIS_CHOICES:
        raise UnsupportedMovement(
            f"{per_table} étuis par table : {' ou '.join(map(str, ETUIS_CHOICES))} étuis par table"
        )
    if section.tables == SEVEN_TABLES and per_table != 4:
        raise UnsupportedMovement("à 7 tables, il est obligatoire de jouer 4 étuis par table")
    if per_table == regulation:
        return section

    def regrouped(play: TablePlay) -> TablePlay:
        serie = (min(play.etuis) - 1) // regulation + 1
        return replace(play, etuis=table_etuis(serie, per_table))

    return replace(
        section,
        positions=tuple(
            replace(position, tables=tuple(regrouped(play) for play in position.tables))
            for position in section.positions
        ),
    )


def table_etuis(table: int, per_table: int) -> tuple[int, ...]:
    """The étuis a table starts with: the highest is the table number times étuis per table."""
    return tuple(range((table - 1) * per_table + 1, table * per_table + 1))


def positions_checked(requested: int | None, maximum: int, tables: int) -> int:
    """The number of positions to play: all of them unless the referee asks for fewer."""
    if requested is None:
        return maximum
    if not 1 <= requested <= maximum:
        raise UnsupportedMovement(
            f"{requested} positions demandées : à {tables} tables, de 1 à {maximum} positions"
        )
    return requested


def _at(start: int, move: int, round_index: int, tables: int) -> int:
    """The table (1-based) reached from start after round_index moves of move tables."""
    return (start - 1 + move * round_index) % tables + 1


def prime_line_movement(
    tables: int, positions: int | None = None, name: str = "Rouge"
) -> SectionMovement:
    if tables not in PRIME_TABLES:
        raise UnsupportedMovement(
            f"le mouvement en ligne simple se joue à {', '.join(map(str, PRIME_TABLES))} tables"
        )
    count = positions_checked(positions, tables, tables)
    per_table = etuis_per_table(tables)
    rounds = []
    for index in range(count):
        seated: dict[int, dict[str, str]] = {t: {} for t in range(1, tables + 1)}
        for start in range(1, tables + 1):
            for seat, move in (("N", NORTH_MOVE), ("S", SOUTH_MOVE),
                               ("E", EAST_MOVE), ("W", WEST_MOVE)):  # fmt: skip
                seated[_at(start, move, index, tables)][seat] = f"{seat}{start}"
        plays = []
        for table in range(1, tables + 1):
            # The étui set found at this table came down |ETUIS_MOVE|·index tables.
            origin = _at(table, -ETUIS_MOVE, index, tables)
            seats = seated[table]
            plays.append(
                TablePlay(
                    table,
                    seats["N"],
                    seats["S"],
                    seats["E"],
                    seats["W"],
                    table_etuis(origin, per_table),
                )
            )
        rounds.append(Position(index + 1, tuple(plays)))
    return SectionMovement(name, MovementType.LINE, tables, tuple(rounds))
