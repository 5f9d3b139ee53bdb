"""Every room the movement tests walk through: 3 to 150 tables as the room's movement
chooses, and the Howell rooms of 8, 9 and 12 tables; each movement computed once."""

from functools import cache

from apps.movements.domain.model import MovementType, RoomMovement
from apps.movements.domain.room import room_movement

MOST_TABLES = 150
HOWELL = MovementType.HOWELL.value
ROOMS = [(tables, None) for tables in range(3, MOST_TABLES + 1)] + [
    (tables, HOWELL) for tables in (8, 9, 12)
]
ROOM_IDS = [f"{tables}-{type or 'auto'}" for tables, type in ROOMS]


@cache
def room(tables: int, type: str | None = None) -> RoomMovement:
    return room_movement(tables, type)
