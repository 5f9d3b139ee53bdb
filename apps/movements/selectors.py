"""Reads of a session's movement: who may see or run it, what is missing to generate it,
and the tables with their seated players as the pages and printouts show them."""

from dataclasses import dataclass
from math import ceil
from typing import NamedTuple

from django.utils.text import capfirst
from django.utils.translation import gettext as _

from apps.core.rows import models_columns, models_from_row, rows_read
from apps.movements.domain.etuis import etui_taker
from apps.movements.domain.model import (
    SEATS,
    MovementType,
    RoomMovement,
    SectionMovement,
    UnsupportedMovement,
)
from apps.movements.domain.room import room_movement
from apps.movements.models import (
    MovementTable,
    Place,
    SeatChoice,
    SessionMovement,
    TableCode,
    code_label,
)
from apps.tournaments.models import Registration, Session, Tournament

SEATS_PER_TABLE = len(SEATS)


class Spot(NamedTuple):
    """A player of the movement: their section and player code ("Rouge", "S3")."""

    section: str
    code: str

    @property
    def key(self) -> str:
        return f"{self.section}|{self.code}"

    @classmethod
    def from_key(cls, key: str) -> "Spot":
        section, _sep, code = key.rpartition("|")
        return cls(section, code)


def session_movement(session: Session) -> SessionMovement | None:
    return session_movement_of(session.pk)


def session_movement_of(session_id: int) -> SessionMovement | None:
    """The session's movement with its session and tournament, in one statement of plain
    SQL (apps.core.rows: every player's « Mes scores » asks it, all evening)."""
    joined = ((SessionMovement, "m"), (Session, "s"), (Tournament, "t"))
    sql = (
        f"SELECT {models_columns(joined)} "
        f"FROM {SessionMovement._meta.db_table} m "
        f"JOIN {Session._meta.db_table} s ON s.id = m.session_id "
        f"JOIN {Tournament._meta.db_table} t ON t.id = s.tournament_id WHERE m.session_id = %s"
    )
    rows = rows_read(sql, [session_id])
    if not rows:
        return None
    movement, session, tournament = models_from_row(rows[0], *(m for m, _alias in joined))
    session.tournament = tournament
    movement.session = session
    return movement


# --- what a movement needs -------------------------------------------------------


@dataclass(frozen=True)
class MovementCheck:
    """Whether `tables` tables can seat the registered players, and why not."""

    registered: int
    tables: int
    room: RoomMovement | None
    problems: tuple[str, ...]  # generation is refused
    warnings: tuple[str, ...]  # generation is possible

    @property
    def ok(self) -> bool:
        return not self.problems


def tables_for(registered: int) -> int:
    """Enough tables for every registered player."""
    return max(ceil(registered / SEATS_PER_TABLE), 1)


def movement_check(
    registered: int,
    tables: int | None = None,
    type: str = "",
    positions: int | None = None,
    variant: str = "",
    etuis: int | None = None,
) -> MovementCheck:
    """Whether the room can play: enough places, and a movement for it (``etuis`` a table
    when the tournament sets them)."""
    tables = tables or tables_for(registered)
    places = tables * SEATS_PER_TABLE
    problems, warnings = [], []
    if not registered:
        problems.append(_("No player is registered in the tournament."))
    elif registered != places:
        counts = {"registered": registered, "tables": tables, "places": places}
        if registered > places:
            problems.append(
                _(
                    "Registered players: %(registered)s; places at %(tables)s tables: "
                    "%(places)s; players without a place: %(count)s. Play at %(needed)s tables."
                )
                % {**counts, "count": registered - places, "needed": tables_for(registered)}
            )
        else:
            warnings.append(
                _(
                    "Registered players: %(registered)s; places at %(tables)s tables: "
                    "%(places)s; vacant places, kept for late arrivals: %(count)s."
                )
                % {**counts, "count": places - registered}
            )
    room = None
    try:
        room = room_movement(tables, type or None, positions, variant or None, etuis)
    except UnsupportedMovement as exc:
        problems.append(f"{capfirst(str(exc).rstrip('.'))}.")  # the domain explains in French
    return MovementCheck(registered, tables, room, tuple(problems), tuple(warnings))


def session_check(session: Session, **request) -> MovementCheck:
    tournament = session.tournament
    registered = tournament.registrations.filter(waiting=False).count()
    return movement_check(registered, **request, etuis=tournament.etuis_per_table)


# --- tables and seats ------------------------------------------------------------


@dataclass(frozen=True)
class SeatView:
    seat: str
    code: str
    registration: Registration | None

    @property
    def label(self) -> str:
        return code_label(self.code)

    @property
    def seat_label(self) -> str:
        return str(SeatChoice(self.seat).label)

    @property
    def name(self) -> str:
        return self.registration.licensee.full_name if self.registration else ""


def table_name(movement: SessionMovement, section: str, table: int) -> str:
    """A table as the room calls it: its number, with its section when there are several."""
    return f"{section} {table}" if len(movement.sections) > 1 else str(table)


def etuis_text(etuis) -> str:
    """The étuis as the regulation prints them: "1-4" for a run, else "6, 7, 8, 5"."""
    etuis = list(etuis)
    if len(etuis) > 1 and etuis == list(range(etuis[0], etuis[0] + len(etuis))):
        return f"{etuis[0]}-{etuis[-1]}"
    return ", ".join(map(str, etuis))


@dataclass(frozen=True)
class TableView:
    sequence: int
    position: int
    section: str
    table: int
    etuis: tuple[int, ...]
    seats: tuple[SeatView, ...]  # Nord, Sud, Est, Ouest

    @property
    def etuis_text(self) -> str:
        return etuis_text(self.etuis)

    def seat(self, seat: str) -> SeatView:
        return self.seats[SEATS.index(seat)]

    def taken_by(self, seat: str) -> tuple[int, ...]:
        """The étuis of this table the player at seat takes."""
        return tuple(e for e in self.etuis if etui_taker(e) == seat)


def section_order(movement: SessionMovement) -> dict[str, int]:
    return {section["name"]: index for index, section in enumerate(movement.sections)}


def stored_room(movement: SessionMovement) -> RoomMovement:
    """The room's sections as stored: names, types and sizes (the positions are in the rows)."""
    return RoomMovement(
        movement.tables,
        tuple(
            SectionMovement(s["name"], MovementType(s["type"]), s["tables"], ())
            for s in movement.sections
        ),
    )


def movement_tables(movement: SessionMovement, sequence: int | None = None) -> list[TableView]:
    """Every table (of one position, or all), in order of play, section and table number."""
    places = Place.objects.filter(table__movement=movement).select_related(
        "table", "registration__licensee"
    )
    if sequence is not None:
        places = places.filter(table__sequence=sequence)
    by_table: dict[int, list[Place]] = {}
    for place in places:
        by_table.setdefault(place.table_id, []).append(place)
    order = section_order(movement)
    tables = [
        TableView(
            sequence=seats[0].table.sequence,
            position=seats[0].table.position,
            section=seats[0].table.section,
            table=seats[0].table.table,
            etuis=tuple(seats[0].table.etuis),
            seats=tuple(
                SeatView(p.seat, p.player_code, p.registration)
                for p in sorted(seats, key=lambda p: SEATS.index(p.seat))
            ),
        )
        for seats in by_table.values()
    ]
    return sorted(tables, key=lambda t: (t.sequence, order[t.section], t.table))


def movement_grid(movement: SessionMovement, sequence: int) -> list[dict]:
    """The tables of one position, grouped by section: [{"name", "tables"}, …]."""
    sections: dict[str, dict] = {}
    for table in movement_tables(movement, sequence):
        sections.setdefault(table.section, {"name": table.section, "tables": []})
        sections[table.section]["tables"].append(table)
    return list(sections.values())


def position_numbers(movement: SessionMovement) -> list[tuple[int, int]]:
    """(order of play, position number as printed) of every position."""
    return list(
        MovementTable.objects.filter(movement=movement)
        .order_by("sequence")
        .values_list("sequence", "position")
        .distinct()
    )


def movement_spots(movement: SessionMovement) -> list[tuple[Spot, Registration | None]]:
    """Each player of the movement and who holds the place at the first open position."""
    return [
        (Spot(table.section, seat.code), seat.registration)
        for table in movement_tables(movement, movement.first_open_position)
        for seat in table.seats
    ]


def spot_label(spot: Spot, registration: Registration | None) -> str:
    name = registration.licensee.full_name if registration else _("vacant place")
    return f"{spot.section} {code_label(spot.code)} — {name}"


def registrations_unseated(movement: SessionMovement):
    """Registered players who have no place in the movement."""
    return (
        movement.session.tournament.registrations.filter(waiting=False)
        .exclude(places__table__movement=movement)
        .exclude(earlier_places__table__movement=movement)
        .select_related("licensee")
        .order_by("licensee__last_name", "licensee__first_name")
    )


def table_codes(movement: SessionMovement) -> dict[tuple[str, int], str]:
    """{(section, table): code} of the movement's tables."""
    rows = TableCode.objects.filter(movement=movement).values_list("section", "table", "code")
    return {(section, table): code for section, table, code in rows}


def _table_by_code_sql() -> str:
    code, movement, session, tournament = (
        TableCode._meta.db_table,
        SessionMovement._meta.db_table,
        Session._meta.db_table,
        Tournament._meta.db_table,
    )
    read = models_columns(
        ((TableCode, "c"), (SessionMovement, "m"), (Session, "s"), (Tournament, "t"))
    )
    return (
        f"SELECT {read}, EXISTS (SELECT 1 FROM {movement} lm JOIN {session} ls "
        "ON ls.id = lm.session_id WHERE ls.tournament_id = s.tournament_id "
        "AND ls.number > s.number AND lm.current_position > 0) "
        f"FROM {code} c JOIN {movement} m ON m.id = c.movement_id "
        f"JOIN {session} s ON s.id = m.session_id JOIN {tournament} t ON t.id = s.tournament_id "
        "WHERE c.code = %s"
    )


def table_by_code(code: str) -> TableCode | None:
    """The table a code opens (with its movement, session and tournament, and whether a
    later session has started: ``code_session_over`` asks nothing more), if any. One
    statement of plain SQL (apps.core.rows): every post from a table's phone starts with
    it."""
    rows = rows_read(_table_by_code_sql(), [code.strip().upper()])
    if not rows:
        return None
    found, movement, session, tournament = models_from_row(
        rows[0], TableCode, SessionMovement, Session, Tournament
    )
    session.tournament = tournament
    movement.session = session
    found.movement = movement
    found.later_started = rows[0][-1]
    return found


def session_over(movement: SessionMovement) -> bool:
    """The session has ended: the tournament's play is over, or a later session of the
    tournament has started."""
    session = movement.session
    if session.tournament.play_over:
        return True
    return SessionMovement.objects.filter(
        session__tournament_id=session.tournament_id,
        session__number__gt=session.number,
        current_position__gt=0,
    ).exists()


def code_session_over(code: TableCode) -> bool:
    """``session_over`` for the code's session; no query for a code read by
    ``table_by_code``."""
    later_started = getattr(code, "later_started", None)
    if later_started is None:
        return session_over(code.movement)
    return code.movement.session.tournament.play_over or later_started
