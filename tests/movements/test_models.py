"""The stored movement: player codes as printed, the position in play, and what a
deleted session or registration leaves behind."""

import pytest
from django.utils import translation
from django.utils.translation import gettext

from apps.movements.models import MovementTable, Place, SessionMovement, code_label
from tests.builders import advance_to, generate

pytestmark = pytest.mark.django_db


def test_en_ligne_codes_read_with_the_seat_initial_of_the_interface_language():
    with translation.override("fr"):
        assert code_label("W3") == gettext("West")[0] + "3"
        assert code_label("N12") == "N12"
    with translation.override("en"):
        assert code_label("W3") == "W3"


def test_howell_numbers_stay_as_they_are():
    assert code_label("12") == "12"


def test_a_movement_knows_the_first_position_a_change_may_touch(world):
    movement = generate(world, 20)
    assert (movement.started, movement.first_open_position) == (False, 1)
    movement = advance_to(world, movement, 2)
    assert (movement.started, movement.first_open_position) == (True, 2)


def test_removing_a_registration_leaves_its_place_vacant(world):
    movement = generate(world, 20)
    world.tournament.registrations.first().delete()
    assert Place.objects.filter(table__movement=movement, registration=None).count() == 5


def test_deleting_the_session_deletes_its_movement(world):
    movement = generate(world, 20)
    movement.session.delete()
    assert not SessionMovement.objects.exists()
    assert not MovementTable.objects.exists()
    assert not Place.objects.exists()
