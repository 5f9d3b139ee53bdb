"""Import and export of tournament files (apps.exchange.domain.document).

An import writes everything in one transaction, or nothing: the tournament and its
session, the licensees the database does not know yet (in the organising club), the
registrations, the session's movement with each player at the place the file names, the
scores, the penalties and the adjusted scores, with their audit rows. Since the file
holds the whole session, every position counts as played; a file with every result gives
a finished tournament.

An adjusted score becomes an incident of the fault of the tournament's code d'arbitrage
(``catalogue_for``) that gives that adjusted score and departs least from the file (the
same faulty side or none printed, no penalty, the same note of the players concerned),
the first in the catalogue's order. Under the 2022 code: neutralized →
lenteur_donne_neutralisee (erreur_placement with « zero_players »), zero_collectif →
feuille_ambulante_non_rectifiable, 40_60 → hesitation, 40_40 → renonce_sur_renonce,
forgotten_card → carte_oubliee_preneur or carte_oubliee_defenseur. A catalogue without
that adjusted score gives its first fault. The incident carries no penalty (the file's
penalties are penalties of their own), and its departures from the fault's sanction have
the reason « importé du fichier de tournoi ». The referee's permission is not asked:
whoever may import the tournament records its rulings, as for the scores.
"""

import json

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.accounts.permissions import roles_of
from apps.core.audit import audit_record, audit_snapshot
from apps.exchange.domain.document import (
    FILE_MAX_BYTES,
    FORMAT,
    IMPORT_REASON,
    MAX_DEPTH,
    SIDED,
    FileAdjustment,
    FileIncident,
    TournamentFile,
    TournamentFileInvalid,
    club_number,
    document_fingerprint,
    export_document,
    nesting_depth,
    tournament_file_parse,
)
from apps.federation import permissions
from apps.federation.models import Club, Licensee
from apps.movements.models import MovementTable, Place, SessionMovement
from apps.movements.services import movement_store
from apps.penalties.models import Fault, Incident, Penalty
from apps.penalties.selectors import catalogue_for
from apps.penalties.services import INCIDENT_AUDIT_FIELDS
from apps.results.selectors import session_results
from apps.scoring.models import Play
from apps.scoring.services import deal_details
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Session, Tournament
from apps.tournaments.services import TOURNAMENT_FIELDS, registration_record

MAX_REPORTED_ERRORS = 500  # a report stays readable; the count of the others follows
KINDS = {"howell": Tournament.Kind.HOWELL}  # by movement type; otherwise individual


# --- import ------------------------------------------------------------------------


def document_decode(content: bytes):
    """The JSON document of a file's bytes; ValidationError when it is too large, too
    deeply nested or not JSON. Callers read at most FILE_MAX_BYTES + 1 bytes."""
    if len(content) > FILE_MAX_BYTES:
        raise ValidationError(
            _("The file is too large (%(max)s MB at most).")
            % {"max": FILE_MAX_BYTES // (1024 * 1024)}
        )
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ValidationError(_("The file is not a JSON document: it is not UTF-8 text.")) from exc
    if nesting_depth(text) > MAX_DEPTH:
        raise ValidationError(
            _("The document nests its lists and objects more than %(max)s levels deep.")
            % {"max": MAX_DEPTH}
        )
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValidationError(
            _("The file is not a JSON document (line %(line)s, column %(column)s).")
            % {"line": exc.lineno, "column": exc.colno}
        ) from exc


def club_by_number(number: str) -> Club:
    """The club of that number; ValidationError when there is none."""
    club = Club.objects.filter(number=str(number).strip()).first()
    if club is None:
        raise ValidationError(_("No club has the number “%(number)s”.") % {"number": number})
    return club


def _organiser(actor, document) -> Club:
    """The club the file names, else the only club the actor manages (the only club of
    the database for the command line)."""
    number = club_number(document)
    if number:
        return club_by_number(number)
    candidates = Club.objects.all() if actor is None else permissions.clubs_managed_by(actor)
    clubs = list(candidates[:2])
    if len(clubs) != 1:
        raise ValidationError(_("Give the number of the organising club."))
    return clubs[0]


def tournament_file_import(*, actor, document, club: Club | None = None) -> Tournament:
    """Create the tournament the document describes, organised by `club` (by default the
    one the file names, else the only one the actor manages). `actor` is the user
    importing, who must manage the club, or None for the server's command line.
    ValidationError lists every problem of the document; then nothing is written."""
    if actor is not None and not roles_of(actor).manages_clubs:
        raise PermissionDenied(_("You cannot import tournaments."))
    problems: list[str] = []
    try:
        club = club or _organiser(actor, document)
    except ValidationError as exc:  # listed with the document's own errors
        club, problems = None, exc.messages
    if club is not None and actor is not None and not permissions.can_manage_club(actor, club):
        raise PermissionDenied(_("You cannot import tournaments for this club."))
    fingerprint = document_fingerprint(document)
    known = Tournament.objects.filter(file_fingerprint=fingerprint).first()
    if known is not None:
        raise ValidationError(
            _("This file was imported already: tournament “%(name)s”, %(url)s")
            % {"name": known.name, "url": reverse("tournaments:detail", args=[known.pk])},
            code="imported",
            params={"tournament": known.pk},
        )
    try:
        tournament_file = tournament_file_parse(document)
    except TournamentFileInvalid as exc:
        problems += [str(error) for error in exc.errors]
    if problems:
        shown = problems[:MAX_REPORTED_ERRORS]
        if len(problems) > len(shown):
            shown.append(_("… and %(count)s more errors.") % {"count": len(problems) - len(shown)})
        raise ValidationError(shown)
    try:
        with transaction.atomic():
            return _write(actor, club, tournament_file, fingerprint)
    except IntegrityError as exc:  # a licensee, or the same file, imported meanwhile
        raise ValidationError(
            _("Licensees changed while the file was being imported; send it again.")
        ) from exc


def _write(actor, club: Club, tournament_file: TournamentFile, fingerprint: str) -> Tournament:
    tournament, session = _tournament_write(actor, club, tournament_file, fingerprint)
    licensees = _licensees(actor, club, tournament_file)
    registrations = {
        player.spot: registration_record(actor=actor, tournament=tournament, licensee=licensee)
        for player, licensee in zip(tournament_file.players, licensees, strict=True)
    }
    _movement_write(actor, session, tournament_file, registrations)
    _penalties_write(actor, session, tournament_file, registrations)
    _incidents_write(actor, session, tournament_file, registrations)
    return tournament


def _tournament_write(actor, club: Club, tournament_file: TournamentFile, fingerprint: str):
    info = tournament_file.tournament
    tournament = Tournament(
        file_fingerprint=fingerprint,
        club=club,
        name=info.name,
        date=info.date,
        venue=info.venue,
        kind=KINDS.get(tournament_file.movement_type, Tournament.Kind.INDIVIDUAL),
        index=info.index,
        status=Status.FINISHED if tournament_file.complete else Status.RUNNING,
    )
    tournament.full_clean()
    tournament.save()
    session = Session.objects.create(tournament=tournament, number=1)
    snapshot = audit_snapshot(tournament, [*TOURNAMENT_FIELDS, "status"])
    audit_record(
        actor=actor,
        action="create",
        instance=tournament,
        changes={
            **{name: [None, value] for name, value in snapshot.items()},
            "club": [None, str(club)],
            "sessions": [None, 1],
            "source": [None, FORMAT],
        },
    )
    return tournament, session


def _licensees(actor, club: Club, tournament_file: TournamentFile) -> list[Licensee]:
    """The players' licensees in the file's order: found by licence number, or created
    in the organising club."""
    numbers = [player.licence for player in tournament_file.players]
    known = {
        licensee.licence_number: licensee
        for licensee in Licensee.objects.filter(licence_number__in=numbers)
    }
    new = [
        Licensee(
            licence_number=player.licence,
            last_name=player.last_name,
            first_name=player.first_name,
            club=club,
        )
        for player in tournament_file.players
        if player.licence not in known
    ]
    for licensee in Licensee.objects.bulk_create(new):
        known[licensee.licence_number] = licensee
        changes = audit_snapshot(licensee, ["licence_number", "last_name", "first_name", "club"])
        audit_record(
            actor=actor,
            action="create",
            instance=licensee,
            changes={name: [None, value] for name, value in changes.items()},
        )
    return [known[number] for number in numbers]


def _movement_write(
    actor, session: Session, tournament_file: TournamentFile, registrations: dict
) -> None:
    """The movement with the file's seating, every position played, and its scores."""
    room = tournament_file.room
    positions = max(len(section.positions) for section in room.sections)
    values = {
        "tables": room.tables,
        "requested_type": tournament_file.movement_type or "",
        "positions": positions,
        "method": SessionMovement.Method.FILE,
        "seed": None,
        "current_position": positions,
    }
    movement = SessionMovement.objects.create(
        session=session,
        sections=[
            {"name": s.name, "type": s.type.value, "tables": s.tables} for s in room.sections
        ],
        **values,
    )
    movement_store(
        movement, room, {spot: registration.pk for spot, registration in registrations.items()}
    )
    audit_record(
        actor=actor,
        action="create",
        instance=movement,
        changes={
            **{name: [None, value] for name, value in values.items()},
            "plays": [None, _plays_write(actor, movement, tournament_file)],
            "source": [None, FORMAT],
        },
    )


def _plays_write(actor, movement: SessionMovement, tournament_file: TournamentFile) -> int:
    tables = {
        (table.section, table.position, table.table): table
        for table in MovementTable.objects.filter(movement=movement, position__gte=1)
    }
    now = timezone.now()
    plays = Play.objects.bulk_create(
        [
            *(
                Play(
                    table=tables[(result.section, result.position, result.table)],
                    etui=result.etui,
                    score=result.score,
                    deal=None if result.deal is None else deal_details(result.deal),
                    entered_by=actor,
                    entered_at=now,
                )
                for result in tournament_file.results
            ),
            *(
                Play(
                    table=tables[(line.section, line.position, line.table)],
                    etui=line.etui,
                    not_played=True,
                    not_played_note=line.note,
                )
                for line in tournament_file.not_played
            ),
        ]
    )
    return len(plays)


def _penalties_write(
    actor, session: Session, tournament_file: TournamentFile, registrations: dict
) -> None:
    for item in tournament_file.penalties:
        penalty = Penalty.objects.create(
            session=session,
            registration=registrations[item.spot],
            percent=item.percent,
            reason=item.reason,
            created_by=actor,
        )
        audit_record(
            actor=actor,
            action="create",
            instance=penalty,
            changes={
                "player": [None, penalty.registration.licensee.full_name],
                "percent": [None, str(penalty.percent)],
                "reason": [None, penalty.reason],
            },
        )


def _departures(fault: Fault, adjustment: FileAdjustment) -> tuple[bool, int]:
    """How far the file's ruling is from the fault's sanction: another adjusted score, then
    how many of the side, the penalty and the players' note differ."""
    return fault.adjustment != adjustment.kind, sum(
        (
            fault.faulty_side not in ("", adjustment.faulty or ""),
            fault.penalty_percent is not None,
            fault.players_note != adjustment.players_note,
        )
    )


def _incidents_write(
    actor, session: Session, tournament_file: TournamentFile, registrations: dict
) -> None:
    if not (tournament_file.adjustments or tournament_file.incidents):
        return
    catalogue = catalogue_for(session.tournament)
    if catalogue is None:
        raise ValidationError(
            _(
                "No code d'arbitrage is valid at the tournament's date: "
                "its adjusted scores cannot be recorded."
            )
        )
    faults = list(catalogue.faults.order_by("order", "code"))
    tables = {
        (table.section, table.position, table.table): table
        for table in MovementTable.objects.filter(movement__session=session, position__gte=1)
    }
    _rulings_write(actor, session, tournament_file.incidents, faults, tables, registrations)
    for item in tournament_file.adjustments:
        fault = min(faults, key=lambda fault: _departures(fault, item))  # the first at least
        incident = Incident.objects.create(
            session=session,
            table=tables[(item.section, item.position, item.table)],
            etui=item.etui,
            fault=fault,
            penalty_percent=None,
            override_reason=IMPORT_REASON if any(_departures(fault, item)) else "",
            adjustment=item.kind,
            faulty_side=item.faulty or "",
            players_note=item.players_note,
            created_by=actor,
        )
        players = [registrations[spot] for spot in item.players]
        incident.players.set(players)
        _incident_audit(actor, incident, players)


def _rulings_write(
    actor, session: Session, incidents: tuple[FileIncident, ...], faults, tables, registrations
) -> None:
    """The file's incidents as the referee recorded them, each under its catalogue fault."""
    by_code = {fault.code: fault for fault in faults}
    unknown = [
        _("%(path)s.fault: “%(code)s” is not a fault of the code d'arbitrage in force.")
        % {"path": item.path, "code": item.fault}
        for item in incidents
        if item.fault not in by_code
    ]
    if unknown:
        raise ValidationError(unknown)
    for item in incidents:
        adjustment = item.adjustment
        section, position, table, etui = item.play or (None, None, None, None)
        incident = Incident.objects.create(
            session=session,
            table=tables[(section, position, table)] if item.play else None,
            etui=etui,
            fault=by_code[item.fault],
            note=item.note,
            penalty_percent=item.penalty,
            override_reason=item.override_reason,
            adjustment=adjustment.kind if adjustment else "",
            faulty_side=(adjustment.faulty or "") if adjustment else "",
            players_note=adjustment.players_note if adjustment else "",
            created_by=actor,
        )
        players = [registrations[spot] for spot in item.players]
        incident.players.set(players)
        _incident_audit(actor, incident, players)


def _incident_audit(actor, incident: Incident, players) -> None:
    changes = {
        name: [None, value]
        for name, value in audit_snapshot(incident, INCIDENT_AUDIT_FIELDS).items()
        if value not in (None, "")
    }
    changes["players"] = [None, sorted(player.pk for player in players)]
    audit_record(
        actor=actor,
        action="create",
        instance=incident,
        changes={**changes, "source": [None, FORMAT]},
    )


# --- export ------------------------------------------------------------------------


def _player_ids(movement: SessionMovement) -> dict[int, str]:
    """{registration id: player id} of the players seated: the place each holds at the
    first position where they sit (a late arrival holds a place from their position on;
    a place taken over keeps its first holder)."""
    single = len(movement.sections) == 1
    ids: dict[int, str] = {}
    taken: set[tuple[str, str]] = set()
    rows = (
        Place.objects.filter(table__movement=movement, registration__isnull=False)
        .order_by("table__sequence")
        .values_list("table__section", "player_code", "registration_id")
    )
    for section, code, registration_id in rows:
        if registration_id not in ids and (section, code) not in taken:
            ids[registration_id] = code if single else f"{section} {code}"
            taken.add((section, code))
    return ids


def _results(movement: SessionMovement) -> list[dict]:
    single = len(movement.sections) == 1
    plays = (
        Play.objects.filter(table__movement=movement, table__position__gte=1)
        .filter(Q(score__isnull=False) | Q(not_played=True))
        .select_related("table")
    )
    return [
        {
            "etui": play.etui,
            "table": play.table.table,
            **({} if single else {"section": play.table.section}),
            **_line(play),
        }
        for play in plays
    ]


def _line(play: Play) -> dict:
    if play.not_played:
        return {"not_played": True, "note": play.not_played_note}
    return {"deal": play.deal} if play.deal else {"score": play.score}


def _incidents(session: Session, movement: SessionMovement, ids: dict[int, str]) -> list[dict]:
    """The referee's live incidents, each as recorded (apps.penalties.models.Incident)."""
    single = len(movement.sections) == 1
    incidents = (
        Incident.objects.live()
        .filter(session=session)
        .select_related("table", "fault")
        .prefetch_related("players")
        .order_by("created_at", "pk")
    )
    rows = []
    for incident in incidents:
        row = {"fault": incident.fault.code}
        if incident.table is not None:
            row |= {"etui": incident.etui, "table": incident.table.table}
            if not single:
                row["section"] = incident.table.section
        row["players"] = [ids[p.pk] for p in incident.players.all() if p.pk in ids]
        optional = {
            "note": incident.note,
            "penalty": None
            if incident.penalty_percent is None
            else float(incident.penalty_percent),
            "override_reason": incident.override_reason,
            "adjustment": incident.adjustment,
            "faulty": incident.faulty_side if incident.adjustment in SIDED else "",
            "players_note": incident.players_note,
        }
        rows.append(
            row | {key: value for key, value in optional.items() if value not in ("", None)}
        )
    return rows


def _penalties(session: Session, ids: dict[int, str]) -> list[dict]:
    """The penalties given directly, with their reasons (the incidents carry their own)."""
    return [
        {
            "player": ids[penalty.registration_id],
            "percent": float(penalty.percent),
            "reason": penalty.reason,
        }
        for penalty in session.penalties.order_by("created_at", "pk")
        if penalty.registration_id in ids
    ]


def _document(session: Session, movement: SessionMovement, ids: dict[int, str]) -> dict:
    """The session's tournament file as entered, without results."""
    tournament = session.tournament
    registrations = Registration.objects.filter(pk__in=ids).select_related("licensee")
    people = {registration.pk: registration.licensee for registration in registrations}
    return {
        "format": FORMAT,
        "tournament": {
            "name": tournament.name,
            "date": tournament.date.isoformat(),
            "indice": float(tournament.index),
            "venue": tournament.venue,
            "club": tournament.club.number,
        },
        "movement": {
            "type": movement.requested_type or movement.sections[0]["type"],
            "tables": movement.tables,
            "positions": movement.positions,
        },
        "players": [
            {"id": player_id, "licence": people[pk].licence_number, "name": people[pk].full_name}
            for pk, player_id in ids.items()
        ],
        "results": _results(movement),
        "penalties": _penalties(session, ids),
        "incidents": _incidents(session, movement, ids),
    }


def tournament_file_bytes(session: Session) -> bytes:
    """The exported tournament file as written to disk: UTF-8 JSON, indented."""
    document = tournament_file_export(session)
    return (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode()


def tournament_file_export(session: Session) -> dict:
    """The session's tournament file with its results; it imports back as the same
    tournament. ValidationError when the session has no movement yet."""
    movement = SessionMovement.objects.filter(session=session).first()
    if movement is None:
        raise ValidationError(_("This session has no movement yet: there is nothing to export."))
    ids = _player_ids(movement)
    document = _document(session, movement, ids)
    keys = {str(pk): player_id for pk, player_id in ids.items()}
    return export_document(document, session_results(session), keys)
