"""Reads of a session's travellers: the lines of each étui with their players, what score
entry still misses, the double-entry mismatches, and the records the results are computed
from. Each costs the same few queries whatever the number of tables.

Players are keyed by their registration id. A vacant place (nobody registered in it) is
keyed by its spot in the movement ("vacant:Rouge|S3"), the same key at every position: the
scores of its tables (a stand-in played) still count in the topage of the étui, and it has
a line like every key of the records, but ``session_results`` leaves it out of the ranking.
"""

from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property

from django.contrib.contenttypes.models import ContentType
from django.db.models import CharField, Exists, OuterRef, Q, Subquery
from django.db.models.functions import Cast

from apps.core.models import AuditLog
from apps.core.rows import (
    among,
    model_columns,
    models_columns,
    models_from_row,
    objects_where,
    rows_read,
)
from apps.movements.domain.etuis import defender_seats, etui_taker
from apps.movements.domain.model import SEATS
from apps.movements.models import MovementTable, Place, SessionMovement, TableCode
from apps.movements.selectors import SeatView, section_order, table_name
from apps.scoring.models import Play, TableEntry
from apps.tournaments.models import Registration, Session

VACANT = "vacant:"


def player_key(section: str, code: str, registration_id: int | None) -> str:
    """The key of a place's player in the results: the registration id, else the spot."""
    if registration_id is not None:
        return str(registration_id)
    return f"{VACANT}{section}|{code}"


@dataclass(frozen=True)
class TravellerLine:
    """One line of a traveller: an étui at a table, its four players and what is entered."""

    table: MovementTable
    etui: int
    seats: tuple[SeatView, ...]  # Nord, Sud, Est, Ouest
    play: Play | None

    @property
    def id(self) -> str:
        return f"{self.table.pk}-{self.etui}"

    @property
    def taker_seat(self) -> str:
        return etui_taker(self.etui)

    @property
    def taker(self) -> SeatView:
        return self.seats[SEATS.index(self.taker_seat)]

    @property
    def defenders(self) -> tuple[SeatView, ...]:
        """The three others, in seat order after the taker (Nord, Sud, Est, Ouest)."""
        return tuple(self.seats[SEATS.index(seat)] for seat in defender_seats(self.taker_seat))

    @property
    def score(self) -> int | None:
        return self.play.score if self.play else None

    @property
    def check_score(self) -> int | None:
        return self.play.check_score if self.play else None

    @property
    def entered(self) -> bool:
        return self.score is not None

    @property
    def not_played(self) -> bool:
        return bool(self.play and self.play.not_played)

    @property
    def settled(self) -> bool:
        """Entered, or stated not played by the referee: nothing is missing."""
        return self.entered or self.not_played

    @property
    def in_play(self) -> bool:
        """The line's position is in play or played: its score may be entered."""
        return self.table.sequence <= self.table.movement.current_position

    @property
    def mismatch(self) -> bool:
        return bool(self.play and self.play.mismatch)


def played_tables(session: Session):
    """The tables where étuis are played (the duplication position 0 scores nothing)."""
    return MovementTable.objects.filter(movement__session=session, position__gte=1)


def played_tables_read(session: Session) -> list[MovementTable]:
    """``played_tables`` read in plain SQL (apps.core.rows), for a page that reads the
    thousand tables of a 150-table room."""
    where = "x.movement_id = (SELECT id FROM {} WHERE session_id = %s) AND x.position >= 1"
    return objects_where(MovementTable, where.format(SessionMovement._meta.db_table), [session.pk])


def _lines(
    tables, etui: int | None = None, *, seats: bool = True, movement: SessionMovement | None = None
) -> list[TravellerLine]:
    """The traveller lines of these tables (of one étui, or all), in order of play,
    section and table number; without their players (no seats) when ``seats`` is False,
    for the counts of a whole session, which would otherwise read its every place. The
    places and plays are read in one query each and grouped here (a prefetch would build
    a query set per table); the tables' ``movement``, when the caller has it, is not read."""
    tables = list(tables)
    if not tables:
        return []
    # Each movement read once (a row per table would decode its sections again and again).
    movements = (
        {movement.pk: movement}
        if movement is not None
        else SessionMovement.objects.in_bulk({table.movement_id for table in tables})
    )
    for table in tables:
        MovementTable.movement.field.set_cached_value(table, movements[table.movement_id])
    by_pk = {table.pk: table for table in tables}
    plays: dict[int, dict[int, Play]] = defaultdict(dict)
    # the counts of a whole session read the scores only
    only = () if seats else ("table_id", "etui", "score", "check_score", "not_played")
    condition, params = among("x.table_id", by_pk)
    for play in objects_where(Play, condition, params, only=only):
        _table_cached(play, by_pk[play.table_id])
        plays[play.table_id][play.etui] = play
    places: dict[int, list[Place]] = defaultdict(list)
    if seats:
        for place in Place.objects.filter(table_id__in=by_pk).select_related(
            "registration__licensee"
        ):
            _table_cached(place, by_pk[place.table_id])
            places[place.table_id].append(place)
    order = section_order(tables[0].movement)
    tables.sort(key=lambda t: (t.sequence, order.get(t.section, 0), t.table))
    lines = []
    for table in tables:
        seated = sorted(places[table.pk], key=lambda p: SEATS.index(p.seat))
        views = tuple(SeatView(p.seat, p.player_code, p.registration) for p in seated)
        played = plays[table.pk]
        lines.extend(
            TravellerLine(table, number, views, played.get(number))
            for number in table.etuis
            if etui is None or number == etui
        )
    return lines


def _table_cached(row: Play | Place, table: MovementTable) -> None:
    """``row.table`` known without a query, as a prefetch would have set it."""
    type(row).table.field.set_cached_value(row, table)


def traveller(session: Session, etui: int) -> list[TravellerLine]:
    """The fiche ambulante of one étui: every table that plays it, in order of play."""
    tables = played_tables(session)
    playing = [pk for pk, etuis in tables.values_list("pk", "etuis") if etui in etuis]
    return _lines(tables.filter(pk__in=playing), etui)


def traveller_line(session: Session, table_pk: int, etui: int) -> TravellerLine | None:
    """One line, if that table of the session plays that étui."""
    lines = _lines(played_tables(session).filter(pk=table_pk), etui)
    return lines[0] if lines else None


def session_etuis(session: Session) -> list[int]:
    """The étuis played in the session, in number order."""
    rows = played_tables(session).values_list("etuis", flat=True)
    return sorted({etui for etuis in rows for etui in etuis})


def _unsettled(tables) -> int:
    """How many lines of these tables have no score and were not stated not played."""
    expected = sum(len(etuis) for etuis in tables.values_list("etuis", flat=True))
    settled = (
        Play.objects.filter(table__in=tables)
        .filter(Q(score__isnull=False) | Q(not_played=True))
        .count()
    )
    return expected - settled


def table_settled_etuis(table: MovementTable) -> set[int]:
    """The étuis of the table with a score or stated not played (a change of player during
    play leaves them to the earlier holder: apps.movements.services.settled_etuis)."""
    settled = Play.objects.filter(table=table).filter(Q(score__isnull=False) | Q(not_played=True))
    return set(settled.values_list("etui", flat=True))


def unsettled_in_play(movement: SessionMovement) -> int:
    """The lines missing at the positions put in play."""
    return _unsettled(
        played_tables(movement.session).filter(position__lte=movement.current_position)
    )


# --- progress of the entry -------------------------------------------------------


@dataclass(frozen=True)
class PositionProgress:
    """Score entry at one position of one section."""

    sequence: int
    position: int
    section: str
    in_play: bool
    lines: tuple[TravellerLine, ...]

    @property
    def expected(self) -> int:
        return len(self.lines)

    @property
    def entered(self) -> int:
        return sum(line.entered for line in self.lines)

    @property
    def checked(self) -> int:
        return sum(line.check_score is not None for line in self.lines)

    @property
    def not_played(self) -> int:
        return sum(line.not_played for line in self.lines)

    @cached_property  # read several times by the progress page, polled all evening
    def missing(self) -> tuple[TravellerLine, ...]:
        return tuple(line for line in self.lines if not line.settled)

    @property
    def complete(self) -> bool:
        return not self.missing


def entry_progress(session: Session) -> list[PositionProgress]:
    """Per position and section, in order of play: the lines entered and those missing
    (without their players)."""
    groups: dict[tuple[int, str], list[TravellerLine]] = {}
    for line in _lines(played_tables_read(session), seats=False):
        groups.setdefault((line.table.sequence, line.table.section), []).append(line)
    return [
        PositionProgress(
            sequence=sequence,
            position=lines[0].table.position,
            section=section,
            in_play=lines[0].in_play,
            lines=tuple(lines),
        )
        for (sequence, section), lines in groups.items()
    ]


def etui_scores(session: Session, etui: int, besides: MovementTable) -> list[int]:
    """The scores entered for this étui at the session's other tables."""
    return list(
        Play.objects.filter(table__in=played_tables(session), etui=etui, score__isnull=False)
        .exclude(table=besides)
        .values_list("score", flat=True)
    )


def code_etui_scores(code: TableCode, sequence: int, etui: int) -> list[int]:
    """The scores entered for this étui at the session's tables other than the code's
    table at the position played ``sequence``-th (one statement of plain SQL: Nord's every
    typed score asks it)."""
    sql = (
        f"SELECT l.score FROM {Play._meta.db_table} l "
        f"JOIN {MovementTable._meta.db_table} t ON t.id = l.table_id "
        "WHERE t.movement_id = %s AND t.position >= 1 AND l.etui = %s AND l.score IS NOT NULL "
        'AND NOT (t.section = %s AND t."table" = %s AND t.sequence = %s)'
    )
    params = [code.movement_id, etui, code.section, code.table, sequence]
    return [score for (score,) in rows_read(sql, params)]


def table_lines(session: Session, table: int) -> list[TravellerLine]:
    """The lines of one table at one position: its étuis, in their order."""
    return _lines(played_tables(session).filter(pk=table))


def position_tables(table: MovementTable) -> list[MovementTable]:
    """The tables played at the same moment as ``table``, in section and table order."""
    return list(
        MovementTable.objects.filter(movement_id=table.movement_id, sequence=table.sequence)
        .order_by("section", "table")
        .only("pk", "section", "table", "movement_id", "sequence")
    )


def position_lines(movement, position: int) -> list[TravellerLine]:
    """The traveller lines of one position of the movement, in table order."""
    return _lines(
        MovementTable.objects.filter(movement=movement, position=position), movement=movement
    )


def position_settled(movement, position: int) -> bool:
    """Whether every line of one position has its score or is stated not played (two
    small queries: the room display asks it at each refresh)."""
    tables = MovementTable.objects.filter(movement=movement, position=position)
    expected = sum(len(etuis) for etuis in tables.values_list("etuis", flat=True))
    settled = Play.objects.filter(Q(score__isnull=False) | Q(not_played=True), table__in=tables)
    return settled.count() >= expected


def lines_without_score(session: Session) -> list[TravellerLine]:
    """The lines with no score, stated not played or not, in order of play."""
    return [line for line in _lines(played_tables(session)) if not line.entered]


def etui_counts(progress: list[PositionProgress]) -> list[tuple[int, int, int]]:
    """(étui, lines entered, lines) of every étui, in number order."""
    counts: dict[int, list[int]] = {}
    for line in (line for row in progress for line in row.lines):
        count = counts.setdefault(line.etui, [0, 0])
        count[0] += line.entered
        count[1] += 1
    return [(etui, entered, total) for etui, (entered, total) in sorted(counts.items())]


def double_entry_mismatches(session: Session) -> list[TravellerLine]:
    """Lines whose second entry differs from the first, by étui and order of play."""
    lines = [line for line in _lines(played_tables(session)) if line.mismatch]
    return sorted(lines, key=lambda line: line.etui)


@dataclass(frozen=True)
class OwnLine:
    """A player's étui as entered: at which table and where they sat, whether they took,
    their side's score."""

    line: TravellerLine
    seat: str
    table: str  # as the room calls it: with its section when there are several

    @property
    def taker(self) -> bool:
        return self.seat == self.line.taker_seat

    @property
    def side_score(self) -> int | None:
        score = self.line.score
        return None if score is None else (score if self.taker else -score)


def own_lines(movement: SessionMovement, registration_id: int) -> list[OwnLine]:
    """The player's lines at the positions put in play, in order of play (their places with
    their tables, then the plays: two statements of plain SQL, as every player's « Mes
    scores » asks them all evening; the other players' places are not read)."""
    sql = (
        f"SELECT {model_columns(Place, 'p')}, {model_columns(MovementTable, 't')} "
        f"FROM {Place._meta.db_table} p JOIN {MovementTable._meta.db_table} t "
        "ON t.id = p.table_id WHERE p.registration_id = %s AND t.movement_id = %s "
        "AND t.position BETWEEN 1 AND %s"
    )
    params = [registration_id, movement.pk, movement.current_position]
    placed = [models_from_row(row, Place, MovementTable) for row in rows_read(sql, params)]
    seats = {place.table_id: place.seat for place, _table in placed}
    tables = [table for _place, table in placed]
    lines = _lines(tables, seats=False, movement=movement)
    return [
        OwnLine(
            line, seats[line.table.pk], table_name(movement, line.table.section, line.table.table)
        )
        for line in lines
    ]


# --- table entry -----------------------------------------------------------------


@dataclass(frozen=True)
class TableEtui:
    """An étui of a table as its phone shows it: the line and what the table sent."""

    line: TravellerLine
    entry: TableEntry | None

    @property
    def state(self) -> str:
        """recorded (the line has its score), disputed, pending (Nord's score waits for
        another player), held (the referee cleared a confirmed line) or open."""
        if self.line.entered:
            return "recorded"
        if self.entry is None:
            return "open"
        if self.entry.state == TableEntry.State.CONFIRMED:
            return "held"
        return self.entry.state

    # The states the phone's block shows differently.
    recorded = property(lambda self: self.state == "recorded")
    disputed = property(lambda self: self.state == TableEntry.State.DISPUTED)
    held = property(lambda self: self.state == "held")
    pending = property(lambda self: self.state == TableEntry.State.PENDING)


def _entries(tables) -> dict[tuple[int, int], TableEntry]:
    rows = TableEntry.objects.filter(table__in=tables)
    return {(entry.table_id, entry.etui): entry for entry in rows}


def _table_places_sql() -> str:
    """The SQL of the places (with their table, registration and licensee) of a code's
    table at a position, by movement, section, table number and sequence."""
    licensee = Registration._meta.get_field("licensee").related_model
    read = models_columns(
        ((Place, "p"), (MovementTable, "t"), (Registration, "r"), (licensee, "l"))
    )
    return (
        f"SELECT {read} FROM {Place._meta.db_table} p "
        f"JOIN {MovementTable._meta.db_table} t ON t.id = p.table_id "
        f"LEFT JOIN {Registration._meta.db_table} r ON r.id = p.registration_id "
        f"LEFT JOIN {licensee._meta.db_table} l ON l.id = r.licensee_id "
        'WHERE t.movement_id = %s AND t.section = %s AND t."table" = %s AND t.sequence = %s'
    )


def _seat_view(row) -> tuple[SeatView, MovementTable]:
    licensee = Registration._meta.get_field("licensee").related_model
    place, table, registration, holder = models_from_row(
        row, Place, MovementTable, Registration, licensee
    )
    if place.registration_id is None:
        return SeatView(place.seat, place.player_code, None), table
    registration.licensee = holder
    return SeatView(place.seat, place.player_code, registration), table


def _plays_and_entries(table: MovementTable, numbers: list[int]) -> dict[int, tuple]:
    """{étui: (its play or None, its entry or None)} of the table's étuis ``numbers``, in
    one statement."""
    if not numbers:
        return {}
    # the étuis as rows, written alike for PostgreSQL and SQLite
    values = " UNION ALL ".join(["SELECT CAST(%s AS INTEGER) AS etui"] * len(numbers))
    sql = (
        f"SELECT n.etui, {model_columns(Play, 'x')}, {model_columns(TableEntry, 'e')} "
        f"FROM ({values}) n "
        f"LEFT JOIN {Play._meta.db_table} x ON x.table_id = %s AND x.etui = n.etui "
        f"LEFT JOIN {TableEntry._meta.db_table} e ON e.table_id = %s AND e.etui = n.etui"
    )
    found = {}
    for number, *row in rows_read(sql, [*numbers, table.pk, table.pk]):
        play, entry = models_from_row(row, Play, TableEntry)
        found[number] = (play if play.pk else None, entry if entry.pk else None)
    return found


def code_table_etuis(code: TableCode, sequence: int, etui: int | None = None) -> list[TableEtui]:
    """The étuis (or the one étui) of the code's table at the position played
    ``sequence``-th: two statements of plain SQL (apps.core.rows: the places with their
    table and players, then the plays and entries), as every post from the table's phone
    answers with its étui."""
    params = [code.movement_id, code.section, code.table, sequence]
    seated = sorted(
        (_seat_view(row) for row in rows_read(_table_places_sql(), params)),
        key=lambda seat_table: SEATS.index(seat_table[0].seat),
    )
    if not seated:
        return []
    table = seated[0][1]
    table.movement = code.movement
    seats = tuple(seat for seat, _table in seated)
    numbers = [number for number in table.etuis if etui is None or number == etui]
    found = _plays_and_entries(table, numbers)
    return [
        TableEtui(TravellerLine(table, number, seats, found[number][0]), found[number][1])
        for number in numbers
    ]


@dataclass(frozen=True)
class TableEntryRow:
    """What one table of the position in play has entered from its phone."""

    table: MovementTable
    name: str
    etuis: int
    recorded: int
    pending: int
    disputed: int


def table_entry_rows(
    movement: SessionMovement, progress: list[PositionProgress]
) -> list[TableEntryRow]:
    """Per table of the position in play: its étuis, recorded, waiting for confirmation and
    disputed, counted from the session's ``progress`` (``entry_progress``, which the
    progress page reads anyway) and the tables' entries (one query whatever the room's
    size)."""
    lines = [
        line for row in progress if row.sequence == movement.current_position for line in row.lines
    ]
    entries = _entries({line.table.pk for line in lines})
    rows: dict[int, list] = {}
    for line in lines:
        etui = TableEtui(line, entries.get((line.table.pk, line.etui)))
        row = rows.setdefault(line.table.pk, [line.table, 0, 0, 0, 0])
        row[1] += 1
        row[2] += etui.state == "recorded"
        row[3] += etui.state == "pending"
        row[4] += etui.state == "disputed"
    return [
        TableEntryRow(table, table_name(movement, table.section, table.table), *counts)
        for table, *counts in rows.values()
    ]


def table_disagreements(session: Session) -> list[TableEtui]:
    """The étuis a table disagreed on and the referee has not entered yet, by étui."""
    disputed = TableEntry.objects.filter(
        table__movement__session=session, state=TableEntry.State.DISPUTED
    )
    tables = played_tables(session).filter(pk__in=disputed.values("table_id"))
    entries = _entries(tables)
    etuis = [TableEtui(line, entries.get((line.table.pk, line.etui))) for line in _lines(tables)]
    return sorted(
        (etui for etui in etuis if etui.state == "disputed"), key=lambda etui: etui.line.etui
    )


def etui_disagreements(session: Session, etui: int) -> dict[int, TableEntry]:
    """The entries of one étui a table disagreed on, by table id (one query); the line
    entered since settles it."""
    rows = TableEntry.objects.filter(
        table__movement__session=session, etui=etui, state=TableEntry.State.DISPUTED
    )
    return {entry.table_id: entry for entry in rows}


def table_disagreement_count(session: Session) -> int:
    """How many étuis a table disagreed on wait for the referee (one query)."""
    recorded = Play.objects.filter(
        table_id=OuterRef("table_id"), etui=OuterRef("etui"), score__isnull=False
    )
    return (
        TableEntry.objects.filter(table__movement__session=session, state=TableEntry.State.DISPUTED)
        .exclude(Exists(recorded))
        .count()
    )


# --- corrections between two moments -----------------------------------------------


@dataclass(frozen=True)
class ScoreChange:
    """A line's score changed: which line (« étui 2, table 3 »), before → after, why."""

    line: str
    before: int | None
    after: int | None
    reason: str


def score_changes(tournament_id: int, after, until) -> list[ScoreChange]:
    """The scores of the tournament's lines changed after ``after`` up to ``until``, in the
    order they were changed, from the audit trail (a line entered for the first time is
    not a change)."""
    plays = (
        Play.objects.filter(table__movement__session__tournament_id=tournament_id)
        .annotate(key=Cast("pk", CharField()))
        .values("key")
    )
    rows = AuditLog.objects.filter(
        content_type=ContentType.objects.get_for_model(Play),
        object_id__in=Subquery(plays),
        action=AuditLog.Action.UPDATE,
        at__gt=after,
        at__lte=until,
        changes__has_key="score",
    ).order_by("at", "pk")
    return [
        ScoreChange(row.object_repr, *row.changes["score"], row.changes.get("reason", ""))
        for row in rows
    ]
