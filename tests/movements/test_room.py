"""The room's movement for every number of tables from 3 to 150 (fascicule 3, ch. 3
« Affectation des joueurs », « Les tournois parallèles », « Mouvements spéciaux »)."""

from collections import Counter
from math import ceil

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.movements.domain.etuis import etui_taker
from apps.movements.domain.howell import (
    howell_movement,
    parallel_deal,
    parallel_howell_movements,
)
from apps.movements.domain.line import PRIME_TABLES, prime_line_movement
from apps.movements.domain.model import (
    SEATS,
    MovementType,
    RoomMovement,
    SectionMovement,
    UnsupportedMovement,
)
from apps.movements.domain.room import room_movement
from apps.movements.domain.special import (
    eight_table_movement,
    hybrid_nine_movement,
    nine_table_movement,
    six_table_movement,
)
from tests.movements.allocation_table import ALLOCATION_TABLE
from tests.movements.line_invariants import etuis_by_player, meetings, seat_fillings
from tests.movements.rooms import HOWELL, MOST_TABLES, ROOM_IDS, ROOMS, room

COLOURS = ("Rouge", "Vert", "Bleu", "Jaune", "Blanc")
# The most positions each section size plays, as the regulation states for each movement:
# Howell 3 and 4 tables 7 and 5, en ligne 6, 8, 9 tables 5, 6, 7, a prime number of tables
# as many as tables.
MOST_POSITIONS = {3: 7, 4: 5, 5: 5, 6: 5, 7: 7, 8: 6, 9: 7, 11: 11, 13: 13}
FULL_SET = 4  # a table playing 4 étuis: each player takes one (« attaque 1 fois »)

rooms = pytest.mark.parametrize(("tables", "type"), ROOMS, ids=ROOM_IDS)


def room_positions(movement: RoomMovement) -> int:
    return min(MOST_POSITIONS[section.tables] for section in movement.sections)


def sections_of(movement: RoomMovement) -> list[tuple[str, int, MovementType]]:
    return [(section.name, section.tables, section.type) for section in movement.sections]


@pytest.mark.parametrize("tables", sorted(ALLOCATION_TABLE))
def test_five_to_twenty_eight_tables_follow_the_allocation_table(tables):
    movement = room(tables)
    assert [(s.name, s.tables) for s in movement.sections] == list(ALLOCATION_TABLE[tables])
    assert {s.type for s in movement.sections} == {MovementType.LINE}


# Beyond 28 tables, where balanced sections would leave one larger section alone.
LONE_LARGER_AVOIDED = {31: [7, 7, 6, 6, 5], 37: [7, 7, 6, 6, 6, 5], 43: [7, 7, 6, 6, 6, 6, 5]}


@pytest.mark.parametrize("tables", range(max(ALLOCATION_TABLE) + 1, MOST_TABLES + 1))
def test_beyond_the_allocation_table_balanced_sections_of_five_to_seven_tables(tables):
    sizes = [s.tables for s in room(tables).sections]
    assert len(sizes) == ceil(tables / 7)
    assert sizes == sorted(sizes, reverse=True)
    assert set(sizes) <= {5, 6, 7}
    assert len(set(sizes)) == 1 or sizes.count(max(sizes)) >= 2
    if tables in LONE_LARGER_AVOIDED:
        assert sizes == LONE_LARGER_AVOIDED[tables]
    else:
        assert max(sizes) - min(sizes) <= 1


def test_sections_beyond_the_fifth_take_the_colours_again_with_a_number():
    assert [s.name for s in room(29).sections] == list(COLOURS)
    assert [s.tables for s in room(29).sections] == [6, 6, 6, 6, 5]
    assert [s.name for s in room(36).sections] == [*COLOURS, "Rouge 2"]
    names = [s.name for s in room(MOST_TABLES).sections]
    assert (
        names
        == [colour if lap == 1 else f"{colour} {lap}" for lap in range(1, 6) for colour in COLOURS][
            :22
        ]
    )
    assert names[-1] == "Vert 5"


@pytest.mark.parametrize(
    ("tables", "type", "expected"),
    [
        (3, None, [("Rouge", 3, MovementType.HOWELL)]),
        (4, None, [("Rouge", 4, MovementType.HOWELL)]),
        (3, HOWELL, [("Rouge", 3, MovementType.HOWELL)]),
        (8, HOWELL, [("Rouge", 4, MovementType.HOWELL), ("Vert", 4, MovementType.HOWELL)]),
        (9, HOWELL, [("Rouge", 5, MovementType.LINE), ("Vert", 4, MovementType.HOWELL)]),
        (12, HOWELL, [(name, 4, MovementType.HOWELL) for name in ("Rouge", "Vert", "Bleu")]),
    ],
)
def test_howell_rooms(tables, type, expected):
    assert sections_of(room_movement(tables, type)) == expected


@pytest.mark.parametrize(
    ("tables", "type", "sections"),
    [
        (3, None, lambda: (howell_movement(3),)),
        (4, None, lambda: (howell_movement(4),)),
        *((t, None, lambda t=t: (prime_line_movement(t),)) for t in (5, 7, 11, 13)),
        (6, None, lambda: (six_table_movement(),)),
        (8, None, lambda: (eight_table_movement(),)),
        (9, None, lambda: (nine_table_movement(),)),
        (8, HOWELL, lambda: parallel_howell_movements(2)),
        (9, HOWELL, hybrid_nine_movement),
        (12, HOWELL, lambda: parallel_howell_movements(3)),
    ],
)
def test_rooms_of_one_regulation_movement_play_it(tables, type, sections):
    assert room(tables, type).sections == sections()


def test_seventeen_and_nineteen_tables_play_parallel_as_the_allocation_table_says():
    """The prime movement runs at 17 and 19 tables, but « Affectation des joueurs »
    seats them 6 + 6 + 5 and 7 + 7 + 5."""
    assert [s.tables for s in room(17).sections] == [6, 6, 5]
    assert [s.tables for s in room(19).sections] == [7, 7, 5]


def test_parallel_sections_each_play_their_own_movement_of_their_size():
    assert room(17).sections == (
        six_table_movement(positions=5, name="Rouge"),
        six_table_movement(positions=5, name="Vert"),
        prime_line_movement(5, 5, "Bleu"),
    )
    assert room(22).sections == tuple(prime_line_movement(11, name=n) for n in ("Rouge", "Vert"))


def test_type_accepts_the_enum():
    assert room_movement(8, MovementType.HOWELL) == room(8, HOWELL)
    assert room_movement(8, MovementType.LINE) == room(8)


@rooms
def test_section_sizes_sum_to_the_tables(tables, type):
    assert sum(s.tables for s in room(tables, type).sections) == tables


@rooms
def test_section_names_tell_the_sections_apart(tables, type):
    names = [s.name for s in room(tables, type).sections]
    assert len(set(names)) == len(names)


@rooms
def test_every_section_plays_the_same_positions_the_most_its_smallest_allows(tables, type):
    movement = room(tables, type)
    for section in movement.sections:
        assert [p.number for p in section.positions] == list(range(1, room_positions(movement) + 1))


@rooms
def test_every_seat_is_filled_by_one_player_and_every_player_seated_once(tables, type):
    for section in room(tables, type).sections:
        everyone = Counter(section.players)
        assert len(everyone) == 4 * section.tables
        assert set(everyone.values()) == {1}
        for position in section.positions:
            assert [t.table for t in position.tables] == list(range(1, section.tables + 1))
            assert seat_fillings(position) == everyone


@rooms
def test_no_player_plays_an_etui_twice(tables, type):
    for section in room(tables, type).sections:
        for player, etuis in etuis_by_player(section).items():
            assert len(etuis) == len(set(etuis)), (section.name, player)


@rooms
def test_each_player_takes_once_at_a_table_of_four_etuis_and_never_twice(tables, type):
    for section in room(tables, type).sections:
        for position in section.positions:
            for table in position.tables:
                takes = Counter(etui_taker(e) for e in table.etuis)
                expected = {1} if len(table.etuis) == FULL_SET else {0, 1}
                assert {takes[seat] for seat in SEATS} <= expected, (section.name, table)


def full_prime_lines(movement: RoomMovement) -> list[SectionMovement]:
    return [
        s
        for s in movement.sections
        if s.type is MovementType.LINE and s.tables in PRIME_TABLES and len(s.positions) == s.tables
    ]


@rooms
def test_full_prime_sections_every_player_takes_the_etuis_of_their_line(tables, type):
    """Over a full prime movement each player plays every étui of the section once, so
    takes exactly the étuis whose taker is their line."""
    for section in full_prime_lines(room(tables, type)):
        section_etuis = sorted({e for t in section.positions[0].tables for e in t.etuis})
        taken: dict[str, list[int]] = {player: [] for player in section.players}
        for position in section.positions:
            for table in position.tables:
                for seat in SEATS:
                    taken[table.player_at(seat)] += [
                        e for e in table.etuis if etui_taker(e) == seat
                    ]
        for player, etuis in etuis_by_player(section).items():
            assert sorted(etuis) == section_etuis
            line = player[0]  # en ligne players keep their line: « S3 » is a Sud
            assert sorted(taken[player]) == [e for e in section_etuis if etui_taker(e) == line]


def test_full_prime_sections_are_found():
    assert [s.tables for s in full_prime_lines(room(26))] == [13, 13]
    assert [s.tables for s in full_prime_lines(room(9, HOWELL))] == [5]


@rooms
def test_prime_line_sections_no_two_players_meet_twice(tables, type):
    for section in room(tables, type).sections:
        if section.type is MovementType.LINE and section.tables in PRIME_TABLES:
            assert max(meetings(section).values()) == 1


def deals(movement: RoomMovement, section: SectionMovement) -> set[int]:
    """The deals a section plays; in parallel Howell tournaments étuis 25 to 32 duplicate
    étuis 1 to 8 (« Individuel mouvement à 3x4 tables »)."""
    howell = len(movement.sections) > 1 and {s.type for s in movement.sections} == {
        MovementType.HOWELL
    }
    return {
        parallel_deal(e) if howell else e
        for p in section.positions
        for t in p.tables
        for e in t.etuis
    }


@rooms
def test_parallel_sections_share_the_etuis(tables, type):
    """« faire jouer les mêmes étuis dans les différents tournois »: every deal a section
    plays is played in another section too."""
    movement = room(tables, type)
    if len(movement.sections) == 1:
        return
    for section in movement.sections:
        others = set().union(*(deals(movement, s) for s in movement.sections if s != section))
        assert deals(movement, section) <= others, section.name


@rooms
def test_en_ligne_sections_start_with_the_same_etuis_on_the_same_table(tables, type):
    """« vous placez les étuis de même numéro sur la même table »."""
    movement = room(tables, type)
    lines = [s for s in movement.sections if s.type is MovementType.LINE]
    by_table: dict[int, set[tuple[int, ...]]] = {}
    for section in lines:
        for t in section.positions[0].tables:
            by_table.setdefault(t.table, set()).add(t.etuis)
    assert all(len(etuis) == 1 for etuis in by_table.values())
    assert len({len(t.etuis) for s in lines for t in s.positions[0].tables}) <= 1


@given(
    room_request=st.sampled_from(ROOMS),
    positions=st.integers(min_value=-2, max_value=MOST_POSITIONS[13] + 2),
)
def test_positions_cap_every_section(room_request, positions):
    tables, type = room_request
    full = room(tables, type)
    most = room_positions(full)
    if 1 <= positions <= most:
        capped = room_movement(tables, type, positions)
        assert sections_of(capped) == sections_of(full)
        assert [s.positions for s in capped.sections] == [
            s.positions[:positions] for s in full.sections
        ]
    else:
        with pytest.raises(
            UnsupportedMovement, match=f"^{positions} positions demandées .* de 1 à {most} "
        ):
            room_movement(tables, type, positions)


def test_positions_above_the_smallest_section_name_it():
    with pytest.raises(UnsupportedMovement) as error:
        room_movement(19, positions=7)
    assert str(error.value) == (
        "7 positions demandées : à 19 tables, de 1 à 5 positions, "
        "le maximum du tournoi Bleu (5 tables)"
    )


def test_capped_single_section_is_the_movement_asked_for_that_many_positions():
    assert room_movement(7, positions=3).sections == (prime_line_movement(7, 3),)
    assert room_movement(6, positions=2).sections == (six_table_movement(2),)


@given(st.integers(max_value=2))
def test_fewer_than_three_tables_is_refused(tables):
    with pytest.raises(UnsupportedMovement, match="se joue à 3 tables au moins"):
        room_movement(tables)


@pytest.mark.parametrize("tables", [t for t in range(5, MOST_TABLES + 1) if t not in (8, 9, 12)])
def test_howell_only_where_the_regulation_has_one(tables):
    with pytest.raises(UnsupportedMovement, match=f"^pas de mouvement Howell à {tables} tables"):
        room_movement(tables, HOWELL)


@pytest.mark.parametrize("tables", [3, 4])
def test_no_en_ligne_below_five_tables(tables):
    with pytest.raises(UnsupportedMovement, match=f"pas de mouvement en ligne à {tables} tables"):
        room_movement(tables, MovementType.LINE)


def test_unknown_type_is_refused():
    with pytest.raises(UnsupportedMovement, match="type de mouvement « suisse » inconnu"):
        room_movement(7, "suisse")
