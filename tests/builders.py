"""Sessions in play, built through the services as the referee builds them: a movement
generated for registered players and advanced; and the lookups that find what was built.
Plain models come from `tests.factories`."""

from django.contrib.contenttypes.models import ContentType
from django.db.models import Model

from apps.core.models import AuditLog
from apps.movements import services as movements
from apps.movements.models import Place, SessionMovement
from apps.movements.selectors import Spot
from tests.factories import register

# --- movements: a session with its movement generated ----------------------------


def generate(world, players: int = 28, *, actor=None, **options) -> SessionMovement:
    """The world tournament's first session with `players` registered and seated."""
    register(world.tournament, players)
    return movements.movement_generate(
        actor=actor or world.referee,
        session=world.tournament.sessions.get(),
        **{"seed": 7, **options},
    )


def advance_to(world, movement: SessionMovement, position: int) -> SessionMovement:
    """The movement advanced by the referee up to `position`."""
    for _ in range(position - movement.current_position):
        movement = movements.movement_advance(
            actor=world.referee, movement=movement, from_position=movement.current_position
        )
    return movement


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


def _audit_rows(model: type[Model], pk) -> list[tuple[str, dict]]:
    return list(
        AuditLog.objects.filter(
            content_type=ContentType.objects.get_for_model(model), object_id=str(pk)
        )
        .order_by("id")
        .values_list("action", "changes")
    )


def audits(movement: SessionMovement) -> list[tuple[str, dict]]:
    """The audit rows of the movement, oldest first: (action, changes)."""
    return _audit_rows(SessionMovement, movement.pk)
