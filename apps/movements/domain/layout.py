"""Where the tables stand (fascicule 3, ch. 3 « Préparation de la salle »).

Each section's tables stand in one row numbered two by two, odd numbers then even
ones (1 3 5 … 13 2 4 … 12), so that Est (+2) and Ouest (-2) walk to a neighbouring
table. With parallel tournaments each row is shifted by 3 tables from the row before
it (« il faut décaler les 2 tournois de 3 tables »): Vert's table 4 stands beside
Rouge's table 1, so that between two tournaments of the same size the tables of the
same number, which play the same étuis, never stand side by side. The regulation shows
two tournaments of the same size; a row of another size is shifted the same way, 3
tables per row, and is not compared column by column.
"""

from dataclasses import dataclass

from apps.movements.domain.model import RoomMovement

ROW_SHIFT = 3


@dataclass(frozen=True)
class LayoutRow:
    section: str
    tables: tuple[int, ...]  # table numbers, from one end of the row to the other


def row_order(tables: int) -> tuple[int, ...]:
    """A row of tables numbered two by two: the odd numbers, then the even ones."""
    return (*range(1, tables + 1, 2), *range(2, tables + 1, 2))


def room_layout(room: RoomMovement) -> list[LayoutRow]:
    """One row per section, in the room's section order, each shifted from the last."""
    return [
        LayoutRow(
            section.name,
            tuple(
                (table - 1 + ROW_SHIFT * index) % section.tables + 1
                for table in row_order(section.tables)
            ),
        )
        for index, section in enumerate(room.sections)
    ]
