"""The étuis a table plays at each position, when the tournament sets them instead of the
regulation's count (« le nombre d'étuis prévus à chaque position »): each série keeps its
place, its numbers follow the count; 4 are compulsory at 7 tables, a Howell keeps its own."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.movements.domain.line import ETUIS_CHOICES, etuis_per_table, etuis_regrouped
from apps.movements.domain.model import UnsupportedMovement
from apps.movements.domain.room import room_movement, section_sizes
from apps.movements.models import MovementTable
from tests.builders import generate

# The en ligne rooms with no section of 7 tables (where 4 étuis are compulsory).
LINE_ROOMS = [t for t in range(5, 31) if 7 not in section_sizes(t)]


def _series(room, per_table):
    """Per section, position and table: the série (rank of the étui set) it plays."""
    return [
        [[(min(t.etuis) - 1) // per_table for t in p.tables] for p in s.positions]
        for s in room.sections
    ]


@given(st.sampled_from(LINE_ROOMS), st.sampled_from(ETUIS_CHOICES))
def test_each_serie_keeps_its_place_and_takes_the_numbers_of_its_rank(tables, per_table):
    regulation = room_movement(tables)
    chosen = room_movement(tables, etuis=per_table)
    for section in regulation.sections:
        assert _series(regulation, etuis_per_table(section.tables)) == _series(chosen, per_table)
    for section in chosen.sections:
        for position in section.positions:
            for play in position.tables:
                first = min(play.etuis)
                assert play.etuis == tuple(range(first, first + per_table))
                assert (first - 1) % per_table == 0


def test_five_tables_with_two_etuis_a_table():
    room = room_movement(5, etuis=2)
    first = room.sections[0].positions[0].tables
    assert [t.etuis for t in first] == [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]


def test_the_regulations_own_count_changes_nothing():
    assert room_movement(11, etuis=2) == room_movement(11)
    assert room_movement(5, etuis=4) == room_movement(5)


def test_four_etuis_are_compulsory_at_seven_tables():
    with pytest.raises(UnsupportedMovement, match="à 7 tables, il est obligatoire"):
        room_movement(7, etuis=2)


def test_only_two_or_four_etuis():
    section = room_movement(5).sections[0]
    with pytest.raises(UnsupportedMovement, match="2 ou 4 étuis par table"):
        etuis_regrouped(section, 3)


def test_a_howell_keeps_its_own_etuis():
    with pytest.raises(UnsupportedMovement, match="Howell"):
        room_movement(4, etuis=2)


@pytest.mark.django_db
def test_the_tournaments_choice_is_what_the_movement_stores(world):
    world.tournament.etuis_per_table = 2
    world.tournament.save()
    movement = generate(world, 20)
    tables = MovementTable.objects.filter(movement=movement, sequence=1).order_by("table")
    assert [t.etuis for t in tables] == [[1, 2], [3, 4], [5, 6], [7, 8], [9, 10]]


def test_a_room_split_into_sections_of_seven_keeps_four():
    with pytest.raises(UnsupportedMovement, match="à 7 tables"):
        room_movement(14, etuis=2)
