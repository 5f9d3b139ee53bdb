"""What a movement is, independent of how it is generated (fascicule 3, chapter 3).

A room plays one or more sections (parallel tournaments, named by colour) sharing the
same étuis. A section's movement lists, position by position, every table's Nord, Sud,
Est and Ouest players and the étuis the table plays. Players are named as the
regulation names them: en ligne by starting seat and table within their section
("S3" is the Sud who starts at table 3); Howell by number ("1"…"16", "17"… for later
Howell sections). Seats are written N, S, E, W (Nord, Sud, Est, Ouest).
"""

from dataclasses import dataclass
from enum import StrEnum


class Seat(StrEnum):
    NORTH = "N"
    SOUTH = "S"
    EAST = "E"
    WEST = "W"


SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)


# Parallel tournaments are named by the colour of their étuis, in this order (ch. 3
# « Affectation des joueurs »).
COLOURS = ("Rouge", "Vert", "Bleu", "Jaune", "Blanc")


class MovementType(StrEnum):
    LINE = "ligne"
    HOWELL = "howell"


class UnsupportedMovement(ValueError):
    """A request no movement answers; the message (French) says why."""


@dataclass(frozen=True)
class TablePlay:
    """One table at one position: who sits where and which étuis the table plays."""

    table: int
    north: str
    south: str
    east: str
    west: str
    etuis: tuple[int, ...]

    def player_at(self, seat: Seat) -> str:
        return {Seat.NORTH: self.north, Seat.SOUTH: self.south,
                Seat.EAST: self.east, Seat.WEST: self.west}[seat]  # fmt: skip

    @property
    def players(self) -> tuple[str, str, str, str]:
        return (self.north, self.south, self.east, self.west)


@dataclass(frozen=True)
class Position:
    """One period of play. Number 0 is the optional duplication position (6 tables)."""

    number: int
    tables: tuple[TablePlay, ...]


@dataclass(frozen=True)
class SectionMovement:
    name: str  # the colour, e.g. "Rouge"; a single tournament is one section
    type: MovementType
    tables: int
    positions: tuple[Position, ...]

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for t in self.positions[0].tables for p in t.players)


@dataclass(frozen=True)
class RoomMovement:
    tables: int
    sections: tuple[SectionMovement, ...]

    def to_json(self) -> dict:
        """The command-line contract of `manage.py movement --json`."""
        return {
            "tables": self.tables,
            "sections": [
                {
                    "name": section.name,
                    "type": section.type.value,
                    "tables": section.tables,
                    "positions": [
                        {
                            "position": position.number,
                            "tables": [
                                {
                                    "table": t.table,
                                    "N": t.north,
                                    "S": t.south,
                                    "E": t.east,
                                    "W": t.west,
                                    "etuis": list(t.etuis),
                                }
                                for t in position.tables
                            ],
                        }
                        for position in section.positions
                    ],
                }
                for section in self.sections
            ],
        }
