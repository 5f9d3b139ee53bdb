"""The en ligne movement for a prime number of tables (fascicule 3, ch. 3 « Mouvements des
joueurs et des étuis »)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.movements.domain.etuis import etui_taker
from apps.movements.domain.line import (
    PRIME_TABLES,
    etuis_per_table,
    prime_line_movement,
    table_etuis,
)
from apps.movements.domain.model import UnsupportedMovement
from tests.movements.line_invariants import (
    etui_sets_once_per_position,
    etuis_by_player,
    line_seat_kept,
    meetings,
    seat_fillings,
    takes_by_position,
)

# « Sur chaque table, vous disposez le nombre d'étuis … »: first and last étui of each table,
# as printed. Table 11 is printed « Etuis 20-22 » at 11 and 13 tables, against the rule
# printed with it (consecutive étuis, the highest is the table number times the étuis per
# table) and giving étui 20 to tables 10 and 11: the table holds étuis 21 and 22.
PRINTED_ETUIS = {
    5: ((1, 4), (5, 8), (9, 12), (13, 16), (17, 20)),
    7: ((1, 4), (5, 8), (9, 12), (13, 16), (17, 20), (21, 24), (25, 28)),
    11: ((1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12), (13, 14), (15, 16), (17, 18),
         (19, 20), (20, 22)),
    13: ((1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12), (13, 14), (15, 16), (17, 18),
         (19, 20), (20, 22), (23, 24), (25, 26)),
}  # fmt: skip
MISPRINTED_TABLE = 11


@pytest.mark.parametrize("tables", sorted(PRINTED_ETUIS))
def test_starting_etuis_as_printed(tables):
    first = prime_line_movement(tables).positions[0]
    for play, (low, high) in zip(first.tables, PRINTED_ETUIS[tables], strict=True):
        if play.table == MISPRINTED_TABLE:
            assert (low, high) == (20, 22)
            assert play.etuis == (21, 22)
        else:
            assert play.etuis == tuple(range(low, high + 1))


@pytest.mark.parametrize(
    ("tables", "per_table"), [(5, 4), (6, 4), (7, 4), (8, 4), (9, 4), (11, 2), (13, 2),
                              (17, 2), (19, 2)],
)  # fmt: skip
def test_four_etuis_per_table_up_to_nine_tables_two_from_eleven(tables, per_table):
    """« A 7 tables, il est obligatoire de jouer 4 étuis par tables »; 11 tables and more
    play 2 donnes at each table."""
    assert etuis_per_table(tables) == per_table


def test_highest_etui_is_table_number_times_etuis_per_table():
    assert table_etuis(19, 2) == (37, 38)
    assert table_etuis(9, 4) == (33, 34, 35, 36)


def seats_at(tables: int, position: int, table: int) -> tuple[str, str, str, str, tuple]:
    play = prime_line_movement(tables).positions[position - 1].tables[table - 1]
    return (*play.players, play.etuis)


@pytest.mark.parametrize(
    ("tables", "position", "table", "expected"),
    [
        (5, 1, 4, ("N4", "S4", "E4", "W4", (13, 14, 15, 16))),
        (5, 2, 1, ("N1", "S5", "E4", "W3", (5, 6, 7, 8))),
        (5, 3, 1, ("N1", "S4", "E2", "W5", (9, 10, 11, 12))),
        (5, 5, 3, ("N3", "S4", "E5", "W1", (5, 6, 7, 8))),
        (7, 4, 2, ("N2", "S6", "E3", "W1", (17, 18, 19, 20))),
        (7, 7, 7, ("N7", "S1", "E2", "W5", (21, 22, 23, 24))),
        (11, 2, 11, ("N11", "S10", "E9", "W2", (1, 2))),
    ],
)
def test_cells_worked_out_from_the_rule(tables, position, table, expected):
    """Nord fixed, Sud +1, Est +2, Ouest -2, étuis -1 from position to position."""
    assert seats_at(tables, position, table) == expected


# « Mise en place des séances suivantes »: where the four best start, to meet last.
BEST_FOUR = {
    5: {"N1", "S2", "E3", "W4"},
    7: {"N1", "S2", "E3", "W6"},
    11: {"N1", "S2", "E3", "W10"},
    13: {"N1", "S2", "E3", "W12"},
}


@pytest.mark.parametrize("tables", sorted(BEST_FOUR))
def test_the_best_four_meet_at_the_last_position(tables):
    last = prime_line_movement(tables).positions[-1]
    assert any(set(t.players) == BEST_FOUR[tables] for t in last.tables)


@pytest.mark.parametrize("tables", PRIME_TABLES)
def test_at_most_as_many_positions_as_tables(tables):
    assert len(prime_line_movement(tables).positions) == tables
    for wrong in (0, tables + 1):
        with pytest.raises(UnsupportedMovement, match="positions demandées"):
            prime_line_movement(tables, wrong)


@pytest.mark.parametrize("tables", [3, 4, 6, 8, 9, 10, 23])
def test_other_table_counts_are_refused(tables):
    with pytest.raises(UnsupportedMovement, match="en ligne simple"):
        prime_line_movement(tables)


@st.composite
def prime_movements(draw):
    tables = draw(st.sampled_from(PRIME_TABLES))
    return prime_line_movement(tables, draw(st.integers(1, tables)))


@given(prime_movements())
def test_every_seat_filled_by_one_player_who_keeps_his_line(movement):
    for position in movement.positions:
        assert seat_fillings(position) == dict.fromkeys(movement.players, 1)
    assert line_seat_kept(movement)


@given(prime_movements())
def test_each_etui_set_at_one_table_per_position(movement):
    assert etui_sets_once_per_position(movement)


@given(prime_movements())
def test_no_player_plays_an_etui_twice(movement):
    per_table = etuis_per_table(movement.tables)
    for etuis in etuis_by_player(movement).values():
        assert len(etuis) == len(set(etuis)) == per_table * len(movement.positions)


@given(prime_movements())
def test_no_two_players_meet_twice(movement):
    assert max(meetings(movement).values()) == 1


@given(prime_movements())
def test_each_player_takes_at_most_one_etui_per_position(movement):
    """With 4 étuis a table every player attacks exactly once at each position
    (« chaque joueur attaque 1 fois et défend les 3 autres parties »)."""
    expected = {1} if etuis_per_table(movement.tables) == 4 else {0, 1}
    for takes in takes_by_position(movement).values():
        assert set(takes) <= expected


@pytest.mark.parametrize("tables", [t for t in PRIME_TABLES if etuis_per_table(t) == 2])
def test_two_etui_tables_give_every_player_of_a_line_the_same_takes(tables):
    """Over all positions every player meets every étui, so each takes the étuis whose taker
    is his line."""
    movement = prime_line_movement(tables)
    takes = takes_by_position(movement)
    for player in movement.players:
        owned = sum(etui_taker(e).value == player[0] for e in range(1, 2 * tables + 1))
        assert sum(takes[player]) == owned
