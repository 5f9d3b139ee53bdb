"""The movement of a whole room for a number of tables: one section or several parallel
sections sharing the same étuis (fascicule 3, ch. 3)."""

from apps.movements.domain.line import prime_line_movement
from apps.movements.domain.model import MovementType, RoomMovement, UnsupportedMovement


def room_movement(
    tables: int, type: MovementType | str | None = None, positions: int | None = None
) -> RoomMovement:
    """The room's movement; raise UnsupportedMovement (French message) when none fits."""
    if type not in (None, MovementType.LINE):
        raise UnsupportedMovement(f"mouvement « {type} » non disponible à {tables} tables")
    return RoomMovement(tables, (prime_line_movement(tables, positions),))
