"""The national final's starting places (fascicule 3, ch. 2, art. 17: « En finale
nationale, les positions de départ … sont définies de façon à équilibrer les lignes et
limiter les oppositions entre joueurs issus d'un même comité »).

The lines are balanced by the serpentine of `seating_next_session`: the ranking is cut
into blocks of four players per section, and each line of each section holds one player
of each block. Then two players of one block change places whenever that lowers the
number of meetings between players of one group (their committee): every place keeps a
player of the same block, so the lines stay as balanced as the serpentine made them.
(Players of one line never meet in an en ligne movement: the swaps gather a committee's
players into one line where the blocks allow it.)
"""

from collections import defaultdict
from collections.abc import Hashable, Mapping, Sequence
from itertools import combinations

from apps.movements.domain.model import RoomMovement
from apps.movements.domain.seating import E, Place, room_places, seating_next_session

MAX_PASSES = 20


def _slots(room: RoomMovement) -> dict[Place, list[tuple]]:
    """{place: the tables (section, position, table) its player sits at, position after
    position}; the duplication position 0 is not played against anyone new."""
    slots: dict[Place, list[tuple]] = defaultdict(list)
    for section in room.sections:
        for position in section.positions:
            if position.number == 0:
                continue
            for play in position.tables:
                for player in play.players:
                    slots[(section.name, player)].append(
                        (section.name, position.number, play.table)
                    )
    return slots


def meetings(room: RoomMovement, seating: Mapping[Place, E], group_of: Mapping[E, Hashable]) -> int:
    """How many times two players of one group sit at one table, over every position."""
    at_table: dict[tuple, list[Hashable]] = defaultdict(list)
    for place, tables in _slots(room).items():
        if place in seating:
            for table in tables:
                at_table[table].append(group_of[seating[place]])
    return sum(1 for groups in at_table.values() for a, b in combinations(groups, 2) if a == b)


def _blocks(
    room: RoomMovement, ranking: Sequence[E], seating: Mapping[Place, E], fixed: Mapping
) -> list[list[Place]]:
    """The places that may swap their players: those of one block of the ranking (as many
    players as one position of every section seats), fixed places left out."""
    block = {entrant: rank // (4 * len(room.sections)) for rank, entrant in enumerate(ranking)}
    blocks: dict[int, list[Place]] = defaultdict(list)
    for place, entrant in seating.items():
        if place not in fixed:
            blocks[block[entrant]].append(place)
    return list(blocks.values())


class _Meetings:
    """The meetings of a player's group at a place, over the tables it sits at."""

    def __init__(self, room: RoomMovement, seating: dict, group_of: Mapping[E, Hashable]):
        self.seating, self.group_of = seating, group_of
        self.slots = _slots(room)
        self.sitting: dict[tuple, set[Place]] = defaultdict(set)
        for place, tables in self.slots.items():
            for table in tables:
                self.sitting[table].add(place)

    def at(self, place: Place, group) -> int:
        """Meetings of ``group`` at ``place`` with the players of the other places."""
        seating, group_of = self.seating, self.group_of
        return sum(
            1
            for table in self.slots[place]
            for other in self.sitting[table]
            if other != place and other in seating and group_of[seating[other]] == group
        )

    def swapped(self, a: Place, b: Place) -> bool:
        """Swap the players of ``a`` and ``b`` if it lowers the meetings; whether it did."""
        seating, group_of = self.seating, self.group_of
        ga, gb = group_of[seating[a]], group_of[seating[b]]
        if ga == gb:
            return False
        before = self.at(a, ga) + self.at(b, gb)
        seating[a], seating[b] = seating[b], seating[a]
        if self.at(a, gb) + self.at(b, ga) < before:
            return True
        seating[a], seating[b] = seating[b], seating[a]
        return False


def seating_apart(
    room: RoomMovement,
    ranking: Sequence[E],
    group_of: Mapping[E, Hashable],
    fixed: Mapping[Place, E] | None = None,
) -> dict[Place, E]:
    """Starting places with the lines balanced by the ranking (best first) and as few
    meetings between players of one group as swaps within a block can reach; ``fixed``
    places (the outgoing champion at Nord 1) never move."""
    seating = dict(seating_next_session(room, ranking, fixed))
    blocks = _blocks(room, ranking, seating, fixed or {})
    meetings_of = _Meetings(room, seating, group_of)
    for _ in range(MAX_PASSES):
        swaps = [meetings_of.swapped(a, b) for places in blocks for a, b in combinations(places, 2)]
        if not any(swaps):
            break
    return {place: seating[place] for place in room_places(room) if place in seating}
