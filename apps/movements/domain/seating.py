"""Who takes which starting place in a room (fascicule 3, ch. 2 art. 17 « Place des
joueurs »; ch. 3 « Affectation des joueurs : mises en place conseillées » and « Mise en
place des séances suivantes »).

A place is (section name, player code): ("Rouge", "N1") is Nord of table 1 of the first
tournament, the outgoing champion's place at the first session (art. 17). Entrants are
opaque hashable ids, each seated once. `fixed` pins entrants to places before anyone else
is seated; they must be among the entrants. With fewer entrants than places the places
left over are absent from the result (`room_places` lists them all); with more, ValueError.
"""

import random
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

from apps.movements.domain.model import Position, RoomMovement, Seat, SectionMovement

E = TypeVar("E", bound=Hashable)
Place = tuple[str, str]  # (section name, player code)
# Per serpentine block: the table, at the last position, where the section's four players
# of the block meet, and the seats there of its 1st, 2nd, 3rd and 4th player.
Plan = tuple[tuple[int, str], ...]

SEAT_LETTERS = "NSEW"
# Tournament B of « 5 Tables » and « 7 Tables » (« Mise en place des séances suivantes »),
# where the regulation departs from the rule of `_rule_plan` to even out the lines of the
# room, keyed by the tables of each section and the section's index.
PRINTED_PLANS: dict[tuple[tuple[int, ...], int], Plan] = {
    ((5, 5), 1): ((1, "WESN"), (2, "WESN"), (3, "NSEW"), (4, "WESN"), (5, "NSEW")),
    ((7, 7), 1): ((7, "WESN"), (6, "NSEW"), (5, "WESN"), (4, "NSEW"),
                  (3, "WESN"), (2, "NSEW"), (1, "WESN")),
}  # fmt: skip


def _first_played(section: SectionMovement) -> Position:
    """The 1st position: the 6-table duplication position (0), played before it, is not."""
    return next(position for position in section.positions if position.number)


def room_places(room: RoomMovement) -> list[Place]:
    """Every starting place: section after section, table after table, Nord, Sud, Est and
    Ouest of the first position played."""
    return [
        (section.name, player)
        for section in room.sections
        for table in _first_played(section).tables
        for player in table.players
    ]


def _check(places: Sequence[Place], entrants: Sequence[E], fixed: Mapping[Place, E]) -> None:
    known = set(places)
    counts = Counter(entrants)
    for entrant, count in counts.items():
        if count > 1:
            raise ValueError(f"l'inscrit {entrant} figure {count} fois parmi les inscrits")
    for (section, player), entrant in fixed.items():
        if (section, player) not in known:
            raise ValueError(f"la place {player} n'existe pas dans le tournoi {section}")
        if entrant not in counts:
            raise ValueError(
                f"l'inscrit {entrant}, placé d'office en {player} ({section}), "
                "ne figure pas parmi les inscrits"
            )
    for entrant, count in Counter(fixed.values()).items():
        if count > 1:
            raise ValueError(f"l'inscrit {entrant} est placé d'office à {count} places")
    if len(entrants) > len(places):
        raise ValueError(
            f"{len(entrants)} inscrits pour {len(places)} places : "
            f"{len(entrants) - len(places)} de trop"
        )


def _seated(
    room: RoomMovement,
    entrants: Sequence[E],
    fixed: Mapping[Place, E] | None,
    order: Sequence[Place],
) -> dict[Place, E]:
    """Pin the fixed places, then give the other places, in order, to the other entrants
    in turn; the result lists the places in room order."""
    fixed = dict(fixed or {})
    places = room_places(room)
    _check(places, entrants, fixed)
    pinned = set(fixed.values())
    free_places = [place for place in order if place not in fixed]
    free_entrants = [entrant for entrant in entrants if entrant not in pinned]
    seated = {**fixed, **dict(zip(free_places, free_entrants, strict=False))}
    return {place: seated[place] for place in places if place in seated}


def seating_draw(
    room: RoomMovement,
    entrants: Sequence[E],
    seed: int,
    fixed: Mapping[Place, E] | None = None,
) -> dict[Place, E]:
    """Starting places « tirées au sort » (art. 17; ch. 3 « Affectation des joueurs »).

    The entrants are shuffled by `random.Random(seed)` and take the free places in room
    order, so the same seed and the same entrants in the same order give the same seating,
    and places left over are the last tables of the last section.
    """
    shuffled = list(entrants)
    random.Random(seed).shuffle(shuffled)
    return _seated(room, shuffled, fixed, room_places(room))


def _rule_plan(index: int, tables: int) -> Plan:
    """Block b meets at table b + 1 of the last position; the seats run Nord, Sud, Est,
    Ouest and back every other block, turned by one seat for each section before this one
    (tournament B starts at Sud, as « 6 Tables Tournoi B » does)."""
    turn = index % len(SEAT_LETTERS)
    seats = SEAT_LETTERS[turn:] + SEAT_LETTERS[:turn]
    return tuple((block + 1, seats[::-1] if block % 2 else seats) for block in range(tables))


def _serpentine(room: RoomMovement) -> list[Place]:
    """The places in the order the ranking fills them.

    The ranking is cut into blocks of four players per section. In each block the
    sections take turns in a serpentine (A B B A A B B A …; a section with fewer tables
    drops out of the last blocks), and the four players a section receives are the four
    who meet at one table at the last position played: the best of the previous session
    meet at the end of this one, and every block gives each section one player per line.
    """
    sizes = tuple(section.tables for section in room.sections)
    plans = [
        PRINTED_PLANS.get((sizes, index)) or _rule_plan(index, section.tables)
        for index, section in enumerate(room.sections)
    ]
    last = [{t.table: t for t in section.positions[-1].tables} for section in room.sections]
    order = []
    for block in range(max(sizes)):
        present = [index for index, size in enumerate(sizes) if block < size]
        for pick in range(len(SEAT_LETTERS)):
            for index in present if pick % 2 == 0 else reversed(present):
                table, seats = plans[index][block]
                player = last[index][table].player_at(Seat(seats[pick]))
                order.append((room.sections[index].name, player))
    return order


def seating_next_session(
    room: RoomMovement,
    ranking: Sequence[E],
    fixed: Mapping[Place, E] | None = None,
) -> dict[Place, E]:
    """Starting places from the previous ranking, best first (« Mise en place des séances
    suivantes »; art. 17: « par serpentin … en fonction des résultats »).

    The regulation prefers the general ranking to the alternate one. The serpentine of
    `_serpentine` reproduces its tables at 5, 7, 11 and 13 tables, tournament A at 5, 6 and
    7 tables and tournament B at 6 tables; tournament B at 5 and 7 tables is taken as
    printed (`PRINTED_PLANS`).
    Pinned entrants leave their rank to the next entrants.
    """
    return _seated(room, ranking, fixed, _serpentine(room))


def seating_balanced(
    room: RoomMovement,
    entrants_ranked: Sequence[E],
    fixed: Mapping[Place, E] | None = None,
) -> dict[Place, E]:
    """Starting places « de façon à équilibrer les lignes et les tournois en fonction du
    classement du joueur » (art. 17; ch. 3 « Affectation des joueurs »), best first.

    The regulation's serpentine tables are those of the following sessions, which « peuvent
    également servir pour une 1ère séance pour équilibrer les lignes »: the same seating.
    """
    return seating_next_session(room, entrants_ranked, fixed)
