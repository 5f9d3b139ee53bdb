"""Write services of the homologation chain (fascicule 3, ch. 5, « Transmission »). Each
step runs in one transaction with its history row and its audit row, checks who may
(apps.approvals.permissions) and raises PermissionDenied or ValidationError (French
messages) without changing anything. The tournament's status follows its level: with its
organiser « finished », in the chain « submitted », at the end « approved »."""

from collections.abc import Sequence
from decimal import Decimal

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from apps.accounts.permissions import roles_of
from apps.approvals import notifications, permissions, selectors
from apps.approvals.alerts import homologation_alerts
from apps.approvals.domain.chain import (
    ACTION_NAMES,
    LEVEL_PLACES,
    Action,
    Actor,
    Level,
    chain_move,
)
from apps.approvals.domain.conditions import HomologationFacts, homologation_refusals
from apps.approvals.models import (
    AlertNote,
    ClubIndexGrant,
    CommitteeRate,
    Homologation,
    HomologationStep,
    IndexGrant,
    SeasonDeadlines,
    Sending,
)
from apps.awards.models import AwardSet
from apps.awards.selectors import POTENTIAL_WAITING
from apps.awards.services import award_fingerprint
from apps.awards.store import award_set_of
from apps.competitions.models import Stage
from apps.core.audit import audit_record, audit_value
from apps.federation.domain.seasons import season_of
from apps.federation.models import season_day
from apps.results.reads import tournament_results_read
from apps.tournaments.domain.indices import GRANTED_INDICES, Index
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from apps.tournaments.services import tournament_status_record

STATUS_OF = {
    Level.ORGANISER: Status.FINISHED,
    Level.COMMITTEE: Status.SUBMITTED,
    Level.ZONE: Status.SUBMITTED,
    Level.FEDERATION: Status.SUBMITTED,
    Level.APPROVED: Status.APPROVED,
}
# What the apps above register (in their AppConfig.ready) to hear that a tournament was
# approved or reopened by a correction: the national ranking's live list is computed
# again. Each is called inside the step's transaction with the homologation.
approval_hooks: list = []
# Who receives a sending, by the level it goes to.
RECEIVERS = {
    Level.COMMITTEE: Actor.COMMITTEE,
    Level.ZONE: Actor.ZONE,
    Level.FEDERATION: Actor.FEDERATION,
}


def may_grant_index(actor, club, index: Decimal) -> bool:
    """The body that grants ``index`` to a tournament of ``club``: 1.2 the club's committee
    (CCR), 1.5 the federation (CCN)."""
    roles = roles_of(actor)
    granted = GRANTED_INDICES.get(index)
    if granted is not None and granted.grantor == "committee":
        return club.committee_id in roles.committee_ids
    return granted is not None and granted.grantor == "federation" and roles.federation


def grant_holds(grant, *, club, day, index: Decimal) -> bool:
    """``grant`` (an IndexGrant or a ClubIndexGrant, or None) gives ``index`` to the
    tournament of ``club`` on ``day``: recorded before it (by the day in France) by the
    body that grants it."""
    if grant is None or grant.index != index:
        return False
    if timezone.localdate(grant.granted_at) > day:
        return False
    return may_grant_index(grant.granted_by, club, index)


def _grant_ok(tournament: Tournament) -> bool:
    """The index above 1 was granted by the right body before the tournament."""
    grant = IndexGrant.objects.filter(tournament=tournament).select_related("granted_by")
    return grant_holds(
        grant.first(), club=tournament.club, day=tournament.date, index=tournament.index
    )


def submission_refusals(tournament: Tournament) -> list[str]:
    """The conditions for homologation (« Conditions pour l'homologation d'un tournoi »)
    and current awards, each failing one named."""
    if not tournament.duplicate:
        return [
            "Seuls les tournois de tarot en duplicate sont homologués : ce tournoi se joue "
            f"en « {tournament.get_game_display()} »."
        ]
    results = tournament_results_read(tournament)
    first = results.sessions[0] if results.sessions else None
    players = len(first.players) if first else 0
    stage = Stage.objects.filter(tournament=tournament).first()
    referees = list(tournament.referee_assignments.select_related("referee"))
    played = tournament.registrations.filter(
        licensee__user__in=[a.referee_id for a in referees]
    ).exists()
    facts = HomologationFacts(
        organiser_affiliated=tournament.club.affiliated,
        referee_official=bool(referees),
        referee_played=played,
        official_event=stage is not None,
        players=players,
        claimed_index=Index.BASE if stage is not None else tournament.index,
        index_granted=stage is not None or tournament.index == 1 or _grant_ok(tournament),
        overseas_local=tournament.club.committee.overseas and stage is None,
    )
    refusals = homologation_refusals(facts)
    if stage is not None and stage.closed_at is None:
        refusals.append("Championnat : désignez d'abord les qualifiés de l'étape, sur sa page.")
    job = award_set_of(tournament)
    current = job is not None and job.fingerprint == award_fingerprint(tournament, results)
    if not (current and job.state == AwardSet.State.DONE):
        refusals.append(
            "PCN et PP : ils ne sont pas encore calculés pour les résultats actuels du "
            "tournoi ; attendez un instant et recommencez."
        )
    elif job.inputs.get("potential") == POTENTIAL_WAITING:
        refusals.append(f"PCN et PP : {job.refusal}.")
    return refusals


def homologation_open(tournament: Tournament) -> Homologation:
    """The tournament's homologation with the facts of its bordereau as they are now: the
    organiser holds it until it sends it (a finished tournament not yet sent is late
    like one sent late)."""
    results = tournament_results_read(tournament)
    facts = {
        "club": tournament.club,
        "name": tournament.name,
        "date": tournament.date,
        "index": tournament.index,
        "championship": tournament.kind == Tournament.Kind.CHAMPIONSHIP,
        "players": len(results.sessions[0].players) if results.sessions else 0,
        "session_players": [len(s.players) for s in results.sessions],
    }
    homologation, created = Homologation.objects.select_for_update().get_or_create(
        tournament=tournament, defaults={"level": Level.ORGANISER, **facts}
    )
    if not created and homologation.level == Level.ORGANISER:
        Homologation.objects.filter(pk=homologation.pk).update(**facts)
        homologation.refresh_from_db()
    return homologation


def _step_taken(
    actor, homologation: Homologation, action: Action, comment: str, expected: Level | None
) -> Level:
    """The level the step leads the locked homologation to, once the actor may take it
    there; ``expected``: the level the actor saw it at (a second click, or someone
    quicker, finds it moved)."""
    if expected is not None and homologation.level != expected:
        where = LEVEL_PLACES[Level(homologation.level)]
        raise ValidationError(
            f"« {homologation} » a déjà changé de niveau (il est {where}) : rechargez la page."
        )
    try:
        level, who = chain_move(
            Level(homologation.level),
            action,
            correction_asked=bool(homologation.correction_reason),
            reason=comment,
            route=selectors.route_of(homologation.tournament_id),
        )
    except ValueError as exc:
        raise ValidationError(str(exc)) from exc
    allowed = permissions.can_act_as(actor, homologation, who) or (
        # « une nouvelle demande du club ou du comité »
        action == Action.ASK_CORRECTION
        and permissions.can_act_as(actor, homologation, Actor.COMMITTEE)
    )
    if not allowed:
        raise PermissionDenied("Vous ne prenez pas cette étape de l'homologation.")
    if action in (Action.PASS_ON, Action.APPROVE) and selectors.season_to_open(homologation):
        raise ValidationError(
            f"« {homologation} » : saison à ouvrir. Sa saison"
            f" {season_of(homologation.date).name} n'est pas encore ouverte dans Donne ; le"
            " tournoi attend ici que la fédération l'ouvre."
        )
    return level


# The steps that carry a tournament up keep its fees as they are then.
FEES_KEPT = frozenset({Action.SUBMIT, Action.PASS_ON})


def _step(
    *,
    actor,
    homologation: Homologation,
    action: Action,
    comment: str = "",
    sending: Sending | None = None,
    expected: Level | None = None,
) -> Homologation:
    """Take one step of the chain on a locked homologation row (``_step_taken``)."""
    # its club and committee read with it: the permission and the fees kept ask them
    homologation = (
        Homologation.objects.select_for_update(of=("self",))
        .select_related("club__committee")
        .get(pk=homologation.pk)
    )
    level = _step_taken(actor, homologation, action, comment, expected)
    before = homologation.level
    homologation.level = level
    if action == Action.ASK_CORRECTION:
        homologation.correction_reason = comment.strip()
    elif action in (Action.ACCEPT_CORRECTION, Action.REFUSE_CORRECTION):
        homologation.correction_reason = ""
    if sending is not None:
        homologation.sending = sending
    homologation.save()
    fees = selectors.fees_now(homologation) if action in FEES_KEPT else None
    HomologationStep.objects.create(
        homologation=homologation,
        action=action,
        from_level=before,
        to_level=level,
        actor=actor,
        comment=comment.strip(),
        sending=sending,
        national_fee=fees and fees.national,
        committee_fee=fees and fees.committee,
        players=homologation.players if fees else None,
        index=homologation.index if fees else None,
    )
    if homologation.tournament_id:
        tournament = Tournament.objects.select_for_update().get(pk=homologation.tournament_id)
        tournament_status_record(
            actor=actor, tournament=tournament, status=STATUS_OF[Level(level)], reason=comment
        )
    audit_record(
        actor=actor,
        action="update",
        instance=homologation,
        changes={"level": [before, level], "step": ACTION_NAMES[action], "comment": comment},
    )
    notifications.step_notify(homologation=homologation, action=action, actor=actor)
    if action in (Action.APPROVE, Action.ACCEPT_CORRECTION):
        for hook in approval_hooks:
            hook(homologation)
    return homologation


REASON_MAX_LENGTH = 1000


@transaction.atomic
def homologation_alert_note(
    *, actor, homologation: Homologation, key: str, reason: str
) -> AlertNote:
    """The officer the tournament waits for notes why one of its integrity alerts is fine
    (« noter pourquoi c'est normal »): the alert stays, shown as noted with the reason and
    who. Never blocks nor moves the tournament; a second note at the same level replaces
    the first, the audit keeping both."""
    homologation = (
        Homologation.objects.select_for_update(of=("self",))
        .select_related("club__committee", "tournament")
        .get(pk=homologation.pk)
    )
    if not permissions.can_note_alerts(actor, homologation):
        raise PermissionDenied("Seul le niveau où attend le tournoi note ses alertes.")
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError("Dites pourquoi cette alerte est normale.")
    if len(reason) > REASON_MAX_LENGTH:
        raise ValidationError(f"La raison tient en {REASON_MAX_LENGTH} caractères au plus.")
    if "\x00" in reason:
        raise ValidationError("La raison contient un caractère nul : retapez-la.")
    shown = homologation_alerts([homologation]).get(homologation.pk, [])
    alert = next((item.alert for item in shown if item.alert.key == key), None)
    if alert is None:
        raise ValidationError("Cette alerte n'est plus d'actualité : rechargez la page.")
    note = AlertNote.objects.filter(
        homologation=homologation, key=key, level=homologation.level
    ).first()
    before = note.reason if note else None
    if note is None:
        note = AlertNote(homologation=homologation, key=key, level=homologation.level)
    note.message, note.reason, note.noted_by = alert.message, reason, actor
    note.save()
    audit_record(
        actor=actor,
        action="update",
        instance=homologation,
        changes={
            "alert": key,
            "message": alert.message,
            "level": homologation.level,
            "reason": [before, reason],
            "step": "alerte notée comme normale",
        },
    )
    return note


@transaction.atomic
def tournament_submit(*, actor, tournament: Tournament) -> Homologation:
    """The organiser sends its finished tournament to its committee, once the conditions
    hold and its awards are current."""
    if not permissions.can_submit(actor, tournament):
        raise PermissionDenied("Vous n'organisez pas ce tournoi.")
    tournament = (
        Tournament.objects.select_for_update(of=("self",))
        .select_related("club__committee")
        .get(pk=tournament.pk)
    )
    if tournament.status != Status.FINISHED:
        raise ValidationError("Seul un tournoi terminé part en homologation.")
    homologation = homologation_open(tournament)
    refusals = submission_refusals(tournament)
    if refusals:
        raise ValidationError(refusals)
    first = selectors.route_of(tournament.pk)[0]  # a stage goes to its own organiser's level
    sending = Sending.objects.create(from_level=Level.ORGANISER, to_level=first, sent_by=actor)
    return _step(actor=actor, homologation=homologation, action=Action.SUBMIT, sending=sending)


@transaction.atomic
def homologation_step(
    *,
    actor,
    homologation: Homologation,
    action: Action,
    comment: str = "",
    expected: Level | None = None,
) -> Homologation:
    """Send back, approve, ask for a correction or decide it (passing on goes by a
    sending)."""
    if Action(action) in (Action.SUBMIT, Action.PASS_ON):
        raise ValidationError("Cette étape passe par un envoi.")
    return _step(
        actor=actor,
        homologation=homologation,
        action=Action(action),
        comment=comment,
        expected=expected,
    )


@transaction.atomic
def homologations_pass_on(
    *,
    actor,
    homologations: Sequence[Homologation],
    expected: Level | None = None,
    comment: str = "",
) -> Sending:
    """Pass checked tournaments on to the next level in one sending (a bordereau) for one
    receiver, with an optional comment for the next level; all or nothing. The rows are
    locked in one order, so two sendings at once queue up."""
    if not homologations:
        raise ValidationError("Choisissez les tournois à transmettre.")
    locked = list(
        Homologation.objects.select_for_update()
        .select_related("club__committee")
        .filter(pk__in=[h.pk for h in homologations])
        .order_by("pk")
    )
    levels = {h.level for h in locked}
    if len(levels) != 1:
        raise ValidationError("Un envoi part d'un seul niveau.")
    level = Level(levels.pop())
    try:
        to_levels = {
            chain_move(level, Action.PASS_ON, route=selectors.route_of(h.tournament_id))[0]
            for h in locked
        }
    except ValueError as exc:
        raise ValidationError(str(exc)) from exc
    if len(to_levels) != 1:
        raise ValidationError("Un envoi va à un seul niveau : transmettez ces tournois à part.")
    to_level = to_levels.pop()
    receivers = {h.club.committee.zone_id if to_level == Level.ZONE else None for h in locked}
    if len(receivers) != 1:
        raise ValidationError("Un envoi va à un seul destinataire : une zone à la fois.")
    sending = Sending.objects.create(from_level=level, to_level=to_level, sent_by=actor)
    for homologation in locked:
        _step(
            actor=actor,
            homologation=homologation,
            action=Action.PASS_ON,
            comment=comment,
            sending=sending,
            expected=expected,
        )
    return sending


@transaction.atomic
def sending_fees_received(*, actor, sending: Sending) -> Sending:
    """The level a sending went to marks its fees received (« Redevance nationale »)."""
    sending = Sending.objects.select_for_update().get(pk=sending.pk)
    carried = Homologation.objects.filter(
        Q(steps__sending=sending) | Q(sending=sending)
    ).select_related("club__committee")
    carried = list(carried.distinct())
    receiver = RECEIVERS.get(Level(sending.to_level))
    if not carried or receiver is None:
        raise ValidationError("Cet envoi n'attend pas de redevance.")
    if not all(permissions.can_act_as(actor, h, receiver) for h in carried):
        raise PermissionDenied("Seul le destinataire de l'envoi en marque la redevance reçue.")
    if sending.fees_received_at is not None:
        raise ValidationError("La redevance de cet envoi est déjà marquée reçue.")
    sending.fees_received_at = timezone.now()
    sending.fees_received_by = actor
    sending.save(update_fields=["fees_received_at", "fees_received_by"])
    audit_record(
        actor=actor,
        action="update",
        instance=sending,
        changes={"fees_received_at": [None, sending.fees_received_at.isoformat()]},
    )
    return sending


def _grant_check(actor, club, index: Decimal) -> None:
    if index not in GRANTED_INDICES:
        raise ValidationError("Seuls les indices 1,2 et 1,5 s'accordent.")
    if not may_grant_index(actor, club, index):
        raise PermissionDenied(
            "L'indice 1,2 est accordé par le comité du club, l'indice 1,5 par la fédération."
        )


@transaction.atomic
def index_grant(*, actor, tournament: Tournament, index: Decimal) -> IndexGrant:
    """Record, before the tournament, the index the right body grants it: 1.2 by the
    committee (CCR, « Tournois Régionaux »), 1.5 by the federation (CCN, « Tournois
    Nationaux »)."""
    index = Decimal(index)
    _grant_check(actor, tournament.club, index)
    if Stage.objects.filter(tournament=tournament).exists():
        raise ValidationError("L'indice d'une étape de championnat suit son niveau.")
    if tournament.date < timezone.localdate():
        raise ValidationError("Un indice s'accorde avant le tournoi.")
    grant, _created = IndexGrant.objects.update_or_create(
        tournament=tournament, defaults={"index": index, "granted_by": actor}
    )
    audit_record(
        actor=actor, action="update", instance=grant, changes={"index": [None, str(index)]}
    )
    return grant


@transaction.atomic
def club_index_grant(*, actor, club, date, index: Decimal) -> ClubIndexGrant:
    """Record, before it, the index granted to a tournament of ``club`` on ``date`` that
    Donne will only know by its file from other software (« Tournois Régionaux »,
    « Tournois Nationaux »): 1.2 by the club's committee, 1.5 by the federation."""
    index = Decimal(index)
    _grant_check(actor, club, index)
    if date < timezone.localdate():
        raise ValidationError("Un indice s'accorde avant le tournoi.")
    season_day(date)
    before = ClubIndexGrant.objects.filter(club=club, date=date).first()
    grant, _created = ClubIndexGrant.objects.update_or_create(
        club=club, date=date, defaults={"index": index, "granted_by": actor}
    )
    audit_record(
        actor=actor,
        action="update" if before else "create",
        instance=grant,
        changes={
            "club": [None, audit_value(club)],
            "date": [None, date.isoformat()],
            "index": [str(before.index) if before else None, str(index)],
        },
    )
    return grant


@transaction.atomic
def season_deadlines_set(
    *, actor, season, previous_year_tables, season_tables, season_end
) -> SeasonDeadlines:
    """The season's dates (« Date limite de transmission »), set by federation staff."""
    if not roles_of(actor).federation:
        raise PermissionDenied("Seule la fédération fixe les dates limites.")
    if not previous_year_tables <= season_tables <= season_end:
        raise ValidationError("Les dates se suivent : année précédente, saison, fin de saison.")
    if previous_year_tables.year != season.start_year + 1 or season_end > season.end:
        raise ValidationError(
            f"Les dates sont celles de l'année {season.start_year + 1}, dans la saison {season}."
        )
    values = {
        "previous_year_tables": previous_year_tables,
        "season_tables": season_tables,
        "season_end": season_end,
    }
    deadlines, _created = SeasonDeadlines.objects.update_or_create(season=season, defaults=values)
    audit_record(
        actor=actor,
        action="update",
        instance=deadlines,
        changes={name: [None, value.isoformat()] for name, value in values.items()},
    )
    return deadlines


@transaction.atomic
def committee_rate_set(*, actor, committee, rate: Decimal) -> CommitteeRate:
    """The committee's own participation per player, set by the committee (« la
    participation financière fixée par le comité régional »)."""
    roles = roles_of(actor)
    if committee.pk not in roles.committee_ids:
        raise PermissionDenied("Seul le comité fixe sa participation.")
    if rate < 0:
        raise ValidationError("Une participation n'est jamais négative.")
    row, _created = CommitteeRate.objects.update_or_create(
        committee=committee, defaults={"rate": rate}
    )
    audit_record(actor=actor, action="update", instance=row, changes={"rate": [None, str(rate)]})
    return row


def homologation_on_finish(tournament: Tournament) -> None:
    """A results hook (apps.tournaments.services.results_hooks): once the transaction
    commits, a finished tournament has its homologation with its organiser, so that one
    never sent is flagged late like one sent late."""
    if tournament.status != Status.FINISHED or not tournament.duplicate:
        return  # other games are not homologated
    pk = tournament.pk

    def open_it():
        if Homologation.objects.filter(tournament_id=pk).exists():
            return  # its facts are taken again when it is sent
        with transaction.atomic():
            homologation_open(Tournament.objects.select_related("club").get(pk=pk))

    transaction.on_commit(open_it)


@transaction.atomic
def external_resend(*, actor, homologation: Homologation) -> Homologation:
    """A tournament received as the FFT's file, sent back to its organiser, goes up again:
    its committee sends it for the club not yet on Donne."""
    if not homologation.external:
        raise ValidationError("Un tournoi joué sur Donne part de la page du tournoi.")
    sending = Sending.objects.create(
        from_level=Level.ORGANISER, to_level=Level.COMMITTEE, sent_by=actor
    )
    return _step(
        actor=actor,
        homologation=homologation,
        action=Action.SUBMIT,
        sending=sending,
        expected=Level.ORGANISER,
    )
