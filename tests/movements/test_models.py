"""The stored movement: player codes as printed, the position in play, and what a
deleted session or registration leaves behind. The helpers here seat players for the
other movement tests."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.utils import translation
from django.utils.translation import gettext

from apps.core.models import AuditLog
from apps.movements import services
from apps.movements.models import MovementTable, Place, SessionMovement, code_label
from apps.movements.selectors import Spot
from apps.tournaments.models import Registration
from tests import factories as f

pytestmark = pytest.mark.django_db


# --- helpers for the movement tests ----------------------------------------------


def said(msgid: str, **params) -> str:
    """A message as the interface says it, whatever the catalogue holds."""
    return gettext(msgid) % params if params else gettext(msgid)


def register(tournament, count: int, **licensee) -> list[Registration]:
    licensees = f.LicenseeFactory.create_batch(count, club=tournament.club, **licensee)
    return Registration.objects.bulk_create(
        Registration(tournament=tournament, licensee=licensee) for licensee in licensees
    )


def generate(world, players: int = 28, *, actor=None, **options) -> SessionMovement:
    """The world tournament's first session with `players` registered and seated."""
    register(world.tournament, players)
    return services.movement_generate(
        actor=actor or world.referee,
        session=world.tournament.sessions.get(),
        **{"seed": 7, **options},
    )


def holders(movement: SessionMovement, sequence: int) -> dict[Spot, int | None]:
    """Who holds each place at a position: {spot: registration id}."""
    return {
        Spot(section, code): registration
        for section, code, registration in Place.objects.filter(
            table__movement=movement, table__sequence=sequence
        ).values_list("table__section", "player_code", "registration_id")
    }


def snapshot(movement: SessionMovement) -> list[tuple]:
    """Every place of the movement, to show that nothing changed."""
    return list(
        Place.objects.filter(table__movement=movement)
        .order_by("table__sequence", "table__section", "table__table", "seat")
        .values_list("table__sequence", "table__table", "seat", "player_code", "registration_id")
    )


def audits(movement: SessionMovement) -> list[tuple[str, dict]]:
    """The audit rows of the movement, oldest first: (action, changes)."""
    return list(
        AuditLog.objects.filter(
            content_type=ContentType.objects.get_for_model(SessionMovement),
            object_id=str(movement.pk),
        )
        .order_by("id")
        .values_list("action", "changes")
    )


def advance_to(world, movement: SessionMovement, position: int) -> SessionMovement:
    for _ in range(position - movement.current_position):
        movement = services.movement_advance(
            actor=world.referee, movement=movement, from_position=movement.current_position
        )
    return movement


# --- tests -----------------------------------------------------------------------


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
