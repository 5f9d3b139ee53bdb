"""Import and export of tournament files (apps.exchange.domain.document).

An import writes everything in one transaction, or nothing, through the services of the
apps that own each part (their ``*_record`` writers, each with its audit rows): the
tournament and its session, the licensees the database does not know yet (in the
organising club), the registrations, the session's movement with each player at the place
the file names, the lines, the penalties and the incidents. Since the file holds the whole
session, every position counts as played; a file with every result gives a finished
tournament. The referee's permission is not asked: whoever may import the tournament
records its rulings, as for the scores. The same results are imported once: a file whose
plays another tournament holds (the fingerprint of what was played,
apps.results.domain.fingerprint: licences at the seats and scores, whatever the name,
club, date or layout), whose plays are contained in another's or contain them
(apps.results.domain.same_results: a session exported alone, a replacement written
otherwise), or the very same document, is refused with a link to it. Federation staff
alone may import results another tournament holds all the same, with a reason kept on the
new tournament and in its audit row (docs/interpretations.md « The same results only
once », 4); the very same document stays refused.

The file's incidents are written as recorded. An older file's adjusted score becomes an
incident of the fault of the tournament's code d'arbitrage (``catalogue_for``) that gives
that adjusted score and departs least from the file (the same faulty side or none printed,
no penalty, the same note of the players concerned), the first in the catalogue's order.
Under the 2022 code: neutralized → lenteur_donne_neutralisee (erreur_placement with
« zero_players »), zero_collectif → feuille_ambulante_non_rectifiable, 40_60 → hesitation,
40_40 → renonce_sur_renonce, forgotten_card → carte_oubliee_preneur or
carte_oubliee_defenseur. A catalogue without that adjusted score gives its first fault.
The incident carries no penalty, and its departures from the fault's sanction have the
reason « importé du fichier de tournoi ».
"""

import json
import math
import sys

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from apps.accounts.permissions import roles_of
from apps.core.locks import key_lock
from apps.exchange.domain.document import (
    FILE_MAX_BYTES,
    IMPORT_REASON,
    MAX_DEPTH,
    FileAdjustment,
    FileError,
    FileIncident,
    FilePlayer,
    FileReplacement,
    TournamentFile,
    TournamentFileInvalid,
    club_number,
    document_fingerprint,
    export_document,
    file_played_lines,
    holds_nul,
    nesting_depth,
    played_day_refusal,
    tournament_file_parse,
)
from apps.exchange.domain.schema import FORMAT
from apps.federation import permissions
from apps.federation.models import Club, Licensee
from apps.federation.services import licensee_guest_record, licensees_record
from apps.movements.models import MovementTable, Place, SessionMovement
from apps.movements.services import movement_record
from apps.penalties.domain.ruling import names_a_side
from apps.penalties.models import Fault, Incident
from apps.penalties.selectors import catalogue_for
from apps.penalties.services import incident_write, penalty_record
from apps.results.awards_shown import awards_by_registration
from apps.results.domain.fingerprint import played_fingerprint
from apps.results.domain.same_results import Likeness, licensed_plays, results_verdict
from apps.results.domain.same_results import Play as PlayTriple
from apps.results.selectors import plays_sharing_players, session_results
from apps.scoring.models import Play
from apps.scoring.services import plays_record
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Session, Tournament
from apps.tournaments.services import registration_record, tournament_record

MAX_REPORTED_ERRORS = 500  # a report stays readable; the count of the others follows
KINDS = {"howell": Tournament.Kind.HOWELL}  # by movement type; otherwise individual


# --- import ------------------------------------------------------------------------


def document_decode(content: bytes):
    """The JSON document of a file's bytes, the one reader of the page, the API and the
    command line; ValidationError when it is too large, not UTF-8, too deeply nested, not
    strict JSON (a key twice in an object, NaN or Infinity), a number Python will not
    convert or holds only as infinity, or a NUL character. Callers read at most
    FILE_MAX_BYTES + 1 bytes."""
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
        document = json.loads(
            text,
            object_pairs_hook=_unique_keys,
            parse_constant=_no_constant,
            parse_float=_finite,
        )
    except json.JSONDecodeError as exc:
        raise ValidationError(
            _("The file is not a JSON document (line %(line)s, column %(column)s).")
            % {"line": exc.lineno, "column": exc.colno}
        ) from exc
    except ValueError as exc:  # an integer longer than Python converts (int max str digits)
        raise ValidationError(
            _("The file is not a JSON document: a number has more than %(max)s digits.")
            % {"max": sys.get_int_max_str_digits()}
        ) from exc
    if holds_nul(document):
        raise ValidationError(
            _("The file holds a NUL character (\\u0000), which no text may hold.")
        )
    return document


def _unique_keys(pairs: list[tuple[str, object]]) -> dict:
    """An object of the document; a key given twice is refused, as readers disagree on
    which of its values counts."""
    keys: set[str] = set()
    for key, _value in pairs:
        if key in keys:
            raise ValidationError(
                _("The file gives the key “%(key)s” twice in one object.") % {"key": key}
            )
        keys.add(key)
    return dict(pairs)


def _no_constant(name: str):
    """NaN, Infinity and -Infinity, which Python reads but JSON does not have."""
    raise ValidationError(
        _("The file is not a JSON document: %(name)s is no JSON value.") % {"name": name}
    )


def _finite(text: str) -> float:
    """A number with a fraction or an exponent; one beyond what a float holds (1e400),
    which Python reads as infinity, is refused."""
    value = float(text)
    if not math.isfinite(value):
        raise ValidationError(
            _("The file is not a JSON document: the number %(number)s is too large.")
            % {"number": text[:20]}
        )
    return value


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


def tournament_file_check(*, document) -> tuple[TournamentFile | None, list[FileError]]:
    """The file parsed, or every problem of the document (JSON path and French message),
    with no limit on their number; its day is one Donne holds, else it would wait for a
    season that never opens. The import reads every document through it, and the
    validators (``manage.py validate_tournament_file``, POST
    /api/tournament-files/validate/) answer its problems: it reads no table and writes
    nothing. What depends on the database and the importer (the organising club, results
    another tournament holds) is checked by the import alone."""
    try:
        tournament_file = tournament_file_parse(document)
    except TournamentFileInvalid as exc:
        return None, list(exc.errors)
    refusal = played_day_refusal(tournament_file.tournament.date, timezone.localdate())
    return tournament_file, [FileError("tournament.date", refusal)] if refusal else []


def tournament_file_validate(*, content: bytes) -> list[FileError]:
    """Every problem of a file's bytes, as the import finds them (``document_decode``, then
    ``tournament_file_check``); an empty list for a valid file. Writes nothing."""
    try:
        document = document_decode(content)
    except ValidationError as exc:
        return [FileError("", message) for message in exc.messages]
    return tournament_file_check(document=document)[1]


def tournament_file_import(
    *, actor, document, club: Club | None = None, same_results_reason: str = ""
) -> Tournament:
    """Create the tournament the document describes, organised by `club` (by default the
    one the file names, else the only one the actor manages). `actor` is the user
    importing, who must manage the club, or None for the server's command line.
    ValidationError lists every problem of the document; then nothing is written.

    Results another tournament holds are refused (code "held"), unless the actor is
    federation staff giving ``same_results_reason``: the tournament is then imported and
    keeps the reason (``Tournament.same_results_accepted``). Federation staff import for
    any club already (``manages_clubs`` and ``can_manage_club`` hold for them), so no other
    role is opened. The server's command line (actor None) is its administrator, who
    passes every other check: it may as well, audited with no actor. The very same
    document (code "imported") is refused even with a reason."""
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
        raise _held(known, _("This file was imported already: tournament “%(name)s”."), "imported")
    tournament_file, refused = tournament_file_check(document=document)
    problems += map(str, refused)
    if problems:
        shown = problems[:MAX_REPORTED_ERRORS]
        if len(problems) > len(shown):
            more = len(problems) - len(shown)
            text = ngettext("… and %(count)s more error.", "… and %(count)s more errors.", more)
            shown.append(text % {"count": more})
        raise ValidationError(shown)
    lines = file_played_lines(tournament_file)
    played = played_fingerprint(lines)
    try:
        with transaction.atomic():
            accepted = _results_unheld(
                played, licensed_plays(lines), _same_results_reason(actor, same_results_reason)
            )
            return _write(actor, club, tournament_file, fingerprint, played, accepted)
    except IntegrityError as exc:  # a licensee, or the same file, imported meanwhile
        raise ValidationError(
            _("Licensees changed while the file was being imported; send it again.")
        ) from exc


def _held(known: Tournament, summary: str, code: str) -> ValidationError:
    """The refusal of what `known` holds already: ``summary`` (with the tournament's
    name) followed by the address of its page; a page shows the summary and a button."""
    summary %= {
        "name": known.name,
        "date": date_format(known.date, "SHORT_DATE_FORMAT"),
        "club": known.club.name,
    }
    url = reverse("tournaments:detail", args=[known.pk])
    return ValidationError(
        f"{summary} {url}",
        code=code,
        params={"tournament": known.pk, "name": known.name, "summary": summary},
    )


def _same_results_reason(actor, reason: str) -> str:
    """The reason to import results another tournament holds: federation staff's, or the
    server's command line's (actor None); "" for anyone else, or without one."""
    reason = (reason or "").strip()
    if actor is not None and not roles_of(actor).federation:
        return ""
    return reason


def _results_unheld(played: str | None, plays: set[PlayTriple], reason: str) -> str:
    """Refuse results another tournament holds already, whatever its name, club or date:
    the same fingerprint (apps.results.domain.fingerprint), or plays contained in its
    plays or containing them (apps.results.domain.same_results: a session imported
    alone, the evening written with a replacement otherwise). The first to hold them is
    named. With ``reason`` (_same_results_reason) they are accepted: what the tournament
    keeps, the reason and the one holding them ("" when none does). Inside the import's
    transaction, which holds the fingerprint's lock until it ends."""
    if played is None:
        return ""
    key_lock(f"results:{played}")
    known = (
        Tournament.objects.filter(results_fingerprint=played)
        .select_related("club")
        .order_by("pk")
        .first()
    )
    if known is None:
        known = next(
            (
                other
                for other, theirs in plays_sharing_players({p[0] for p in plays}).items()
                if results_verdict(plays=(plays, theirs)).likeness == Likeness.SAME
            ),
            None,
        )
    if known is None:
        return ""
    if not reason:
        raise _held(
            known,
            _("These results are in Donne already: tournament “%(name)s” of %(date)s, %(club)s."),
            "held",
        )
    held = f"« {known.name} » du {known.date:%d/%m/%Y} ({known.club.name})"
    return f"{reason} (mêmes résultats que {held})"


def _write(
    actor,
    club: Club,
    tournament_file: TournamentFile,
    fingerprint: str,
    played: str | None,
    accepted: str,
) -> Tournament:
    """The tournament, through the services of the apps that own each part."""
    info = tournament_file.tournament
    tournament = tournament_record(
        actor=actor,
        club=club,
        values={
            "name": info.name,
            "date": info.date,
            "venue": info.venue,
            "kind": KINDS.get(tournament_file.movement_type, Tournament.Kind.INDIVIDUAL),
            "index": info.index,
        },
        status=Status.FINISHED if tournament_file.complete else Status.RUNNING,
        file_fingerprint=fingerprint,
        results_fingerprint=played if tournament_file.complete else None,
        source=FORMAT,
        same_results_accepted=accepted,
    )
    session = tournament.sessions.get()
    licensees = _licensees(actor, club, tournament_file.players)
    registrations = {
        player.spot: _registered(actor, tournament, licensee)
        for player, licensee in zip(tournament_file.players, licensees, strict=True)
    }
    substitutes = _licensees(actor, club, tournament_file.replacements)
    replacements = [
        (item.spot, item.position, item.from_etui, _registered(actor, tournament, licensee).pk)
        for item, licensee in zip(tournament_file.replacements, substitutes, strict=True)
    ]
    movement = _movement_write(actor, session, tournament_file, registrations, replacements)
    tables = {
        (table.section, table.position, table.table): table
        for table in MovementTable.objects.filter(movement=movement, position__gte=1)
    }
    plays_record(
        actor=actor,
        movement=movement,
        scored=[
            (tables[r.section, r.position, r.table], r.etui, r.score, r.deal)
            for r in tournament_file.results
        ],
        not_played=[
            (tables[n.section, n.position, n.table], n.etui, n.note)
            for n in tournament_file.not_played
        ],
        source=FORMAT,
    )
    for item in tournament_file.penalties:
        penalty_record(
            actor=actor,
            session=session,
            registration=registrations[item.spot],
            percent=item.percent,
            reason=item.reason,
            source=FORMAT,
        )
    _incidents_write(actor, session, tournament_file, tables, registrations)
    return tournament


def _registered(actor, tournament: Tournament, licensee: Licensee) -> Registration:
    return registration_record(actor=actor, tournament=tournament, licensee=licensee)


def _licensees(
    actor, club: Club, people: tuple[FilePlayer | FileReplacement, ...]
) -> list[Licensee]:
    """The licensees of the file's players (or replacements) in the file's order: found by
    licence number, or created in the organising club."""
    numbers = [player.licence for player in people if player.licence]
    known = {
        licensee.licence_number: licensee
        for licensee in Licensee.objects.filter(licence_number__in=numbers)
    }
    new = [
        {
            "licence_number": player.licence,
            "last_name": player.last_name,
            "first_name": player.first_name,
        }
        for player in people
        if player.licence and player.licence not in known
    ]
    for licensee in licensees_record(actor=actor, club=club, people=new):
        known[licensee.licence_number] = licensee
    return [
        known[player.licence]
        if player.licence
        else licensee_guest_record(
            actor=actor, club=club, last_name=player.last_name, first_name=player.first_name
        )
        for player in people
    ]


def _movement_write(
    actor, session: Session, tournament_file: TournamentFile, registrations: dict, replacements
) -> SessionMovement:
    """The movement with the file's seating and replacements, every position played."""
    room = tournament_file.room
    positions = max(len(section.positions) for section in room.sections)
    return movement_record(
        actor=actor,
        session=session,
        room=room,
        values={
            "tables": room.tables,
            "requested_type": tournament_file.movement_type or "",
            "positions": positions,
            "method": SessionMovement.Method.FILE,
            "seed": None,
            "current_position": positions,
        },
        seating={spot: registration.pk for spot, registration in registrations.items()},
        replacements=replacements,
        source=FORMAT,
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
    actor, session: Session, tournament_file: TournamentFile, tables: dict, registrations: dict
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
    _rulings_write(actor, session, tournament_file.incidents, faults, tables, registrations)
    for item in tournament_file.adjustments:
        fault = min(faults, key=lambda fault: _departures(fault, item))  # the first at least
        incident_write(
            actor=actor,
            session=session,
            table=tables[(item.section, item.position, item.table)],
            etui=item.etui,
            fault=fault,
            players=[registrations[spot] for spot in item.players],
            override_reason=IMPORT_REASON if any(_departures(fault, item)) else "",
            adjustment=item.kind,
            faulty_side=item.faulty or "",
            players_note=item.players_note,
            source=FORMAT,
        )


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
        incident_write(
            actor=actor,
            session=session,
            table=tables[(section, position, table)] if item.play else None,
            etui=etui,
            fault=by_code[item.fault],
            players=[registrations[spot] for spot in item.players],
            note=item.note,
            public_reason=item.public_reason,
            penalty_percent=item.penalty,
            override_reason=item.override_reason,
            adjustment=adjustment.kind if adjustment else "",
            faulty_side=(adjustment.faulty or "") if adjustment else "",
            players_note=adjustment.players_note if adjustment else "",
            source=FORMAT,
        )


# --- export ------------------------------------------------------------------------


def _player_ids(movement: SessionMovement) -> dict[int, str]:
    """{registration id: player id} of the players seated: the place each holds at the
    first position where they sit (a late arrival holds a place from their position on;
    a place taken over keeps its first holder, who may have played only its first étuis)."""
    single = len(movement.sections) == 1
    ids: dict[int, str] = {}
    taken: set[tuple[str, str]] = set()
    rows = (
        Place.objects.filter(table__movement=movement)
        .order_by("table__sequence")
        .values_list("table__section", "player_code", "earlier_registration_id", "registration_id")
    )
    for section, code, *holders in rows:
        for registration_id in holders:
            if registration_id and registration_id not in ids and (section, code) not in taken:
                ids[registration_id] = code if single else f"{section} {code}"
                taken.add((section, code))
    return ids


def _replacements(movement: SessionMovement, ids: dict[int, str]) -> dict[int, dict]:
    """{registration id: file entry} of the players who took a place over during play
    (art. 18, the referee's « Remplacer un joueur »): the place's player id, the position
    from which they hold it (and the first étui they played there, when the player before
    them played the first ones), and who they are."""
    single = len(movement.sections) == 1
    entries: dict[int, dict] = {}
    rows = (
        Place.objects.filter(table__movement=movement, registration__isnull=False)
        .exclude(registration_id__in=ids)
        .order_by("table__sequence")
        .select_related("registration__licensee", "table")
    )
    for place in rows:
        if place.registration_id not in entries:
            spot = place.player_code if single else f"{place.table.section} {place.player_code}"
            person = _file_player(spot, place.registration.licensee)
            del person["id"]
            table = place.table
            entries[place.registration_id] = {
                "player": spot,
                "position": table.position,
                **({"from_etui": table.etuis[place.earlier_etuis]} if place.earlier_etuis else {}),
                **person,
            }
    return entries


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


def _incidents(
    session: Session, movement: SessionMovement, ids: dict[int, str], referee_notes: bool
) -> list[dict]:
    """The referee's live incidents, each as recorded (apps.penalties.models.Incident); the
    referee's own note only with ``referee_notes``."""
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
            "note": incident.note if referee_notes else "",
            "public_reason": incident.public_reason,
            "penalty": None
            if incident.penalty_percent is None
            else float(incident.penalty_percent),
            "override_reason": incident.override_reason,
            "adjustment": incident.adjustment,
            "faulty": incident.faulty_side if names_a_side(incident.adjustment) else "",
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


def _document(
    session: Session, movement: SessionMovement, ids: dict[int, str], referee_notes: bool
) -> dict:
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
        "players": [_file_player(player_id, people[pk]) for pk, player_id in ids.items()],
        "results": _results(movement),
        "penalties": _penalties(session, ids),
        "incidents": _incidents(session, movement, ids, referee_notes),
    }


def _file_player(player_id: str, licensee: Licensee) -> dict:
    """A player of the file: a guest without a licence is written "guest": true."""
    if licensee.guest:
        return {"id": player_id, "guest": True, "name": licensee.full_name}
    return {"id": player_id, "licence": licensee.licence_number, "name": licensee.full_name}


def tournament_file_bytes(session: Session, *, referee_notes: bool = False) -> bytes:
    """The exported tournament file as written to disk: UTF-8 JSON, indented."""
    document = tournament_file_export(session, referee_notes=referee_notes)
    return (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode()


def tournament_file_export(session: Session, *, referee_notes: bool = False) -> dict:
    """The session's tournament file with its results; it imports back as the same
    tournament. The referee's private notes on incidents are written only with
    ``referee_notes`` (for those ``can_read_referee_notes`` allows). ValidationError when
    the session has no movement yet."""
    movement = SessionMovement.objects.filter(session=session).first()
    if movement is None:
        raise ValidationError(_("This session has no movement yet: there is nothing to export."))
    ids = _player_ids(movement)
    document = _document(session, movement, ids, referee_notes)
    keys = {str(pk): player_id for pk, player_id in ids.items()}
    replacements = _replacements(movement, ids)
    exported = export_document(
        document,
        session_results(session),
        keys,
        {str(pk): entry for pk, entry in replacements.items()},
    )
    return _with_awards(exported, session, ids, replacements)


def _with_awards(
    exported: dict, session: Session, ids: dict[int, str], replacements: dict[int, dict]
) -> dict:
    """Each player's PCN and PP in the tournament (0 when none: fascicule 3, ch. 5), the
    players who took a place over during play included."""
    awards = awards_by_registration(session.tournament)
    by_id = {player_id: awards.get(pk) for pk, player_id in ids.items()}
    for player in exported["players"]:
        award = by_id.get(player["id"])
        player["pcn"], player["pp"] = (award.pcn, award.pp) if award else (0, 0)
    for entry, pk in zip(exported.get("replacements", []), replacements, strict=True):
        award = awards.get(pk)
        entry["pcn"], entry["pp"] = (award.pcn, award.pp) if award else (0, 0)
    return exported
