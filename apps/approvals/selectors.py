"""Reads of the homologation chain: each level's inbox (what waits for it, what it sent
back, what is late), a tournament's fees, the deadline that applies to it."""

from dataclasses import dataclass, replace
from datetime import date, datetime
from decimal import Decimal
from itertools import pairwise

from django.contrib.contenttypes.models import ContentType
from django.db.models import (
    BooleanField,
    Exists,
    ExpressionWrapper,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Value,
)

from apps.accounts.permissions import roles_of
from apps.approvals.alerts import ShownAlert, homologation_alerts
from apps.approvals.domain.chain import (
    CLUB_ROUTE,
    FEDERATION_ROUTE,
    LEVEL_NAMES,
    UPWARD,
    ZONE_ROUTE,
    Action,
    Level,
    returns_pending,
)
from apps.approvals.domain.deadlines import SeasonDeadlines, deadline_for, is_late
from apps.approvals.domain.fees import Fees, TournamentFees, fee_totals, fees_of
from apps.approvals.models import (
    CommitteeRate,
    ExternalAward,
    Homologation,
    HomologationStep,
    Sending,
)
from apps.approvals.models import SeasonDeadlines as Deadlines
from apps.approvals.permissions import can_view_sending, homologations_for_user
from apps.awards.store import awards_done
from apps.competitions.models import Stage
from apps.core.models import AuditLog
from apps.federation.domain.seasons import season_of
from apps.federation.models import Season
from apps.scoring.selectors import ScoreChange, score_changes
from apps.tournaments.domain.workflow import Status as TournamentStatus


def waiting_for(user, level: Level) -> QuerySet[Homologation]:
    """What waits for the user's ``level`` (committee, zone, federation) in their scope."""
    roles = roles_of(user)
    qs = homologations_for_user(user).filter(level=level)
    if level == Level.COMMITTEE and not roles.federation:
        qs = qs.filter(club__committee_id__in=roles.committee_ids)
    elif level == Level.ZONE and not roles.federation:
        qs = qs.filter(club__committee__zone_id__in=roles.zone_ids)
    return qs


def route_of(tournament_id: int | None) -> tuple[Level, ...]:
    """The levels a tournament goes through: a championship stage along its own
    organiser's chain (a zone's stage: zone, federation; a federation's final: the
    federation), any other tournament (and a file from other software, None) through its
    club's committee, zone, federation."""
    stage = (
        Stage.objects.filter(tournament_id=tournament_id).values("committee_id", "zone_id").first()
        if tournament_id
        else None
    )
    if stage is None or stage["committee_id"]:
        return CLUB_ROUTE
    return ZONE_ROUTE if stage["zone_id"] else FEDERATION_ROUTE


def season_to_open(homologation: Homologation) -> bool:
    """A file dated in a season Donne does not have yet: it waits « saison à ouvrir »."""
    start_year = season_of(homologation.date).start_year
    return homologation.external and not Season.objects.filter(start_year=start_year).exists()


@dataclass(frozen=True)
class DetailsCorrection:
    """A correction of a received file's details: when, by whom, what, why."""

    at: datetime
    actor: str
    changes: list[tuple[str, object, object]]  # (field, before, after)
    reason: str


CORRECTED_FIELDS = {"index": "indice", "date": "date", "club": "club"}
# The audit key of a correction's reason: the corrections are read back by it.
CORRECTION_REASON = "correction_reason"


def details_corrections(homologation: Homologation) -> list[DetailsCorrection]:
    """The corrections of a received file's details, oldest first, from the audit log."""
    rows = AuditLog.objects.filter(
        content_type=ContentType.objects.get_for_model(Homologation),
        object_id=str(homologation.pk),
        changes__has_key=CORRECTION_REASON,
    ).select_related("actor")
    return [
        DetailsCorrection(
            row.at,
            (row.actor.get_full_name() or row.actor.username) if row.actor else "",
            [
                (label, *row.changes[name])
                for name, label in CORRECTED_FIELDS.items()
                if name in row.changes
            ],
            row.changes[CORRECTION_REASON],
        )
        for row in rows.order_by("at", "pk")
    ]


def sent_back_by(user) -> QuerySet[Homologation]:
    """What the user sent back and is not resubmitted yet: no step up the chain since
    their last sending back."""
    last = HomologationStep.objects.filter(
        homologation=OuterRef("pk"), actor=user, action=Action.SEND_BACK
    ).order_by("-pk")
    resubmitted = HomologationStep.objects.filter(
        homologation=OuterRef("pk"), action__in=UPWARD, pk__gt=OuterRef("last_sent_back")
    )
    return (
        homologations_for_user(user)
        .annotate(last_sent_back=Subquery(last.values("pk")[:1]))
        .filter(last_sent_back__isnull=False)
        .exclude(Exists(resubmitted))
    )


def corrections_asked(user) -> QuerySet[Homologation]:
    """Approved tournaments whose organiser asked for a correction: they wait for the
    federation's decision."""
    return homologations_for_user(user).filter(level=Level.APPROVED).exclude(correction_reason="")


@dataclass(frozen=True)
class Return:
    """A sending back not answered yet: who sent the tournament back (« la zone ») and
    why."""

    by: str
    reason: str


def returns_of(homologation_ids) -> dict[int, tuple[Return, ...]]:
    """Each tournament's sendings back since it last went up the chain (one query)."""
    steps: dict[int, list] = {}
    rows = HomologationStep.objects.filter(
        homologation_id__in=homologation_ids, action__in=UPWARD | {Action.SEND_BACK}
    ).values_list("homologation_id", "action", "from_level", "comment")
    for homologation_id, *step in rows.order_by("homologation_id", "at", "pk"):
        steps.setdefault(homologation_id, []).append(step)
    return {
        pk: tuple(Return(LEVEL_NAMES[level], reason) for level, reason in pending)
        for pk, taken in steps.items()
        if (pending := returns_pending(taken))
    }


def deadlines_of(day: date) -> SeasonDeadlines:
    """The deadlines of the season of ``day``: as the federation set them, else the
    regulation's recommended dates."""
    start = season_of(day).start_year
    row = Deadlines.objects.filter(season__start_year=start).first()
    if row is None:
        return SeasonDeadlines.recommended(start)
    return SeasonDeadlines(row.previous_year_tables, row.season_tables, row.season_end)


def homologation_fees(homologation: Homologation, rate: Decimal) -> Fees:
    """The national fee and the committee's own participation at ``rate`` a player
    (« Redevance nationale »)."""
    sessions = tuple(homologation.session_players) or (homologation.players,)
    facts = TournamentFees(
        index=homologation.index,
        championship=homologation.championship,
        session_players=sessions,
        overseas_local=homologation.club.committee.overseas and not homologation.championship,
    )
    return fees_of(facts, rate)


def fees_now(homologation: Homologation) -> Fees:
    """The tournament's fees today, at its committee's rate of today: what a step carrying
    it up keeps."""
    rate = (
        CommitteeRate.objects.filter(committee_id=homologation.club.committee_id)
        .values_list("rate", flat=True)
        .first()
    )
    return homologation_fees(homologation, rate or Decimal("0"))


@dataclass(frozen=True)
class FeeLine:
    """A tournament as one step carried it up: its fees as they were then, and the earlier
    sending to the same level that already counted them (a re-sending adds no fee)."""

    step: HomologationStep
    fees: Fees
    counted_in: Sending | None = None

    @property
    def counts(self) -> bool:
        return self.counted_in is None


def ever_sent(homologations: QuerySet[Homologation]) -> QuerySet[Homologation]:
    """The tournaments sent up at least once (whose fee is due), wherever they are now:
    one sent back to its organiser still owes it."""
    carried = HomologationStep.objects.filter(
        homologation=OuterRef("pk"), national_fee__isnull=False
    )
    return homologations.filter(Exists(carried))


def fee_lines(homologation_ids) -> list[FeeLine]:
    """Every step that carried these tournaments up, in the order taken, with the fees it
    kept (one query)."""
    steps = (
        HomologationStep.objects.filter(
            homologation_id__in=homologation_ids, national_fee__isnull=False
        )
        .select_related("sending__sent_by")
        .order_by("pk")
    )
    first: dict[tuple[int, str], HomologationStep] = {}
    lines = []
    for step in steps:
        earlier = first.setdefault((step.homologation_id, step.to_level), step)
        lines.append(
            FeeLine(
                step,
                Fees(step.national_fee, step.committee_fee),
                None if earlier is step else earlier.sending,
            )
        )
    return lines


def sendings_readable(user, homologation: Homologation) -> list[Sending]:
    """The bordereaux that carried the tournament and that the user may read
    (``can_view_sending``), oldest first."""
    sendings = (
        Sending.objects.filter(steps__homologation=homologation)
        .select_related("sent_by")
        .distinct()
        .order_by("sent_at", "pk")
    )
    carried = HomologationStep.objects.filter(sending__in=sendings).select_related(
        "homologation__club__committee", "homologation__tournament"
    )
    by_sending: dict[int, list[Homologation]] = {}
    for step in carried:
        by_sending.setdefault(step.sending_id, []).append(step.homologation)
    return [s for s in sendings if can_view_sending(user, s, by_sending.get(s.pk, []))]


@dataclass(frozen=True)
class Resubmission:
    """What changed between two sendings of a tournament to its committee: its facts
    (« indice », « joueurs »: before, after) and the scores corrected meanwhile."""

    facts: tuple[tuple[str, object, object], ...]
    scores: tuple[ScoreChange, ...]


RESUBMITTED_FACTS = {"index": "indice", "players": "joueurs"}


def resubmissions(homologation: Homologation) -> dict[int, Resubmission]:
    """Each sending of the tournament after its first (by step id), with what changed
    since the previous one."""
    sent = list(homologation.steps.filter(action=Action.SUBMIT).order_by("at", "pk"))
    found = {}
    for previous, step in pairwise(sent):
        facts = tuple(
            (label, getattr(previous, name), getattr(step, name))
            for name, label in RESUBMITTED_FACTS.items()
            if None not in (getattr(previous, name), getattr(step, name))
            and getattr(previous, name) != getattr(step, name)
        )
        scores = (
            tuple(score_changes(homologation.tournament_id, previous.at, step.at))
            if homologation.tournament_id
            else ()
        )
        found[step.pk] = Resubmission(facts, scores)
    return found


@dataclass(frozen=True)
class InboxRow:
    homologation: Homologation
    late: bool
    deadline: date
    fees: Fees
    alerts: tuple[ShownAlert, ...] = ()
    season_to_open: bool = False
    returns: tuple[Return, ...] = ()  # sent back and not resubmitted yet


def inbox_rows(homologations, today: date) -> list[InboxRow]:
    """Each tournament with its deadline, whether it is late, its fees and what sent it
    back (the rates, deadlines and sendings back read once, whatever the number of
    tournaments)."""
    homologations = list(homologations)
    returns = returns_of([h.pk for h in homologations])
    # Once sent, a tournament's fees are those its first sending kept.
    kept: dict[int, Fees] = {}
    for line in fee_lines([h.pk for h in homologations]):
        kept.setdefault(line.step.homologation_id, line.fees)
    rates = dict(
        CommitteeRate.objects.filter(
            committee_id__in={h.club.committee_id for h in homologations}
        ).values_list("committee_id", "rate")
    )
    seasons: dict[int, SeasonDeadlines] = {}
    opened = (
        set(Season.objects.values_list("start_year", flat=True))
        if any(h.external for h in homologations)
        else set()
    )
    rows = []
    for homologation in homologations:
        start = season_of(homologation.date).start_year
        if start not in seasons:
            seasons[start] = deadlines_of(homologation.date)
        deadlines = seasons[start]
        # The dates are sending dates: a tournament at the federation is on time.
        done = homologation.level in (Level.FEDERATION, Level.APPROVED)
        rows.append(
            InboxRow(
                homologation,
                is_late(homologation.date, today, deadlines, done),
                deadline_for(homologation.date, deadlines),
                kept.get(homologation.pk)
                or homologation_fees(
                    homologation, rates.get(homologation.club.committee_id, Decimal("0"))
                ),
                season_to_open=homologation.external and start not in opened,
                returns=returns.get(homologation.pk, ()),
            )
        )
    return rows


def with_alerts(rows: list[InboxRow], user) -> list[InboxRow]:
    """The rows with their tournaments' integrity alerts (read once for every row)."""
    found = homologation_alerts([row.homologation for row in rows], user)
    return [replace(row, alerts=tuple(found.get(row.homologation.pk, ()))) for row in rows]


@dataclass(frozen=True)
class FeesReport:
    """A season's fees (« Redevance nationale »): by club, committee and zone, what is due
    and what the federation marked received."""

    by_club: dict[str, Fees]
    by_committee: dict[str, Fees]
    by_zone: dict[str, Fees]
    due: Fees
    received: Fees
    sendings: list[tuple[Sending, Fees]]


def fees_report(homologations, today: date, levels=(Level.FEDERATION,)) -> FeesReport:
    """The fees of these tournaments, each once: totals per club, committee and zone; each
    sending that went to one of ``levels`` with the fees it kept of what it carried for the
    first time to that level, and its receipt; what the federation received."""
    rows = inbox_rows(homologations, today)
    by_sending: dict[int, Fees] = {}
    sendings: dict[int, Sending] = {}
    for line in fee_lines([row.homologation.pk for row in rows]):
        sending = line.step.sending
        if sending is None or sending.to_level not in levels:
            continue
        sendings[sending.pk] = sending
        by_sending[sending.pk] = by_sending.get(sending.pk, Fees()) + (
            line.fees if line.counts else Fees()
        )
    received = sum(
        (
            fees
            for pk, fees in by_sending.items()
            if sendings[pk].fees_received_at and sendings[pk].to_level == Level.FEDERATION
        ),
        Fees(),
    )
    return FeesReport(
        by_club=fee_totals((r.homologation.club.name, r.fees) for r in rows),
        by_committee=fee_totals((r.homologation.club.committee.name, r.fees) for r in rows),
        by_zone=fee_totals((r.homologation.club.committee.zone.name, r.fees) for r in rows),
        due=sum((r.fees for r in rows), Fees()),
        received=received,
        sendings=[(sendings[pk], fees) for pk, fees in by_sending.items()],
    )


@dataclass(frozen=True)
class CountedTournament:
    """A tournament that counts for a player in a season: its PCN and PP, and whether it
    is homologated (else they are provisional until it is)."""

    day: date
    name: str
    tournament_id: int | None  # None: a file from other software
    pcn: int
    pp: int
    approved: bool


def player_tournaments(licensee_id: int, season: Season) -> list[CountedTournament]:
    """Every tournament of the season that gives the player PCN or PP, newest first: those
    played on Donne whose awards are computed, and the files from other software received
    with their awards (one query: the two read together)."""
    columns = ("day", "title", "tournament", "pcn", "pp", "approved")
    span = season.span
    played = (
        awards_done()
        .filter(
            licensee_id=licensee_id,
            award_set__tournament__date__range=(span.start, span.end),
        )
        .annotate(
            day=F("award_set__tournament__date"),
            title=F("award_set__tournament__name"),
            tournament=F("award_set__tournament_id"),
            approved=ExpressionWrapper(
                Q(award_set__tournament__status=TournamentStatus.APPROVED),
                output_field=BooleanField(),
            ),
        )
        .values_list(*columns)
    )
    received = (
        ExternalAward.objects.filter(
            licensee_id=licensee_id, homologation__date__range=(span.start, span.end)
        )
        .annotate(
            day=F("homologation__date"),
            title=F("homologation__name"),
            tournament=Value(None, output_field=IntegerField()),
            approved=ExpressionWrapper(
                Q(homologation__level=Level.APPROVED), output_field=BooleanField()
            ),
        )
        .values_list(*columns)
    )
    rows = played.order_by().union(received.order_by(), all=True)  # sorted below
    found = [CountedTournament(*row) for row in rows]
    return sorted(found, key=lambda t: (t.day, t.name), reverse=True)
