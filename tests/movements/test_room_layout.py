"""Where the tables stand (fascicule 3, ch. 3 « Préparation de la salle »)."""

from itertools import pairwise

import pytest

from apps.movements.domain.layout import LayoutRow, room_layout
from apps.movements.domain.room import room_movement
from tests.movements.rooms import ROOM_IDS, ROOMS, room

# « faire une rangée de table, les numéros de 2 en 2 », then « Avec 2 tournois
# parallèles, il faut décaler les 2 tournois de 3 tables », as printed for 13 tables.
PRINTED_ROW = (1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10, 12)
PRINTED_PARALLEL = (
    ("Rouge", (1, 3, 5, 7, 9, 11, 13, 2, 4, 6, 8, 10, 12)),
    ("Vert", (4, 6, 8, 10, 12, 1, 3, 5, 7, 9, 11, 13, 2)),
)


def test_one_row_numbered_two_by_two_as_printed():
    assert room_layout(room_movement(13)) == [LayoutRow("Rouge", PRINTED_ROW)]


def test_two_parallel_tournaments_shifted_by_three_tables_as_printed():
    assert room_layout(room_movement(26)) == [LayoutRow(*row) for row in PRINTED_PARALLEL]


@pytest.mark.parametrize(("tables", "type"), ROOMS, ids=ROOM_IDS)
def test_every_table_of_every_section_stands_once(tables, type):
    movement = room(tables, type)
    rows = room_layout(movement)
    assert [row.section for row in rows] == [s.name for s in movement.sections]
    for row, section in zip(rows, movement.sections, strict=True):
        assert sorted(row.tables) == list(range(1, section.tables + 1))


@pytest.mark.parametrize(("tables", "type"), ROOMS, ids=ROOM_IDS)
def test_each_row_stands_three_tables_on_from_a_row_of_its_size_before_it(tables, type):
    """Beside a table stands the table 3 further on, never the table of the same number,
    which plays the same étuis."""
    rows = room_layout(room(tables, type))
    for before, row in pairwise(rows):
        size = len(row.tables)
        if len(before.tables) == size:
            for mine, theirs in zip(before.tables, row.tables, strict=True):
                assert theirs == (mine + 3 - 1) % size + 1 != mine


@pytest.mark.parametrize("tables", [5, 7, 11, 13, 26, 35])
def test_odd_rows_put_two_tables_apart_side_by_side(tables):
    """With an odd number of tables the row is one walk of +2 tables, so Est (+2) and
    Ouest (-2) move to a neighbouring table."""
    for row in room_layout(room(tables)):
        size = len(row.tables)
        for left, right in pairwise(row.tables):
            assert (right - left) % size == 2
