"""The serpentine seatings the regulation prints, cell for cell, and the rules read with them
(fascicule 3, ch. 2 art. 17; ch. 3 « Mise en place des séances suivantes »)."""

from collections import Counter

import pytest

from apps.movements.domain.line import prime_line_movement
from apps.movements.domain.model import RoomMovement, SectionMovement
from apps.movements.domain.room import room_movement
from apps.movements.domain.seating import (
    room_places,
    seating_balanced,
    seating_draw,
    seating_next_session,
)
from apps.movements.domain.special import six_table_movement
from tests.movements.seating_tables import MISPRINTS, PARALLEL, SINGLE, Layout

SERPENTINES = [seating_balanced, seating_next_session]
TOURNAMENTS = ("Rouge", "Vert")


def layout(seating: dict, section: str, tables: int) -> Layout:
    """The ranks seated in a section, as the regulation prints them."""
    return tuple(
        tuple(seating[(section, f"{seat}{table}")] for seat in "NSEW")
        for table in range(1, tables + 1)
    )


def corrected(tables: int, index: int, printed: Layout) -> Layout:
    def cell(table: int, seat: str, rank: int) -> int:
        wrong, meant = MISPRINTS.get((tables, index, table, seat), (rank, rank))
        assert rank == wrong
        return meant

    return tuple(
        tuple(cell(table, seat, rank) for seat, rank in zip("NSEW", row, strict=True))
        for table, row in enumerate(printed, start=1)
    )


def parallel_room(tables: int, **options) -> RoomMovement:
    def section(name: str) -> SectionMovement:
        if tables == 6:
            return six_table_movement(name=name, **options)
        return prime_line_movement(tables, name=name, **options)

    return RoomMovement(2 * tables, tuple(map(section, TOURNAMENTS)))


def last_table_of(section: SectionMovement, players: set[str]) -> set[int]:
    """The tables the players sit at during the section's last position."""
    final = section.positions[-1]
    return {t.table for t in final.tables for p in t.players if p in players}


@pytest.mark.parametrize("seat", SERPENTINES)
@pytest.mark.parametrize("tables", sorted(SINGLE))
def test_one_tournament_as_printed(seat, tables):
    seating = seat(room_movement(tables), range(1, 4 * tables + 1))
    assert layout(seating, "Rouge", tables) == SINGLE[tables]


@pytest.mark.parametrize("seat", SERPENTINES)
@pytest.mark.parametrize("tables", sorted(PARALLEL))
def test_tournaments_a_and_b_as_printed(seat, tables):
    """« Dans le cas de plusieurs tournois, cette mise en place équilibre également les
    tournois »: one ranking over both, tournament A in Rouge and B in Vert."""
    seating = seat(parallel_room(tables), range(1, 8 * tables + 1))
    for index, name in enumerate(TOURNAMENTS):
        printed = PARALLEL[tables][index]
        assert layout(seating, name, tables) == corrected(tables, index, printed)


@pytest.mark.parametrize("tables", sorted(PARALLEL))
def test_tournaments_a_and_b_even_out_the_lines_of_the_room(tables):
    """Why tournament B departs from A at 5 and 7 tables: the rank sums of the four lines,
    over both tournaments, differ by 2 at most."""
    seating = seating_next_session(parallel_room(tables), range(1, 8 * tables + 1))
    sums = Counter()
    for (_, player), rank in seating.items():
        sums[player[0]] += rank
    assert max(sums.values()) - min(sums.values()) <= 2


def test_the_misprint_repeats_the_other_tournament_and_leaves_a_rank_out():
    for (tables, index, table, seat), (wrong, meant) in MISPRINTS.items():
        printed = [rank for layout in PARALLEL[tables] for row in layout for rank in row]
        other = PARALLEL[tables][1 - index][table - 1]["NSEW".index(seat)]
        assert other == wrong
        assert Counter(printed)[wrong] == 2
        assert meant not in printed
        assert set(printed) | {meant} == set(range(1, 8 * tables + 1))


@pytest.mark.parametrize("tables", [5, 7, 11, 13])
def test_the_first_four_meet_at_the_last_position(tables):
    """« faire rencontrer les premiers de la 1ère séance à la dernière position de la 2ème
    séance »."""
    room = room_movement(tables)
    seating = seating_next_session(room, range(1, 4 * tables + 1))
    best = {player for (_, player), rank in seating.items() if rank <= 4}
    assert last_table_of(room.sections[0], best) == {1}


@pytest.mark.parametrize("positions", [2, 3, 4])
def test_with_fewer_positions_the_first_four_meet_at_the_last_one_played(positions):
    room = room_movement(7, positions=positions)
    seating = seating_next_session(room, range(1, 29))
    best = {player for (_, player), rank in seating.items() if rank <= 4}
    assert last_table_of(room.sections[0], best) == {1}
    assert layout(seating, "Rouge", 7) != SINGLE[7]


def test_the_duplication_position_is_not_the_start_nor_the_end():
    """The 6-table « position de duplication » (number 0) comes first but is not played:
    places and serpentine follow positions 1 to 5."""
    plain, duplicated = parallel_room(6), parallel_room(6, duplication=True)
    assert duplicated.sections[0].positions[0].number == 0
    assert room_places(duplicated) == room_places(plain)
    ranking = range(1, 49)
    assert seating_next_session(duplicated, ranking) == seating_next_session(plain, ranking)


def test_the_outgoing_champion_starts_nord_of_table_1_and_the_best_follow():
    """Art. 17: « le champion sortant reçoit la position Nord à la table 1 »; the best
    ranked then takes the next place of the serpentine, Sud of table 2."""
    room = room_movement(5)
    ranking = [f"J{rank}" for rank in range(1, 20)]
    seating = seating_balanced(room, [*ranking, "champion"], {("Rouge", "N1"): "champion"})
    assert seating[("Rouge", "N1")] == "champion"
    assert seating[("Rouge", "S2")] == "J1"
    assert seating[("Rouge", "E3")] == "J2"
    assert seating[("Rouge", "W3")] == "J19"


def test_the_draw_pins_the_champion_and_leaves_the_last_places_empty():
    room = room_movement(5)
    seating = seating_draw(room, ["champion", *range(17)], seed=2024,
                           fixed={("Rouge", "N1"): "champion"})  # fmt: skip
    assert seating[("Rouge", "N1")] == "champion"
    assert set(room_places(room)) - set(seating) == {("Rouge", "E5"), ("Rouge", "W5")}


def test_room_places_go_section_by_section_table_by_table():
    room = parallel_room(5)
    places = room_places(room)
    assert places[:5] == [("Rouge", "N1"), ("Rouge", "S1"), ("Rouge", "E1"), ("Rouge", "W1"),
                          ("Rouge", "N2")]  # fmt: skip
    assert places[-1] == ("Vert", "W5")
    assert len(places) == len(set(places)) == 40
