"""Write services of arbitration: incidents ruled by the referee (recorded, cancelled),
penalties given, and the copy of a catalogue version for a new season.

Each runs in one transaction with its audit row, checks the actor's rights through the
permission layer and raises PermissionDenied or ValidationError (French messages)
without changing anything.
"""

from decimal import Decimal, InvalidOperation

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from apps.accounts.permissions import roles_of
from apps.core.audit import audit_record, audit_snapshot
from apps.movements.domain.etuis import SEAT_ORDER, defender_seats, etui_taker
from apps.movements.models import MovementTable, Place
from apps.penalties.domain.effects import lateness_forfeit, lateness_penalty
from apps.penalties.domain.ruling import (
    Sanction,
    players_problems,
    ruling_departs,
    ruling_given,
    ruling_problems,
)
from apps.penalties.models import (
    PERCENT_MAX,
    CatalogueVersion,
    Fault,
    FaultySide,
    Incident,
    Penalised,
    Penalty,
)
from apps.penalties.selectors import catalogue_for
from apps.tournaments.models import Registration, Session
from apps.tournaments.services import tournament_lock_for_room

INCIDENT_AUDIT_FIELDS = [
    "fault",
    "table",
    "etui",
    "note",
    "public_reason",
    "penalty_percent",
    "override_reason",
    "adjustment",
    "faulty_side",
    "players_note",
]

LATENESS_CODE = "retard"  # article 18: the fault whose penalty follows the minutes late


def _check_place(session: Session, table: MovementTable | None, etui: int | None) -> None:
    """The table is one of the session's, in play or played, and plays the étui."""
    if table is None:
        if etui is not None:
            raise ValidationError({"table": _("Give the table the étui was played at.")})
        return
    movement = table.movement
    if movement.session_id != session.pk:
        raise ValidationError({"table": _("This table is not one of the session's.")})
    if table.sequence > movement.current_position:
        raise ValidationError(
            {"table": _("Position %(position)s is not in play yet.") % {"position": table.position}}
        )
    if etui is not None and etui not in table.etuis:
        raise ValidationError(
            {
                "etui": _("Table %(table)s does not play étui %(etui)s at position %(position)s.")
                % {"table": table.table, "etui": etui, "position": table.position}
            }
        )


def _penalty(value, fault: Fault) -> Decimal | None:
    """The penalty to apply: the fault's when none is given."""
    if value is None:
        return fault.penalty_percent
    try:
        percent = Decimal(str(value))
    except InvalidOperation:
        percent = None
    if percent is None or not 0 <= percent <= PERCENT_MAX or -percent.as_tuple().exponent > 2:
        raise ValidationError(
            {"penalty_percent": _("A penalty is from 0 to 100 percentage points, in hundredths.")}
        )
    return percent


def _lateness(fault: Fault, minutes_late: int | None) -> Decimal | None:
    """The penalty of a player ``minutes_late`` minutes late (article 18), None when no
    minutes are given. Beyond 15 minutes the player is forfeit: refused, the player is to
    be replaced on the movement page."""
    if minutes_late is None:
        return None
    if fault.code != LATENESS_CODE:
        raise ValidationError({"minutes_late": _("Minutes late are given for lateness only.")})
    if minutes_late < 0:
        raise ValidationError({"minutes_late": _("Minutes late cannot be negative.")})
    if lateness_forfeit(minutes_late):
        message = _(
            "%(minutes)s minutes late: after 15 minutes the player is declared forfeit "
            "and must be replaced (movement page, « Replace a player »)."
        ) % {"minutes": minutes_late}
        raise ValidationError({"minutes_late": ValidationError(message, code="forfeit")})
    return Decimal(str(lateness_penalty(minutes_late)))


def _lateness_note(note: str, minutes_late: int) -> str:
    late = _("%(minutes)s minutes late") % {"minutes": minutes_late}
    return f"{late} · {note.strip()}" if note.strip() else late


def _seats_penalised(fault: Fault, etui: int | None, faulty_side: str) -> tuple[str, ...]:
    """The seats the catalogue's penalty falls on at the table, when the ruling itself says
    who they are: the whole table; the taker of the étui; the side at fault of the étui."""
    if fault.penalised == Penalised.TABLE:
        return tuple(SEAT_ORDER)
    if etui is None:
        return ()
    taker = etui_taker(etui)
    if fault.penalised == Penalised.TAKER or (
        fault.penalised == Penalised.FAULTY_SIDE and faulty_side == FaultySide.TAKER
    ):
        return (taker,)
    if fault.penalised == Penalised.FAULTY_SIDE and faulty_side == FaultySide.DEFENSE:
        return defender_seats(taker)
    return ()


def _players(
    session: Session,
    table: MovementTable | None,
    fault: Fault,
    players,
    etui: int | None = None,
    faulty_side: str = "",
) -> list[Registration]:
    """The players concerned, seated in the session. When none are named, those the ruling
    designates itself (the table, the étui's taker or its side at fault): the referee is
    not asked for what the barème fills."""
    places = Place.objects.filter(table__movement__session=session, registration__isnull=False)
    seats = _seats_penalised(fault, etui, faulty_side) if table is not None else ()
    if not players and seats:
        return [
            place.registration
            for place in places.filter(table=table, seat__in=seats).select_related("registration")
        ]
    players = list(players)
    seated = set(places.values_list("registration_id", flat=True))
    if any(player.pk not in seated for player in players):
        raise ValidationError({"players": _("A player concerned is not seated in this session.")})
    return players


# The wording of each problem of a ruling (penalties.domain.ruling).
RULING_PROBLEMS = {
    "unknown_adjustment": _lazy("Unknown adjusted score."),
    "unknown_side": _lazy("Unknown side."),
    "unknown_note": _lazy("Unknown note."),
    "note_off_cancelled_board": _lazy("Players get a note of their own only on a cancelled board."),
    "reason_missing": _lazy("Give the reason for departing from the catalogue's sanction."),
    "etui_missing": _lazy("An adjusted score needs the table and the étui."),
    "side_missing": _lazy("Say which side is at fault."),
    "etui_adjusted": _lazy(
        "This étui already has an adjusted score at this table: cancel it first."
    ),
    "players_missing": _lazy("Name the players the sanction falls on."),
    "defender_missing": _lazy("Name the defender who forgot the card."),
}


def _refuse(problems: list[tuple[str, str]]) -> None:
    """Raise the ruling's problems together, each on its field."""
    if problems:
        errors: dict[str, list[str]] = {}
        for field, code in problems:
            errors.setdefault(field, []).append(str(RULING_PROBLEMS[code]))
        raise ValidationError(errors)


def _catalogue_checked(session: Session, fault: Fault) -> None:
    catalogue = catalogue_for(session.tournament)
    if catalogue is None or fault.version_id != catalogue.pk:
        raise ValidationError(
            {"fault": _("This fault is not in the catalogue the tournament is played under.")}
        )


def _adjustment_taken(ruling: Sanction, table: MovementTable | None, etui: int | None) -> bool:
    if not ruling.adjustment or table is None or etui is None:
        return False
    return Incident.objects.live().filter(table=table, etui=etui).exclude(adjustment="").exists()


@transaction.atomic
def incident_record(
    *,
    actor,
    session: Session,
    table: MovementTable | None = None,
    etui: int | None = None,
    fault: Fault,
    players,
    note: str = "",
    public_reason: str = "",
    penalty_percent=None,
    override_reason: str = "",
    adjustment: str | None = None,
    faulty_side: str | None = None,
    players_note: str | None = None,
    minutes_late: int | None = None,
) -> Incident:
    """Record the referee's ruling on a fault of the session's catalogue: the penalty and
    the adjusted score are the catalogue's unless given, and a departure needs a reason
    (the checks: penalties.domain.ruling). For lateness, ``minutes_late`` sets the penalty
    (0.5 per started 5 minutes); beyond 15 minutes the player is forfeit and the ruling is
    refused."""
    session = Session.objects.select_related("tournament").get(pk=session.pk)
    tournament_lock_for_room(actor=actor, tournament=session.tournament)
    if table is not None:
        table = MovementTable.objects.select_related("movement").get(pk=table.pk)
    _check_place(session, table, etui)
    _catalogue_checked(session, fault)
    late = _lateness(fault, minutes_late)
    printed = Sanction(
        fault.penalty_percent if late is None else late,
        fault.adjustment,
        fault.faulty_side,
        fault.players_note,
    )
    ruling = ruling_given(
        printed,
        penalty=None if penalty_percent is None else _penalty(penalty_percent, fault),
        adjustment=adjustment,
        faulty_side=faulty_side,
        players_note=players_note,
    )
    _refuse(
        ruling_problems(
            ruling,
            printed,
            override_reason=override_reason,
            at_etui=table is not None and etui is not None,
            adjustment_taken=_adjustment_taken(ruling, table, etui),
        )
    )
    players = _players(session, table, fault, players, etui, ruling.faulty_side)
    _refuse(players_problems(ruling, len(players)))
    return incident_write(
        actor=actor,
        session=session,
        table=table,
        etui=etui,
        fault=fault,
        players=players,
        note=note.strip() if late is None else _lateness_note(note, minutes_late),
        public_reason=(
            public_reason.strip() if late is None else _lateness_note(public_reason, minutes_late)
        ),
        penalty_percent=ruling.penalty,
        override_reason=override_reason.strip() if ruling_departs(ruling, printed) else "",
        adjustment=ruling.adjustment,
        faulty_side=ruling.faulty_side,
        players_note=ruling.players_note,
    )


def incident_write(
    *,
    actor,
    session: Session,
    table: MovementTable | None,
    etui: int | None,
    fault: Fault,
    players,
    note: str = "",
    public_reason: str = "",
    penalty_percent=None,
    override_reason: str = "",
    adjustment: str = "",
    faulty_side: str = "",
    players_note: str = "",
    source: str = "",
) -> Incident:
    """Write an incident as ruled and its audit row; the caller has checked the ruling and
    who may (``incident_record`` for the referee, a tournament file's import). ``source``
    names where it comes from. Call it inside the caller's transaction."""
    incident = Incident.objects.create(
        session=session,
        table=table,
        etui=etui,
        fault=fault,
        note=note,
        public_reason=public_reason,
        penalty_percent=penalty_percent,
        override_reason=override_reason,
        adjustment=adjustment,
        faulty_side=faulty_side,
        players_note=players_note,
        created_by=actor,
    )
    incident.players.set(players)
    changes = {
        name: [None, value]
        for name, value in audit_snapshot(incident, INCIDENT_AUDIT_FIELDS).items()
        if value not in (None, "")
    }
    changes["players"] = [None, sorted(player.pk for player in players)]
    if source:
        changes["source"] = [None, source]
    audit_record(actor=actor, action="create", instance=incident, changes=changes)
    return incident


@transaction.atomic
def penalty_give(
    *, actor, session: Session, registration: Registration, percent, reason: str
) -> Penalty:
    """Take percentage points off a player's result of the session, for a reason given
    (« Pénalité : un pourcentage est déduit à l'issue de la séance », ch. 4): the referee
    running the room, while the results are not frozen; the player is seated in it."""
    session = Session.objects.select_related("tournament").get(pk=session.pk)
    tournament_lock_for_room(actor=actor, tournament=session.tournament)
    if not reason.strip():
        raise ValidationError({"reason": _("Give the reason for the penalty.")})
    return penalty_record(
        actor=actor, session=session, registration=registration, percent=percent, reason=reason
    )


def penalty_record(
    *, actor, session: Session, registration: Registration, percent, reason: str, source=""
) -> Penalty:
    """Write a penalty (checked against the model's rules: a player seated in the session,
    0.01 to 100 points) and its audit row; the caller has checked who may. Call it inside
    the caller's transaction."""
    penalty = Penalty(
        session=session,
        registration=registration,
        percent=percent,
        reason=reason.strip(),
        created_by=actor,
    )
    penalty.full_clean()
    penalty.save()
    changes = {
        "player": [None, registration.licensee.full_name],
        "percent": [None, str(penalty.percent)],
        "reason": [None, penalty.reason],
    }
    if source:
        changes["source"] = [None, source]
    audit_record(actor=actor, action="create", instance=penalty, changes=changes)
    return penalty


@transaction.atomic
def incident_cancel(*, actor, incident: Incident, reason: str) -> Incident:
    """Cancel an incident: it stays, with who cancelled it, when and why."""
    incident = (
        Incident.objects.select_for_update()
        .select_related("session__tournament", "fault")
        .get(pk=incident.pk)
    )
    tournament_lock_for_room(actor=actor, tournament=incident.session.tournament)
    if incident.cancelled:
        raise ValidationError(_("This incident is already cancelled."))
    reason = reason.strip()
    if not reason:
        raise ValidationError({"cancel_reason": _("Give the reason for cancelling.")})
    incident.cancelled_at = timezone.now()
    incident.cancelled_by = actor
    incident.cancel_reason = reason
    incident.save(update_fields=["cancelled_at", "cancelled_by", "cancel_reason"])
    audit_record(
        actor=actor,
        action="update",
        instance=incident,
        changes={"cancelled": [False, True], "cancel_reason": [None, reason]},
    )
    return incident


@transaction.atomic
def catalogue_version_copy(*, actor, version: CatalogueVersion) -> CatalogueVersion:
    """Copy a catalogue version and its faults into a new, unpublished version that the
    federation edits for a new season."""
    if not roles_of(actor).federation:
        raise PermissionDenied(_("Only the federation edits the code d'arbitrage."))
    names = set(CatalogueVersion.objects.values_list("name", flat=True))
    name = _("%(name)s (copy)") % {"name": version.name}
    number = 1
    while name in names:
        number += 1
        name = _("%(name)s (copy %(number)s)") % {"name": version.name, "number": number}
    copy = CatalogueVersion.objects.create(name=name, valid_from=version.valid_from)
    faults = list(version.faults.all())
    for fault in faults:
        fault.pk = None
        fault.version = copy
    Fault.objects.bulk_create(faults)
    audit_record(
        actor=actor,
        action="create",
        instance=copy,
        changes={"copied_from": [None, version.name], "faults": [None, len(faults)]},
    )
    return copy
