"""Reads for the results pages (fascicule 3, ch. 1): who may see them, and a session's
results as shown, with each player's name, licence and club: the classements général and
alterné, the topage sheet of every étui and each player's feuille de route. A session costs
the queries of ``session_results`` plus one for the players, whatever their number."""

from collections import defaultdict
from dataclasses import dataclass
from functools import cached_property

from django.db.models import Count
from django.shortcuts import get_object_or_404
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext as _

from apps.accounts import permissions
from apps.core.collector import collections_paused
from apps.core.values import whole_number
from apps.movements.models import Place
from apps.movements.printing import seat_name
from apps.penalties.models import Adjustment, FaultySide, Incident, Penalty
from apps.penalties.selectors import session_decisions
from apps.results.domain.compute import session_results_compute
from apps.results.domain.fingerprint import seated_lines
from apps.results.domain.forfeits import ranked_results
from apps.results.domain.model import (
    FORFEIT,
    PlayerResult,
    PlayNote,
    SessionResults,
    SheetLine,
    Unranked,
)
from apps.results.domain.rankings import (
    Standing,
    general_ranking,
    tie_notes,
    tournament_standings,
)
from apps.results.domain.same_results import Play as PlayTriple
from apps.results.domain.same_results import licensed_plays
from apps.results.inputs import session_inputs
from apps.results.memo import Kept, Stamp, results_memo, results_stamp
from apps.scoring.models import Play
from apps.tournaments.domain.workflow import ORDER, Status
from apps.tournaments.models import Registration, Session, Tournament
from apps.tournaments.permissions import tournaments_for_user
from apps.tournaments.selectors import registration_of

CLOCKWISE = ("N", "E", "S", "W")  # seen from above; a player's left is the next seat


# --- what the results are computed from -----------------------------------------


def ties_by_tops(tournament: Tournament) -> bool:
    """A championship stage breaks ties by TOPs (ch. 2 art. 20); elsewhere equal
    percentages share the rank and its awards (ch. 5 « Ex-æquo »)."""
    return tournament.kind == Tournament.Kind.CHAMPIONSHIP


def session_results(session: Session, stamp: Stamp | None = None) -> SessionResults:
    """Notes, percentages and rankings of the session as entered so far: computed once per
    change of what they depend on (``apps.results.memo``); ``stamp``: the session's
    ``results_stamp``, read already."""
    return kept_results(session, stamp).results


def kept_results(session: Session, stamp: Stamp | None = None, *, previous: bool = False) -> Kept:
    """The session's results as kept for its current stamp; with ``previous`` (a page that
    polls), its previous ones while another process computes them (``Kept.updating``):
    see ``apps.results.memo``."""
    stamp = stamp or results_stamp(session)
    return results_memo(
        session, stamp, lambda: session_results_computed(session, stamp), previous=previous
    )


def session_results_computed(session: Session, stamp: Stamp | None = None) -> SessionResults:
    """The session's results computed from the database, from scratch; the referee's
    decisions are not read when ``stamp``, read before, counts none."""
    with collections_paused():
        return _session_results_computed(session, stamp)


def _session_results_computed(session: Session, stamp: Stamp | None) -> SessionResults:
    by_tops = ties_by_tops(session.tournament)
    inputs = session_inputs(session, None if stamp is None else stamp.seating)
    decided = stamp is None or stamp.decided
    penalties, adjustments = session_decisions(session) if decided else ({}, {})
    adjustments = {**inputs.unplayed, **adjustments}
    results = session_results_compute(
        inputs.records, inputs.lines, penalties, adjustments, by_tops=by_tops
    )
    return ranked_results(results, inputs.field, by_tops=by_tops)


# --- the results as shown ---------------------------------------------------------


def own_registration(user, tournament: Tournament) -> int | None:
    """The user's registration in the tournament, through their licensee."""
    return registration_of(tournament.pk, permissions.roles_of(user).licensee_id)


def tournament_for_user(user, pk: int) -> Tournament:
    """The tournament with its sessions if the user may open it, else 404."""
    return get_object_or_404(tournaments_for_user(user).prefetch_related("sessions"), pk=pk)


# --- players ---------------------------------------------------------------------


@dataclass(frozen=True)
class Person:
    key: str  # the player key of the results: the registration id
    name: str
    licence: str = ""
    club: str = ""

    @property
    def registration_id(self) -> int | None:
        return whole_number(self.key)


def people_of(tournament: Tournament) -> dict[str, Person]:
    """Every registered player of the tournament by player key, in one query."""
    registrations = Registration.objects.filter(tournament=tournament).select_related(
        "licensee__club"
    )
    return {str(r.pk): _person(r) for r in registrations}


def _person(registration: Registration) -> Person:
    licensee = registration.licensee
    return Person(
        str(registration.pk), licensee.full_name, licensee.licence_number or "", licensee.club.name
    )


def person(people: dict[str, Person], key: str) -> Person:
    """The player of a key; a vacant place, or a registration since removed, has no name."""
    return people.get(key) or Person(key, _("vacant place"))


# --- the referee's rulings -------------------------------------------------------


@dataclass(frozen=True)
class Ruling:
    """A ruling of the referee as the results show it: the adjusted score (« donne
    neutralisée », « 40/60 (preneur fautif) »), the penalty and their reason."""

    reason: str  # the fault's wording, or the reason of a penalty given directly
    note: str = ""
    percent: float | None = None
    adjustment: str = ""

    @property
    def text(self) -> str:
        return f"{self.reason} — {self.note}" if self.note else self.reason


def _adjustment_text(incident: Incident) -> str:
    if not incident.adjustment:
        return ""
    label = str(Adjustment(incident.adjustment).label)
    sides = {FaultySide.TAKER: _("taker at fault"), FaultySide.DEFENSE: _("defence at fault")}
    side = sides.get(incident.faulty_side)
    return f"{label} ({side})" if side else label


@dataclass(frozen=True)
class Rulings:
    """A session's rulings in force: by play (section, table, étui) and by player key."""

    plays: dict[tuple[str, int, int], Ruling]
    players: dict[str, tuple[Ruling, ...]]


NO_RULINGS = Rulings({}, {})


def session_rulings(session: Session) -> Rulings:
    """The incidents not cancelled and the penalties given directly, in three queries."""
    incidents = (
        Incident.objects.live()
        .filter(session=session)
        .select_related("fault", "table")
        .prefetch_related("players")
    )
    plays = {}
    players = defaultdict(list)
    for incident in incidents:
        percent = float(incident.penalty_percent) if incident.penalty_percent else None
        # The players read the public reason; the referee's note stays theirs.
        ruling = Ruling(
            incident.fault.label, incident.public_reason, percent, _adjustment_text(incident)
        )
        if incident.adjustment:
            plays[incident.table.section, incident.table.table, incident.etui] = ruling
        if percent:
            for player in incident.players.all():
                players[str(player.pk)].append(ruling)
    for penalty in Penalty.objects.filter(session=session):
        reason = penalty.reason or _("penalty")
        players[str(penalty.registration_id)].append(Ruling(reason, percent=float(penalty.percent)))
    return Rulings(plays, {key: tuple(rulings) for key, rulings in players.items()})


def penalty_reasons(rulings: tuple[Ruling, ...]) -> str:
    """A player's penalties on one line, each with its percentage points and reason."""
    return "; ".join(f"{floatformat(ruling.percent, 2)} : {ruling.text}" for ruling in rulings)


# --- a session's results as shown ------------------------------------------------


@dataclass(frozen=True)
class Ranked:
    """A line of a ranking: the player and their results."""

    person: Person
    result: PlayerResult
    penalties: tuple[Ruling, ...] = ()
    tie: str = ""  # « ex æquo », or how the tie was broken (general ranking only)

    @property
    def line_name(self) -> str:
        return line_name(self.result)

    @property
    def penalty_reasons(self) -> str:
        return penalty_reasons(self.penalties)


@dataclass(frozen=True)
class EtuiLine:
    note: PlayNote
    taker: Person
    ruling: Ruling | None = None

    @property
    def split_defence(self) -> tuple | None:
        """Each defender's note, when they differ (a defender's forgotten card, a note
        given to one player on a cancelled board)."""
        notes = self.note.defender_notes
        return (
            notes if self.note.defence_note is None and any(n is not None for n in notes) else None
        )


@dataclass(frozen=True)
class EtuiSheet:
    """The topage of one étui, every play of it in order of play."""

    etui: int
    taker_seat: str
    lines: tuple[EtuiLine, ...]

    @property
    def taker_orientation(self) -> str:
        return seat_name(self.taker_seat)


@dataclass(frozen=True)
class SheetRow:
    """One étui of a feuille de route, with the orientation and place as printed."""

    line: SheetLine
    orientation: str
    place: str
    ruling: Ruling | None = None


@dataclass(frozen=True)
class Apart:
    """A player the session lists apart, not ranked (apps.results.domain.forfeits): who
    replaced them (a forfeit), or whom they replaced (a short entrant; None: a vacant
    place)."""

    person: Person
    unranked: Unranked
    other: Person | None

    @property
    def forfeit(self) -> bool:
        return self.unranked.reason == FORFEIT


@dataclass(frozen=True)
class PlayerSheet:
    """A player's feuille de route."""

    person: Person
    result: PlayerResult
    rows: tuple[SheetRow, ...]
    penalties: tuple[Ruling, ...] = ()
    apart: Apart | None = None  # not ranked, and why

    @property
    def line_name(self) -> str:
        return line_name(self.result)


@dataclass(frozen=True)
class SessionDisplay:
    session: Session
    results: SessionResults
    given_people: dict[str, Person] | None = None

    @cached_property
    def people(self) -> dict[str, Person]:
        """The tournament's players by key: those given, else read when first asked (a
        ranking page kept rendered asks none)."""
        if self.given_people is not None:
            return self.given_people
        return people_of(self.session.tournament)

    @property
    def ranked(self) -> int:
        """How many players the session ranks (« 24ᵉ / 28 »)."""
        return sum(result.rank is not None for result in self.results.players)

    @property
    def sheet_count(self) -> int:
        """How many feuilles de route ``sheets`` gives."""
        return len(self.results.players) + sum(u.result is not None for u in self.results.unranked)

    @property
    def apart(self) -> list[Apart]:
        """The players listed apart, by name."""
        rows = [
            Apart(
                person(self.people, u.player),
                u,
                None if u.other is None else person(self.people, u.other),
            )
            for u in self.results.unranked
        ]
        return sorted(rows, key=lambda row: row.person.name.casefold())

    @cached_property
    def rulings(self) -> Rulings:
        """Read only when the results hold a penalty or an adjusted score."""
        if not (self.penalised or any(note.adjustment for note in self.results.notes)):
            return NO_RULINGS
        return session_rulings(self.session)

    def _ruling(self, section: str, table: int, etui: int) -> Ruling | None:
        return self.rulings.plays.get((section, table, etui))

    @property
    def general(self) -> list[Ranked]:
        penalties = self.rulings.players
        ranking = [(Standing(r.player, r.final, r.tops), r.rank) for r in self.results.players]
        ties = tie_notes(ranking, by_tops=ties_by_tops(self.session.tournament))
        return [
            Ranked(person(self.people, r.player), r, penalties.get(r.player, ()), tie)
            for r, tie in zip(self.results.players, ties, strict=True)
        ]

    @property
    def has_alternate(self) -> bool:
        """A classement alterné exists: every player keeps a line (not so in a Howell)."""
        return any(p.rank_alternate is not None for p in self.results.players)

    @property
    def alternate(self) -> list[Ranked]:
        unranked = len(self.results.players) + 1
        return sorted(self.general, key=lambda row: row.result.rank_alternate or unranked)

    @property
    def penalised(self) -> bool:
        return any(result.penalty for result in self.results.players)

    @property
    def plays(self) -> int:
        return len(self.results.notes)

    @property
    def sections(self) -> bool:
        """Several parallel sections: the pages then name each play's section."""
        return len({note.play.section for note in self.results.notes}) > 1

    def etuis(self) -> list[EtuiSheet]:
        sheets: dict[int, list[EtuiLine]] = {}
        takers: dict[int, str] = {}
        for note in self.results.notes:
            play = note.play
            sheets.setdefault(play.deal_number, []).append(
                EtuiLine(
                    note,
                    person(self.people, play.taker),
                    self._ruling(play.section, play.table, play.etui),
                )
            )
            takers[play.deal_number] = play.taker_seat
        return [EtuiSheet(etui, takers[etui], tuple(lines)) for etui, lines in sheets.items()]

    def _sheet(self, result: PlayerResult, takers: dict, apart: Apart | None = None) -> PlayerSheet:
        return PlayerSheet(
            person(self.people, result.player),
            result,
            tuple(
                _sheet_row(
                    line,
                    takers[_play_key(line)],
                    self._ruling(line.section, line.table, line.etui),
                )
                for line in result.sheet
            ),
            self.rulings.players.get(result.player, ()),
            apart,
        )

    def sheets(self) -> list[PlayerSheet]:
        """Every player's feuille de route, by name: the ranked ones', and those of the
        players listed apart (« Tout joueur peut demander … sa feuille de route »)."""
        takers = {_play_key(n.play): n.play.taker_seat for n in self.results.notes}
        sheets = [self._sheet(result, takers) for result in self.results.players]
        sheets += [
            self._sheet(row.unranked.result, takers, row)
            for row in self.apart
            if row.unranked.result
        ]
        return sorted(sheets, key=lambda sheet: sheet.person.name.casefold())

    def sheet(self, registration_id: int) -> PlayerSheet | None:
        key = str(registration_id)
        return next((s for s in self.sheets() if s.person.key == key), None)


def line_name(result: PlayerResult) -> str:
    """The player's line (Nord, Sud, Est, Ouest) as shown."""
    return seat_name(result.line) if result.line else ""


def _play_key(play) -> tuple:
    return play.etui, play.section, play.position, play.table


def defence_place(seat: str, taker_seat: str) -> str:
    """A defender's place (ch. 1): left of the taker « devant », facing « milieu », right
    « fond »."""
    step = (CLOCKWISE.index(seat) - CLOCKWISE.index(taker_seat)) % len(CLOCKWISE)
    return {1: _("defence, left"), 2: _("defence, facing"), 3: _("defence, right")}[step]


def _sheet_row(line: SheetLine, taker_seat: str, ruling: Ruling | None) -> SheetRow:
    place = _("taker") if line.role == "taker" else defence_place(line.seat, taker_seat)
    return SheetRow(line, seat_name(line.seat), place, ruling)


def session_display(
    session: Session, people: dict[str, Person] | None = None, stamp: Stamp | None = None
) -> SessionDisplay:
    """The session's results with its players; pass ``people`` to share them between
    the sessions of a tournament, ``stamp`` when its results' stamp is read already."""
    return SessionDisplay(session, session_results(session, stamp), people)


# --- several sessions ------------------------------------------------------------


@dataclass(frozen=True)
class TotalRow:
    """A line of the total ranking: the coefficient-weighted sum of the session results."""

    person: Person
    rank: int | None
    total: float | None
    tops: int
    sessions: tuple[float | None, ...]  # the player's final % of each session
    tie: str = ""  # « ex æquo », or how the tie was broken


def total_ranking(displays: list[SessionDisplay]) -> list[TotalRow]:
    """The classement général of a tournament of several sessions (ch. 1, « Pour les
    tournois en plusieurs séances »)."""
    finals = [{r.player: r.final for r in d.results.players} for d in displays]
    standings = tournament_standings(
        [[Standing(r.player, r.final, r.tops) for r in d.results.players] for d in displays],
        [float(d.session.coefficient) for d in displays],
    )
    people = displays[0].people if displays else {}
    by_tops = bool(displays) and ties_by_tops(displays[0].session.tournament)
    ranking = general_ranking(standings, by_tops=by_tops)
    return [
        TotalRow(
            person(people, s.player),
            rank,
            s.percentage,
            s.tops,
            tuple(session.get(s.player) for session in finals),
            tie,
        )
        for (s, rank), tie in zip(ranking, tie_notes(ranking, by_tops=by_tops), strict=True)
    ]


# --- the same results elsewhere ---------------------------------------------------

PLAYED_STATUSES = ORDER[ORDER.index(Status.RUNNING) :]


def plays_sharing_players(licences: set[str]) -> dict[Tournament, set[PlayTriple]]:
    """The tournaments in play or over that registered at least half of ``licences``, the
    ones whose results a file of these players may hold, each with its plays (licence,
    étui, score) as apps.results.domain.same_results reads them: three queries, whatever
    their number."""
    if not licences:
        return {}
    candidates = list(
        Tournament.objects.filter(
            status__in=PLAYED_STATUSES, registrations__licensee__licence_number__in=licences
        )
        .annotate(shared=Count("registrations"))
        .filter(shared__gte=(len(licences) + 1) // 2)
        .select_related("club")
        .order_by("pk")
    )
    plays = tournaments_plays([tournament.pk for tournament in candidates])
    return {tournament: plays[tournament.pk] for tournament in candidates}


def tournaments_plays(tournament_ids) -> dict[int, set[PlayTriple]]:
    """Each tournament's plays (licence, étui, score) as apps.results.domain.same_results
    reads them, by pk: two queries, whatever their number. The duplication position (0)
    scores nothing."""
    tables = {
        "table__movement__session__tournament_id__in": tournament_ids,
        "table__position__gte": 1,
    }
    seated = defaultdict(list)
    for tournament_id, *place in Place.objects.filter(**tables).values_list(
        "table__movement__session__tournament_id",
        "table_id",
        "seat",
        "table__section",
        "player_code",
        "registration_id",
        "registration__licensee__licence_number",
    ):
        seated[tournament_id].append(place)
    scored = defaultdict(list)
    for tournament_id, *play in (
        Play.objects.filter(**tables, score__isnull=False)
        .values_list(
            "table__movement__session__tournament_id",
            "table_id",
            "table__movement__session__number",
            "etui",
            "score",
        )
        .order_by()
    ):
        scored[tournament_id].append(play)
    return {pk: licensed_plays(seated_lines(seated[pk], scored[pk])) for pk in tournament_ids}
