"""What every movement must guarantee, read off a SectionMovement (fascicule 3, ch. 3).

Position 0 (the 6-table duplication position) is not played: the plays, takes and
meetings below count the played positions only.
"""

from collections import Counter
from itertools import combinations

from apps.movements.domain.etuis import etui_taker
from apps.movements.domain.model import SEATS, Position, SectionMovement


def played(movement: SectionMovement) -> tuple[Position, ...]:
    return tuple(p for p in movement.positions if p.number != 0)


def seat_fillings(position: Position) -> Counter[str]:
    """How many seats each player holds at this position."""
    return Counter(player for t in position.tables for player in t.players)


def etuis_by_player(movement: SectionMovement) -> dict[str, list[int]]:
    """Every étui each player plays, in order of play."""
    result: dict[str, list[int]] = {player: [] for player in movement.players}
    for position in played(movement):
        for table in position.tables:
            for player in table.players:
                result[player].extend(table.etuis)
    return result


def takes_by_position(movement: SectionMovement) -> dict[str, list[int]]:
    """For each player, how many étuis they take at each played position."""
    result: dict[str, list[int]] = {player: [] for player in movement.players}
    for position in played(movement):
        for table in position.tables:
            for seat in SEATS:
                result[table.player_at(seat)].append(
                    sum(etui_taker(e) == seat for e in table.etuis)
                )
    return result


def meetings(movement: SectionMovement) -> Counter[frozenset[str]]:
    """How many played positions each pair of players shares a table."""
    return Counter(
        frozenset(pair)
        for position in played(movement)
        for table in position.tables
        for pair in combinations(table.players, 2)
    )


def line_seat_kept(movement: SectionMovement) -> bool:
    """En ligne players keep their line all session: « S3 » always sits Sud."""
    return all(
        table.player_at(seat).startswith(seat.value)
        for position in movement.positions
        for table in position.tables
        for seat in SEATS
    )


def etui_sets_once_per_position(movement: SectionMovement) -> bool:
    """At each position every table holds its own étuis: none sits at two tables."""
    return all(
        len({e for t in p.tables for e in t.etuis}) == sum(len(t.etuis) for t in p.tables)
        for p in movement.positions
    )
