"""What a session's results are computed from (fascicule 3, ch. 1), read as plain values:
the movement's tables where étuis are played, who sits at each of their seats, and the
score of every line. Read in four short queries (the movement's sections, then three of
plain SQL read row by row, without model objects or the ORM's per-row work): a 150-table
session is recomputed on every change of its results, and its reading is most of that
work (bench/scoring.py)."""

import json
from collections import defaultdict
from dataclasses import dataclass
from typing import NamedTuple

from django.db import connection

from apps.core.latest import Latest
from apps.movements.domain.etuis import defender_seats, etui_taker
from apps.movements.domain.howell import parallel_deal
from apps.movements.domain.model import MovementType
from apps.movements.models import MovementTable, Place, SessionMovement
from apps.penalties.domain import effects
from apps.results.domain.forfeits import SeatTurn, SessionField, session_field
from apps.results.domain.model import PlayRecord
from apps.scoring.models import Play
from apps.scoring.selectors import player_key
from apps.tournaments.models import Session

PARALLEL_HOWELL_SECTIONS = 3  # the 3x4 Howell room

Line = tuple[str, int, int]  # section, table number, étui


@dataclass(frozen=True)
class SessionInputs:
    """What a session's results are computed from, as plain values.

    ``records``: every play of the movement, entered or not; ``lines``: {player key: the
    seat they hold at their first position, None in a Howell section where players change
    orientation} (every key of ``records`` has one); ``field``: the players the session
    ranks, decided from who holds each seat at each position (``session_field``);
    ``unplayed``: the lines the referee stated were not played, their
    étui scored without them (ch. 4 « Donne neutralisée »)."""

    records: list[PlayRecord]
    lines: dict[str, str | None]
    field: SessionField
    unplayed: dict[Line, effects.AdjustedScore]


def _deal_numbering(sections: list[dict]):
    """The deal each étui holds: in 3x4 parallel Howell, étuis 25 to 32 hold the deals of
    étuis 1 to 8 and are topped with them; elsewhere every étui is its own deal."""
    if len(sections) == PARALLEL_HOWELL_SECTIONS and all(
        s["type"] == MovementType.HOWELL for s in sections
    ):
        return parallel_deal
    return lambda etui: etui


def _played_tables_sql(columns: str, joined: str = "", order: str = "") -> str:
    """The SQL reading ``columns`` of the session's tables where étuis are played (the
    duplication position 0 scores nothing), with ``joined`` (the table is ``t``)."""
    tables, movements = MovementTable._meta.db_table, SessionMovement._meta.db_table
    return (
        f"SELECT {columns} FROM {tables} t {joined} "
        f"WHERE t.movement_id = (SELECT id FROM {movements} WHERE session_id = %s) "
        f"AND t.position >= 1 {order}"
    )


def _rows(sql: str, session: Session) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, [session.pk])
        return cursor.fetchall()


def _layout(session: Session) -> list[dict]:
    """The movement's sections as generated (none before it is)."""
    sections = SessionMovement.objects.filter(session=session).values_list("sections", flat=True)
    return next(iter(sections), None) or []


def _tables(session: Session) -> dict[int, tuple]:
    """{table id: (sequence, position, section, number, étuis)}, in order of play."""
    sql = _played_tables_sql(
        't.id, t.sequence, t.position, t.section, t."table", t.etuis',
        order='ORDER BY t.sequence, t."table"',
    )
    lists: dict[str, tuple[int, ...]] = {}  # most tables play the same étuis as others
    return {
        pk: (
            sequence,
            position,
            section,
            number,
            lists.get(etuis) or lists.setdefault(etuis, tuple(json.loads(etuis))),
        )
        for pk, sequence, position, section, number, etuis in _rows(sql, session)
    }


def _places(session: Session) -> list[tuple]:
    """(table id, seat, player code, registration id, earlier registration id, étuis
    played before) of every seat of those tables, in order of play."""
    joined = f"JOIN {Place._meta.db_table} p ON p.table_id = t.id"
    columns = "t.id, p.seat, p.player_code, p.registration_id, p.earlier_registration_id, "
    columns += "p.earlier_etuis"
    return _rows(_played_tables_sql(columns, joined, "ORDER BY t.sequence"), session)


def _plays(session: Session) -> list[tuple]:
    """(table id, étui, score, not played) of every line entered at those tables."""
    joined = f"JOIN {Play._meta.db_table} l ON l.table_id = t.id"
    return _rows(_played_tables_sql("t.id, l.etui, l.score, l.not_played", joined), session)


def _etuis_described(tables: dict[int, tuple], deal) -> dict[int, tuple]:
    """{étui: (taker's seat as plain text, defenders' seats, deal)}, worked out once each."""
    described = {}
    for *_table, etuis in tables.values():
        for etui in etuis:
            if etui not in described:
                taker_seat = str(etui_taker(etui))
                described[etui] = (taker_seat, defender_seats(taker_seat), deal(etui))
    return described


def _holder(registration: int | None) -> str | None:
    return None if registration is None else str(registration)


def _seating(session: Session, tables: dict[int, tuple], howell: set[str]) -> tuple:
    """{table id: {seat: player key}}, {table id: [(seat, étuis, earlier player key)]} of
    the seats that changed player during the position (the earlier holder played the
    table's first étuis), each player's line and who holds each seat at each position
    (``SessionInputs``)."""
    seated: dict[int, dict[str, str]] = defaultdict(dict)
    earlier: dict[int, list[tuple[str, int, str]]] = defaultdict(list)
    lines: dict[str, str | None] = {}
    turns = []
    for table, seat, code, registration, before, kept in _places(session):
        sequence, _position, section, _number, etuis = tables[table]
        spot, line = f"{section}|{code}", None if section in howell else seat
        if kept:
            key = player_key(section, code, before)
            earlier[table].append((seat, kept, key))
            lines.setdefault(key, line)
            turns.append(SeatTurn(spot, sequence, _holder(before), kept))
        key = player_key(section, code, registration)
        seated[table][seat] = key
        lines.setdefault(key, line)
        turns.append(
            SeatTurn(spot, sequence, _holder(registration), len(etuis) - kept, int(kept > 0))
        )
    return seated, earlier, lines, turns


def _scores(session: Session, tables: dict[int, tuple]) -> tuple:
    """{(table id, étui): score} of the lines entered, and the lines not played."""
    scores = {}
    unplayed = {}
    neutralised = effects.AdjustedScore(effects.AdjustmentKind.NEUTRALIZED)
    for table, etui, score, not_played in _plays(session):
        scores[table, etui] = score
        if not_played:
            _sequence, _position, section, number, _etuis = tables[table]
            unplayed[section, number, etui] = neutralised
    return scores, unplayed


class _Seated(NamedTuple):
    """What the session's seating gives its results, whatever the scores: its tables, each
    line as a play record but its score (``PlayRecord``'s fields but the score and the
    deal, then the deal), each player's line and the players the session ranks."""

    tables: dict[int, tuple]
    plays: list[tuple[tuple[int, int], tuple, int | None]]  # ((table id, étui), fields, deal)
    lines: dict[str, str | None]
    field: SessionField


def _seated(session: Session) -> _Seated:
    """The session's seating as its results read it, in three queries."""
    layout = _layout(session)
    tables = _tables(session)
    seated, earlier, lines, turns = _seating(
        session, tables, {s["name"] for s in layout if s["type"] == MovementType.HOWELL}
    )
    etui_of = _etuis_described(tables, _deal_numbering(layout))
    plays = []
    for pk, (_sequence, position, section, number, etuis) in tables.items():
        for index, etui in enumerate(etuis):
            seats = seated[pk]
            if pk in earlier:  # a seat changed player during the position
                seats = {**seats, **{seat: key for seat, kept, key in earlier[pk] if index < kept}}
            taker_seat, (first, second, third), dealt = etui_of[etui]
            defenders = (seats[first], seats[second], seats[third])
            fields = (etui, section, position, number, seats[taker_seat], taker_seat, defenders)
            plays.append(((pk, etui), fields, dealt))
    return _Seated(tables, plays, lines, session_field(turns))


# The seating of the sessions read lately, by session and the stamp of their seating: a
# score changes a session's results every few seconds of an evening, its seating rarely.
SEATINGS_KEPT = 16  # as many as the results kept (apps.results.memo)
_kept = Latest(SEATINGS_KEPT)


def _seated_kept(session: Session, seating: tuple | None) -> _Seated:
    """``_seated``, kept in this process for ``seating`` (the stamp of the session's
    seating, read before; None: read it again). What is kept is shared and never changed."""
    if seating is None:
        return _seated(session)
    key = (session.pk, seating)
    found = _kept.get(key)
    if found is None:
        found = _seated(session)
        _kept.put(key, found)
    return found


def session_inputs(session: Session, seating: tuple | None = None) -> SessionInputs:
    """The session's plays, seats and lines not played: the seating read in three queries,
    or kept for ``seating`` (the stamp of the seating, ``memo.Stamp.seating``), then the
    lines in one."""
    seated = _seated_kept(session, seating)
    scores, unplayed = _scores(session, seated.tables)
    records = [PlayRecord(*fields, scores.get(line), dealt) for line, fields, dealt in seated.plays]
    return SessionInputs(records, seated.lines, seated.field, unplayed)
