"""The 6, 8 and 9-table en ligne movements against the regulation's control tables and
stated moves (fascicule 3, ch. 3 « Mouvements spéciaux »)."""

import pytest

from apps.movements.domain.line import table_etuis
from apps.movements.domain.model import SEATS, SectionMovement, UnsupportedMovement
from apps.movements.domain.special import (
    eight_table_movement,
    nine_table_movement,
    six_table_movement,
)
from tests.movements import control_tables

FULL = {6: 5, 8: 6, 9: 7}
BUILDERS = {6: six_table_movement, 8: eight_table_movement, 9: nine_table_movement}


def control_cells(movement: SectionMovement) -> control_tables.ControlTable:
    """The movement written as a control table: starting tables of the players, then the
    série each table plays (série k is the étuis table k starts with)."""
    series = {table_etuis(k, 4): k for k in range(1, movement.tables + 1)}
    return {
        position.number: (
            tuple(tuple(int(t.player_at(seat)[1:]) for seat in SEATS) for t in position.tables),
            tuple(series[t.etuis] for t in position.tables),
        )
        for position in movement.positions
    }


def test_six_tables_reproduce_the_control_table():
    assert control_cells(six_table_movement()) == control_tables.SIX_TABLES


def test_six_tables_duplication_position_comes_first_as_printed():
    cells = control_cells(six_table_movement(duplication=True))
    assert list(cells) == [0, 1, 2, 3, 4, 5]
    assert cells == control_tables.SIX_TABLES_DUPLICATION | control_tables.SIX_TABLES


def test_eight_tables_reproduce_the_control_table():
    assert control_cells(eight_table_movement()) == control_tables.EIGHT_TABLES


def test_nine_tables_reproduce_the_control_table():
    printed = {
        number: (players, series[:9])
        for number, (players, series) in control_tables.NINE_TABLES.items()
    }
    assert control_cells(nine_table_movement()) == printed


def test_nine_tables_printed_tenth_serie_only_repeats_the_first():
    for number, (_, series) in control_tables.NINE_TABLES.items():
        assert len(series) == (9 if number == 1 else 10)
        assert series[9:] in ((), (series[0],))


@pytest.mark.parametrize(
    ("tables", "table", "etuis"),
    [(6, 1, (1, 2, 3, 4)), (6, 6, (21, 22, 23, 24)), (8, 8, (29, 30, 31, 32)),
     (9, 9, (33, 34, 35, 36))],
)  # fmt: skip
def test_etuis_are_laid_out_as_for_the_prime_movement(tables, table, etuis):
    """« Les étuis se disposent de la même façon dans l'ordre pour 6, 8 et 9 tables »."""
    assert BUILDERS[tables]().positions[0].tables[table - 1].etuis == etuis


@pytest.mark.parametrize(("tables", "count"), [(6, 24), (8, 32), (9, 36)])
def test_number_of_etuis_needed(tables, count):
    """« 24 étuis sont nécessaires », « 32 étuis », « 36 étuis sont nécessaires »."""
    movement = BUILDERS[tables]()
    assert {e for p in movement.positions for t in p.tables for e in t.etuis} == set(
        range(1, count + 1)
    )


# The moves as the text states them: (usual move, {position: exception}), in tables.
STATED_MOVES = {
    6: {"N": (0, {}), "S": (1, {}), "E": (2, {3: 3}), "W": (-1, {4: -2}),
        "etuis": (-2, {2: -3, 4: -3})},
    8: {"N": (0, {}), "S": (1, {}), "E": (2, {5: 3}), "W": (-2, {3: -3, 6: -3}),
        "etuis": (-1, {3: -2})},
    9: {"N": (0, {}), "S": (1, {}), "E": (2, {4: 3, 5: 3}), "W": (-2, {4: -3, 5: -3}),
        "etuis": (-1, {})},
}  # fmt: skip


def table_of(movement: SectionMovement, number: int) -> dict[str, int]:
    """Where each player and each étui sits at a position."""
    position = next(p for p in movement.positions if p.number == number)
    where = {player: t.table for t in position.tables for player in t.players}
    return where | {str(e): t.table for t in position.tables for e in t.etuis}


@pytest.mark.parametrize("tables", [6, 8, 9])
def test_players_and_etuis_move_as_the_text_states(tables):
    movement = BUILDERS[tables]()
    for number in range(2, FULL[tables] + 1):
        before, after = table_of(movement, number - 1), table_of(movement, number)
        for thing, start in before.items():
            kind = "etuis" if thing.isdigit() else thing[0]
            usual, exceptions = STATED_MOVES[tables][kind]
            assert (after[thing] - start) % tables == exceptions.get(number, usual) % tables, (
                thing,
                number,
            )


def test_duplication_position_moves_as_the_text_states():
    """Before the duplication Sud +2, Est +1, étuis -1, Ouest fixed; after it Sud -2,
    Est -1, étuis +1: back to the start of the 1st position."""
    movement = six_table_movement(duplication=True)
    duplication, first = table_of(movement, 0), table_of(movement, 1)
    moves = {"N": 0, "S": 2, "E": 1, "W": 0, "etuis": -1}
    for thing, start in first.items():
        kind = "etuis" if thing.isdigit() else thing[0]
        assert (duplication[thing] - start) % 6 == moves[kind] % 6


@pytest.mark.parametrize("tables", [6, 8, 9])
def test_fewer_positions_are_the_first_ones(tables):
    full = BUILDERS[tables]()
    for count in range(1, FULL[tables] + 1):
        assert BUILDERS[tables](count).positions == full.positions[:count]


def test_fewer_positions_keep_the_duplication_position():
    movement = six_table_movement(3, duplication=True)
    assert [p.number for p in movement.positions] == [0, 1, 2, 3]


@pytest.mark.parametrize(("tables", "too_many"), [(6, 6), (8, 7), (9, 8)])
def test_at_most_the_positions_the_regulation_allows(tables, too_many):
    """« On ne peut jouer que 5 positions » (6 tables), 6 (8 tables), 7 (9 tables)."""
    for wrong in (0, too_many):
        with pytest.raises(UnsupportedMovement, match=f"à {tables} tables"):
            BUILDERS[tables](wrong)


def test_section_name_and_type():
    movement = eight_table_movement(name="Vert")
    assert (movement.name, movement.type.value, movement.tables) == ("Vert", "ligne", 8)
