"""Reads of a session's travellers: the lines of each étui with their players, what score
entry still misses, the double-entry mismatches, and the records the results are computed
from. Each costs the same few queries whatever the number of tables.

Players are keyed by their registration id. A vacant place (nobody registered in it) is
keyed by its spot in the movement ("vacant:Rouge|S3"), the same key at every position: the
scores of its tables (a stand-in played) still count in the topage of the étui, and it has
a line like every key of the records, but ``session_results`` leaves it out of the ranking.
"""

from collections import defaultdict
from dataclasses import dataclass, replace

from django.db.models import Prefetch, Q

from apps.movements.domain.etuis import etui_taker
from apps.movements.domain.howell import parallel_deal
from apps.movements.domain.model import SEATS, MovementType
from apps.movements.models import MovementTable, Place, SessionMovement
from apps.movements.selectors import SeatView, section_order
from apps.penalties.domain.effects import Adjustment, AdjustmentKind
from apps.penalties.selectors import session_decisions
from apps.scoring.domain.compute import session_results_compute
from apps.scoring.domain.rankings import Standing, alternate_places, general_ranking
from apps.scoring.domain.results import PlayRecord, SessionResults, defender_seats
from apps.scoring.models import Play
from apps.tournaments.models import Session

VACANT = "vacant:"
PARALLEL_HOWELL_SECTIONS = 3  # the 3x4 Howell room


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


def _played_tables(session: Session):
    """The tables where étuis are played (the duplication position 0 scores nothing)."""
    return MovementTable.objects.filter(movement__session=session, position__gte=1)


def _lines(tables, etui: int | None = None) -> list[TravellerLine]:
    """The traveller lines of these tables (of one étui, or all), in order of play,
    section and table number."""
    tables = list(
        tables.select_related("movement").prefetch_related(
            Prefetch("places", queryset=Place.objects.select_related("registration__licensee")),
            "plays",
        )
    )
    if not tables:
        return []
    order = section_order(tables[0].movement)
    tables.sort(key=lambda t: (t.sequence, order.get(t.section, 0), t.table))
    lines = []
    for table in tables:
        places = sorted(table.places.all(), key=lambda p: SEATS.index(p.seat))
        seats = tuple(SeatView(p.seat, p.player_code, p.registration) for p in places)
        plays = {play.etui: play for play in table.plays.all()}
        lines.extend(
            TravellerLine(table, number, seats, plays.get(number))
            for number in table.etuis
            if etui is None or number == etui
        )
    return lines


def traveller(session: Session, etui: int) -> list[TravellerLine]:
    """The fiche ambulante of one étui: every table that plays it, in order of play."""
    tables = _played_tables(session)
    playing = [pk for pk, etuis in tables.values_list("pk", "etuis") if etui in etuis]
    return _lines(tables.filter(pk__in=playing), etui)


def traveller_line(session: Session, table_pk: int, etui: int) -> TravellerLine | None:
    """One line, if that table of the session plays that étui."""
    lines = _lines(_played_tables(session).filter(pk=table_pk), etui)
    return lines[0] if lines else None


def session_etuis(session: Session) -> list[int]:
    """The étuis played in the session, in number order."""
    rows = _played_tables(session).values_list("etuis", flat=True)
    return sorted({etui for etuis in rows for etui in etuis})


# --- what the results are computed from -----------------------------------------


def _deal_numbering(session: Session):
    """The deal each étui holds: in 3x4 parallel Howell, étuis 25 to 32 hold the deals of
    étuis 1 to 8 and are topped with them; elsewhere every étui is its own deal."""
    sections = SessionMovement.objects.filter(session=session).values_list("sections", flat=True)
    layout = next(iter(sections), [])
    if len(layout) == PARALLEL_HOWELL_SECTIONS and all(
        s["type"] == MovementType.HOWELL for s in layout
    ):
        return parallel_deal
    return lambda etui: etui


def session_play_records(session: Session) -> list[PlayRecord]:
    """Every play of the session's movement, entered or not, read as plain values (three
    queries; no model objects, so a 150-table session stays fast)."""
    played = _played_tables(session)
    seated: dict[int, dict[str, str]] = defaultdict(dict)
    for table, seat, section, code, registration in Place.objects.filter(
        table__in=played
    ).values_list("table_id", "seat", "table__section", "player_code", "registration_id"):
        seated[table][seat] = player_key(section, code, registration)
    scores = {
        (table, etui): score
        for table, etui, score in Play.objects.filter(table__in=played).values_list(
            "table_id", "etui", "score"
        )
    }
    deal = _deal_numbering(session)
    records = []
    for pk, position, section, number, etuis in played.order_by("sequence", "table").values_list(
        "pk", "position", "section", "table", "etuis"
    ):
        for etui in etuis:
            taker_seat = etui_taker(etui)
            records.append(
                PlayRecord(
                    etui=etui,
                    deal=deal(etui),
                    section=section,
                    position=position,
                    table=number,
                    taker=seated[pk][taker_seat],
                    taker_seat=taker_seat,
                    defenders=tuple(seated[pk][seat] for seat in defender_seats(taker_seat)),
                    score=scores.get((pk, etui)),
                )
            )
    return records


def session_lines(session: Session) -> dict[str, str | None]:
    """{player key: line}: the seat each player (and each vacant place) holds at their
    first position, None in a Howell section where players change orientation; every key
    of ``session_play_records`` has one."""
    sections = SessionMovement.objects.filter(session=session).values_list("sections", flat=True)
    howell = {s["name"] for s in next(iter(sections), []) if s["type"] == MovementType.HOWELL}
    lines: dict[str, str | None] = {}
    rows = (
        Place.objects.filter(table__in=_played_tables(session))
        .order_by("table__sequence")
        .values_list("table__section", "player_code", "registration_id", "seat")
    )
    for section, code, registration, seat in rows:
        lines.setdefault(
            player_key(section, code, registration), None if section in howell else seat
        )
    return lines


def _registered_only(results: SessionResults) -> SessionResults:
    """The results without the vacant places, ranked again: their plays keep counting in
    the topage, but a vacant place takes no rank."""
    players = {p.player: p for p in results.players if not p.player.startswith(VACANT)}
    if len(players) == len(results.players):
        return results
    standings = [Standing(p.player, p.final, p.tops, p.line) for p in players.values()]
    alternate = alternate_places(standings)
    ranked = tuple(
        replace(players[s.player], rank=rank, rank_alternate=alternate.get(s.player))
        for s, rank in general_ranking(standings)
    )
    return replace(results, players=ranked)


def session_unplayed(session: Session) -> dict[tuple[str, int, int], Adjustment]:
    """{(section, table number, étui): neutralised} of the lines the referee stated were
    not played: their étui is scored without them (ch. 4 « Donne neutralisée »)."""
    rows = Play.objects.filter(table__in=_played_tables(session), not_played=True)
    return {
        key: Adjustment(AdjustmentKind.NEUTRALIZED)
        for key in rows.values_list("table__section", "table__table", "etui")
    }


def unsettled_lines(session: Session) -> int:
    """How many lines of the session have no score and were not stated not played, at
    every position of its movement (in play or not)."""
    expected = sum(len(etuis) for etuis in _played_tables(session).values_list("etuis", flat=True))
    settled = (
        Play.objects.filter(table__in=_played_tables(session))
        .filter(Q(score__isnull=False) | Q(not_played=True))
        .count()
    )
    return expected - settled


def session_results(session: Session) -> SessionResults:
    """Notes, percentages and rankings of the session as entered so far."""
    penalties, adjustments = session_decisions(session)
    adjustments = {**session_unplayed(session), **adjustments}
    results = session_results_compute(
        session_play_records(session), session_lines(session), penalties, adjustments
    )
    return _registered_only(results)


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

    @property
    def missing(self) -> tuple[TravellerLine, ...]:
        return tuple(line for line in self.lines if not line.settled)

    @property
    def complete(self) -> bool:
        return not self.missing


def entry_progress(session: Session) -> list[PositionProgress]:
    """Per position and section, in order of play: the lines entered and those missing."""
    groups: dict[tuple[int, str], list[TravellerLine]] = {}
    for line in _lines(_played_tables(session)):
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


def lines_without_score(session: Session) -> list[TravellerLine]:
    """The lines with no score, stated not played or not, in order of play."""
    return [line for line in _lines(_played_tables(session)) if not line.entered]


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
    lines = [line for line in _lines(_played_tables(session)) if line.mismatch]
    return sorted(lines, key=lambda line: line.etui)
