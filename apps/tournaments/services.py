"""Write services for tournaments: each runs in one transaction with its audit rows.

Every service checks permissions through apps.accounts.permissions and raises
PermissionDenied or ValidationError (French messages) without changing anything.
"""

from collections.abc import Callable
from datetime import date, datetime, time
from decimal import Decimal
from uuid import UUID

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from apps.accounts.permissions import roles_of
from apps.core.audit import audit_record, audit_snapshot, model_update
from apps.core.rows import objects_where
from apps.federation.models import Club, Licensee
from apps.federation.permissions import can_manage_club
from apps.federation.services import licensee_guest_record
from apps.tournaments import permissions
from apps.tournaments.domain.indices import Index
from apps.tournaments.domain.sessions import MAX_SESSIONS
from apps.tournaments.domain.workflow import (
    FROZEN_STATUSES,
    REGISTRATION_STATUSES,
    Status,
    walks_back_over_play,
)
from apps.tournaments.models import RefereeAssignment, Registration, Session, Tournament
from apps.tournaments.selectors import tournament_played

TOURNAMENT_FIELDS = [
    "name",
    "game",
    "date",
    "starts_at",
    "venue",
    "kind",
    "index",
    "entry_fee",
    "max_players",
    "etuis_per_table",
    "registration_deadline",
]
_STAGE_PLAYERS = _lazy(
    "Players enter a championship stage on the stage's page, where their eligibility is checked."
)

# What the apps above register (in their AppConfig.ready) to refuse a transition: each
# check takes the tournament and the target status and returns the French reasons it is
# refused (empty when it is not). Score entry refuses to finish with lines unsettled.
TransitionCheck = Callable[[Tournament, Status], list[str]]
transition_checks: list[TransitionCheck] = []


def _walk_back_refusals(tournament: Tournament, target: Status) -> list[str]:
    """Never back over played results (asked of the apps only for a step back)."""
    if not (walks_back_over_play(target, True) and tournament_played(tournament)):
        return []
    return [
        _("A position has been played: the tournament cannot go back to “%(status)s”.")
        % {"status": Tournament.StatusChoice(target).label}
    ]


def transition_refusals(tournament: Tournament, target: Status) -> list[str]:
    """Why this transition is refused now (empty: it is not): never back over played
    results, then what the apps above refuse; the confirmation page shows them before
    anything is asked."""
    refusals = _walk_back_refusals(tournament, target)
    return refusals + [text for check in transition_checks for text in check(tournament, target)]


# What the apps above register to hear that a tournament's results may have changed (its
# status, or any write of results data): the award worker recomputes a finished
# tournament's PCN and PP. Each is called inside the change's transaction.
results_hooks: list[Callable[[Tournament], None]] = []


def _results_touched(tournament: Tournament) -> None:
    """Tell the apps above; every write of a status calls it, so that a tournament becoming
    finished by any path (the referee's « Terminer », a complete file imported, finished
    again after a reopening or a correction) has its awards computed and its homologation
    opened."""
    for hook in results_hooks:
        hook(tournament)


def tournament_lock_unfrozen(*, tournament_id: int) -> Tournament:
    """The tournament, locked until the caller's transaction ends, once it is known not to
    be frozen (submitted or approved: nothing that affects its results changes). Every
    writer of results data calls it first inside its transaction; the lock makes it wait
    for a submission under way, and a submission wait for it."""
    found = objects_where(Tournament, "x.id = %s", [tournament_id], lock=True)
    if not found:
        raise Tournament.DoesNotExist
    tournament = found[0]
    if tournament.status in FROZEN_STATUSES:
        raise ValidationError(
            _(
                "This tournament is “%(status)s”: its results are frozen and nothing that "
                "affects them can change."
            )
            % {"status": tournament.get_status_display()}
        )
    if tournament.frozen_reasons:
        raise ValidationError(tournament.frozen_reasons)
    _results_touched(tournament)
    return tournament


def tournament_lock_for_room(*, actor, tournament: Tournament) -> Tournament:
    """The check of every room change (movement, scores, incidents): the actor runs the
    room (an assigned referee or federation staff), and the results are not frozen. Call it
    inside the change's transaction."""
    if not permissions.can_run_room(actor, tournament):
        raise PermissionDenied(_("You do not referee this tournament."))
    return tournament_lock_unfrozen(tournament_id=tournament.pk)


def _is_stage(tournament: Tournament) -> bool:
    return tournament.kind == Tournament.Kind.CHAMPIONSHIP


def _check_kind(kind: str, *, was: str | None = None) -> None:
    """A championship stage's tournament is made by its stage (apps.competitions), which
    checks who may play it: no other tournament becomes one, and it stays one."""
    championship = Tournament.Kind.CHAMPIONSHIP
    if (kind == championship) != (was == championship):
        raise ValidationError(
            {"kind": _("A championship stage is created on the championship's page.")}
        )


@transaction.atomic
def _check_game(game: str, kind: str, *, tournament: Tournament | None = None) -> None:
    """A championship stage plays duplicate tarot; a tournament keeps its game once play
    has started."""
    if kind == Tournament.Kind.CHAMPIONSHIP and game != Tournament.Game.DUPLICATE_TAROT:
        raise ValidationError({"game": _("A championship stage plays duplicate tarot.")})
    started = tournament is not None and tournament.status not in (
        Status.DRAFT,
        Status.REGISTRATION_OPEN,
    )
    if started and game != tournament.game:
        raise ValidationError({"game": _("A tournament keeps its game once play has started.")})


def tournament_create(
    *,
    actor,
    club: Club,
    name: str,
    date: date,
    game: str = Tournament.Game.DUPLICATE_TAROT,
    venue: str = "",
    kind: str = Tournament.Kind.INDIVIDUAL,
    index: Decimal = Index.BASE,
    sessions: int = 1,
    request_key: UUID | None = None,
    starts_at: time | None = None,
    entry_fee: Decimal | None = None,
    max_players: int | None = None,
    etuis_per_table: int | None = None,
    registration_deadline: datetime | None = None,
) -> Tournament:
    """Create a tournament with its sessions. With a `request_key` (the creation form's
    one-time key), the same request sent again returns the tournament it created."""
    if not can_manage_club(actor, club):
        raise PermissionDenied(_("You cannot create tournaments for this club."))
    if not 1 <= sessions <= MAX_SESSIONS:
        raise ValidationError(
            {"sessions": _("Between 1 and %(max)s sessions.") % {"max": MAX_SESSIONS}}
        )
    _check_kind(kind)
    _check_game(game, kind)
    values = {"name": name, "game": game, "date": date, "venue": venue, "kind": kind}
    values["index"] = index
    values |= {
        "starts_at": starts_at,
        "entry_fee": entry_fee,
        "max_players": max_players,
        "etuis_per_table": etuis_per_table,
        "registration_deadline": registration_deadline,
    }
    try:
        with transaction.atomic():
            return tournament_record(
                actor=actor, club=club, values=values, sessions=sessions, request_key=request_key
            )
    except IntegrityError:  # the same form, sent again (concurrently or not)
        return Tournament.objects.get(request_key=request_key)


def tournament_record(
    *,
    actor,
    club: Club,
    values: dict,
    sessions: int = 1,
    status: Status = Status.DRAFT,
    request_key: UUID | None = None,
    file_fingerprint: str | None = None,
    results_fingerprint: str | None = None,
    source: str = "",
    same_results_accepted: str = "",
) -> Tournament:
    """Write a tournament (``values``: TOURNAMENT_FIELDS), its sessions and its audit row;
    the caller has checked who may. ``source`` names where it comes from (a file's format),
    ``file_fingerprint`` the file it was imported from and ``results_fingerprint`` what the
    file played, when its results are complete; ``same_results_accepted`` why federation
    staff imported it although another tournament holds its results (docs/interpretations.md
    « The same results only once », 4). Call it inside the caller's transaction."""
    tournament = Tournament(
        club=club,
        status=status,
        request_key=request_key,
        file_fingerprint=file_fingerprint,
        results_fingerprint=results_fingerprint,
        same_results_accepted=same_results_accepted,
        **values,
    )
    tournament.full_clean(exclude=["request_key", "file_fingerprint", "results_fingerprint"])
    tournament.save()
    Session.objects.bulk_create(
        Session(tournament=tournament, number=n) for n in range(1, sessions + 1)
    )
    fields = TOURNAMENT_FIELDS if status == Status.DRAFT else [*TOURNAMENT_FIELDS, "status"]
    snapshot = audit_snapshot(tournament, fields)
    audit_record(
        actor=actor,
        action="create",
        instance=tournament,
        changes={
            **{k: [None, v] for k, v in snapshot.items()},
            "club": [None, str(club)],
            "sessions": [None, sessions],
            **({"source": [None, source]} if source else {}),
            **(
                {"same_results_accepted": [None, same_results_accepted]}
                if same_results_accepted
                else {}
            ),
        },
    )
    _results_touched(tournament)  # a complete file is written finished
    return tournament


def tournament_results_fingerprint_record(*, tournament: Tournament, fingerprint: str | None):
    """Keep the fingerprint of the tournament's results as computed from them
    (apps.results.played): derived data, without an audit row of its own (the writes of
    the results have theirs). Call it inside the caller's transaction."""
    if tournament.results_fingerprint != fingerprint:
        tournament.results_fingerprint = fingerprint
        tournament.save(update_fields=["results_fingerprint"])
    return tournament


def session_record(*, actor, tournament: Tournament) -> Session:
    """Add the tournament's next session and write its audit row; the caller has checked
    who may and holds the tournament's lock. Call it inside the caller's transaction."""
    number = tournament.sessions.count() + 1
    if number > MAX_SESSIONS:
        raise ValidationError(_("Between 1 and %(max)s sessions.") % {"max": MAX_SESSIONS})
    session = Session.objects.create(tournament=tournament, number=number)
    audit_record(
        actor=actor,
        action="create",
        instance=session,
        changes={"tournament": [None, str(tournament)], "number": [None, number]},
    )
    return session


@transaction.atomic
def tournament_update(*, actor, tournament: Tournament, **data) -> Tournament:
    if not permissions.can_manage_tournament(actor, tournament):
        raise PermissionDenied(_("You cannot change this tournament."))
    unknown = set(data) - set(TOURNAMENT_FIELDS)
    if unknown:
        raise ValueError(f"unknown tournament fields: {sorted(unknown)}")
    tournament = tournament_lock_unfrozen(tournament_id=tournament.pk)
    _check_kind(data.get("kind", tournament.kind), was=tournament.kind)
    _check_game(
        data.get("game", tournament.game), data.get("kind", tournament.kind), tournament=tournament
    )
    if _is_stage(tournament) and "index" in data and data["index"] != tournament.index:
        raise ValidationError({"index": _("A championship stage's index follows its level.")})
    changes = model_update(tournament, data)
    if changes:
        tournament.full_clean()
        tournament.save(update_fields=list(changes))
        audit_record(actor=actor, action="update", instance=tournament, changes=changes)
    return tournament


@transaction.atomic
def tournament_transition(*, actor, tournament: Tournament, status: str) -> Tournament:
    """Move the tournament along its workflow (apps.tournaments.domain.workflow), up to
    « finished »; the homologation chain (apps.approvals) moves it from there."""
    tournament = Tournament.objects.select_for_update().select_related("club").get(pk=tournament.pk)
    try:
        target = Status(status)
    except ValueError as exc:
        raise ValidationError(_("Unknown status.")) from exc
    if not permissions.can_transition_tournament(actor, tournament, target):
        raise PermissionDenied(
            _("You cannot move this tournament from “%(old)s” to “%(new)s”.")
            % {
                "old": tournament.get_status_display(),
                "new": Tournament.StatusChoice(target).label,
            }
        )
    refusals = transition_refusals(tournament, target)
    if refusals:
        raise ValidationError(refusals)
    return tournament_status_record(actor=actor, tournament=tournament, status=target)


def tournament_status_record(*, actor, tournament: Tournament, status: Status, reason: str = ""):
    """Write the tournament's status (as its workflow or the homologation chain,
    apps.approvals, moves it) with its audit row, and tell the apps above; the caller has
    checked who may. Call it inside the caller's transaction. Never back over played
    results (ValidationError)."""
    refusals = _walk_back_refusals(tournament, Status(status))
    if refusals:
        raise ValidationError(refusals)
    changes = model_update(tournament, {"status": Status(status).value})
    if not changes:
        return tournament
    if reason:
        changes["reason"] = reason
    tournament.save(update_fields=["status"])
    audit_record(actor=actor, action="update", instance=tournament, changes=changes)
    _results_touched(tournament)
    return tournament


def _check_registrations_open(tournament: Tournament) -> None:
    """A club registers its players while registrations last; a championship stage takes
    its players on its own page."""
    if _is_stage(tournament):
        raise ValidationError(_STAGE_PLAYERS)
    if tournament.status not in REGISTRATION_STATUSES:
        raise ValidationError(_("Registrations are closed for this tournament."))


@transaction.atomic
def registration_create(*, actor, tournament: Tournament, licensee: Licensee) -> Registration:
    if not permissions.can_manage_tournament(actor, tournament):
        raise PermissionDenied(_("You cannot register players in this tournament."))
    _check_registrations_open(tournament)
    if Registration.objects.filter(tournament=tournament, licensee=licensee).exists():
        raise ValidationError(_("%(name)s is already registered.") % {"name": licensee.full_name})
    deadline = tournament.registration_deadline
    if deadline and timezone.now() > deadline and not permissions.can_run_room(actor, tournament):
        raise ValidationError(
            _(
                "Registrations closed on %(deadline)s: the referee adds a late player as a "
                "late arrival on the movement page."
            )
            % {"deadline": date_format(timezone.localtime(deadline), "DATETIME_FORMAT")}
        )
    return _registration_placed(actor, tournament, licensee)


def _registration_placed(actor, tournament: Tournament, licensee: Licensee) -> Registration:
    """The registration, on the waiting list when the tournament is full."""
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()  # one at a time
    full = tournament.max_players is not None and (
        tournament.registrations.filter(waiting=False).count() >= tournament.max_players
    )
    return registration_record(actor=actor, tournament=tournament, licensee=licensee, waiting=full)


@transaction.atomic
def registration_guest_create(
    *, actor, tournament: Tournament, last_name: str, first_name: str
) -> Registration:
    """The referee registers a guest without a licence: they play and are ranked, take no
    PCN or PP (apps.awards), and are in no list of licensees."""
    if not permissions.can_run_room(actor, tournament):
        raise PermissionDenied(_("Only the tournament's referees add a guest without a licence."))
    _check_registrations_open(tournament)
    guest = licensee_guest_record(
        actor=actor, club=tournament.club, last_name=last_name, first_name=first_name
    )
    return _registration_placed(actor, tournament, guest)


def registration_record(
    *, actor, tournament: Tournament, licensee: Licensee, waiting: bool = False
) -> Registration:
    """Write a registration (on the waiting list when ``waiting``) and its audit row; the
    caller has checked who may. Call it inside the caller's transaction."""
    try:
        with transaction.atomic():
            registration = Registration.objects.create(
                tournament=tournament, licensee=licensee, waiting=waiting
            )
    except IntegrityError as exc:  # registered concurrently
        raise ValidationError(
            _("%(name)s is already registered.") % {"name": licensee.full_name}
        ) from exc
    audit_record(
        actor=actor,
        action="create",
        instance=registration,
        changes={
            "licensee": [None, str(licensee)],
            "tournament": [None, str(tournament)],
            **({"waiting": [None, True]} if waiting else {}),
        },
    )
    return registration


def registration_admit(*, actor, registration: Registration) -> Registration:
    """A player of the waiting list takes a place (audited). Call it inside the caller's
    transaction."""
    if registration.waiting:
        registration.waiting = False
        registration.save(update_fields=["waiting"])
        audit_record(
            actor=actor, action="update", instance=registration, changes={"waiting": [True, False]}
        )
    return registration


def registration_seat_free(*, actor, tournament: Tournament) -> Registration | None:
    """A place freed: the first on the waiting list takes it; who, if anyone. Call it
    inside the caller's transaction."""
    first = tournament.registrations.filter(waiting=True).order_by("registered_at", "pk").first()
    return registration_admit(actor=actor, registration=first) if first else None


@transaction.atomic
def registration_delete(*, actor, registration: Registration) -> None:
    tournament = registration.tournament
    if not permissions.can_manage_tournament(actor, tournament):
        raise PermissionDenied(_("You cannot change this tournament's registrations."))
    _check_registrations_open(tournament)
    in_play = {"table__movement__current_position__gt": 0}
    if (
        registration.places.filter(**in_play).exists()
        or registration.earlier_places.filter(**in_play).exists()
    ):
        raise ValidationError(
            _(
                "%(name)s is seated in a session already in play: ask the referee to "
                "replace them rather than remove the registration."
            )
            % {"name": registration.licensee.full_name}
        )
    freed = not registration.waiting
    registration_remove(actor=actor, registration=registration)
    if freed:
        registration_seat_free(actor=actor, tournament=tournament)


def registration_remove(*, actor, registration: Registration) -> None:
    """Delete a registration and write its audit row; the caller has checked who may and
    that the player is seated nowhere. A player a club game's drawn round names (a belote
    match, a pinochle team…: rows that protect the registration) is refused with a reason:
    the referee records their forfeit on the sheet instead. Call it inside the caller's
    transaction."""
    try:
        with transaction.atomic():
            audit_record(
                actor=actor,
                action="delete",
                instance=registration,
                changes={
                    "licensee": [str(registration.licensee), None],
                    "tournament": [str(registration.tournament), None],
                },
            )
            registration.delete()
    except ProtectedError as exc:
        raise ValidationError(
            f"{registration.licensee.full_name} est déjà placé dans une partie tirée : "
            "enregistrez son abandon ou son forfait sur sa feuille de match plutôt que de "
            "retirer son inscription."
        ) from exc


@transaction.atomic
def referee_assign(*, actor, tournament: Tournament, referee, grade: str = "") -> RefereeAssignment:
    if not permissions.can_manage_tournament(actor, tournament):
        raise PermissionDenied(_("You cannot assign referees to this tournament."))
    if _is_stage(tournament):
        raise ValidationError(_("A championship stage's referees are assigned on its page."))
    return referee_record(actor=actor, tournament=tournament, referee=referee, grade=grade)


def referee_record(*, actor, tournament: Tournament, referee, grade: str = "") -> RefereeAssignment:
    """Assign a referee with their grade (a second call records a new grade) and write the
    audit row; the caller has checked who may. Call it inside the caller's transaction."""
    if not roles_of(referee).referee:
        raise ValidationError(
            _("%(user)s is not a referee.") % {"user": referee.get_full_name() or referee}
        )
    if grade not in ("", *RefereeAssignment.Grade.values):
        raise ValidationError(_("Unknown referee grade."))
    assignment, created = RefereeAssignment.objects.get_or_create(
        tournament=tournament, referee=referee, defaults={"grade": grade}
    )
    if created:
        audit_record(
            actor=actor,
            action="create",
            instance=assignment,
            changes={
                "referee": [None, str(referee)],
                "tournament": [None, str(tournament)],
                **({"grade": [None, grade]} if grade else {}),
            },
        )
    elif assignment.grade != grade:
        changes = model_update(assignment, {"grade": grade})
        assignment.save(update_fields=["grade"])
        audit_record(actor=actor, action="update", instance=assignment, changes=changes)
    return assignment


@transaction.atomic
def referee_unassign(*, actor, assignment: RefereeAssignment) -> None:
    if not permissions.can_manage_tournament(actor, assignment.tournament):
        raise PermissionDenied(_("You cannot assign referees to this tournament."))
    audit_record(
        actor=actor,
        action="delete",
        instance=assignment,
        changes={
            "referee": [str(assignment.referee), None],
            "tournament": [str(assignment.tournament), None],
        },
    )
    assignment.delete()


@transaction.atomic
def session_start_set(*, actor, session: Session, starts_at) -> Session:
    """When the session starts (shown on its pages and printouts)."""
    if not permissions.can_set_session_times(actor, session.tournament):
        raise PermissionDenied(_("You cannot change this tournament's sessions."))
    changes = model_update(session, {"starts_at": starts_at})
    if changes:
        session.save(update_fields=["starts_at"])
        audit_record(actor=actor, action="update", instance=session, changes=changes)
    return session
