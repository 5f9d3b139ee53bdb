"""A tournament received as the FFT's file (fascicule 3, ch. 5, « Homologation des P.C.N. /
Déclaration »): a club not yet on Donne runs its tournament with Extar, whose « Export des
Pcn » writes the Excel sheet ``NumLicenceJoueur NomJoueur Pcn Pp``; its committee or the
federation receives it with the bordereau details entered by hand. It joins the same chain
(« Transmission ») at the receiver's level, its awards taken as given.

All or nothing: any error of the details or of the file (unreadable, unknown licence, bad
number, duplicate) refuses the whole tournament with every message, nothing written. Then
it meets the conditions of a tournament played in Donne (« Conditions pour l'homologation
d'un tournoi »): an index above 1 granted before it (a ClubIndexGrant), an official
referee found in the licensee base with their grade, the minimum of players; its PCN and
PP are those a ranking could give (« la bonne attribution des Pcn et PP »); and the same
results (licences, PCN and PP) are received once a season.

A declaration never switches a check off: each fact declared with the file is verified
against what Donne knows or only narrows what the file may claim. A championship's awards
come only with the Donne stage the receiver names (its club, date, index, registered
players and tables); the players of a session are at most the licensees the file names and
the guests declared; the sessions are bounded by the largest room Donne seats before any
computation; a session pattern the awards check cannot verify is refused.

A file dated in a season Donne does not have yet waits « saison à ouvrir »: received, but
neither passed on nor approved until federation staff open that season.
"""

import io
import zipfile
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation

import openpyxl
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from apps.accounts.permissions import roles_of
from apps.approvals import permissions
from apps.approvals.domain.award_file import (
    MAX_ROWS,
    AwardEntry,
    award_file_fingerprint,
    award_file_parse,
)
from apps.approvals.domain.chain import ACTION_NAMES, LEVEL_NAMES, Action, Level
from apps.approvals.domain.conditions import HomologationFacts, homologation_refusals
from apps.approvals.models import ClubIndexGrant, ExternalAward, Homologation, HomologationStep
from apps.approvals.sameness import awards_alike, file_ref, source_described
from apps.approvals.selectors import CORRECTION_REASON, fees_now
from apps.approvals.services import grant_holds
from apps.awards.domain.claims import (
    MAX_SESSION_PLAYERS,
    StageTables,
    awards_claim_problems,
    sessions_bound_refusal,
)
from apps.awards.domain.pcn import index_refusal
from apps.awards.services import PotentialNotFrozen, stage_tables
from apps.competitions.models import Stage
from apps.core.audit import audit_record, audit_value
from apps.core.validators import CONTROL_CHARACTERS_REFUSED, has_control_characters
from apps.federation.domain.licences import InvalidLicenceNumber, licence_number_normalize
from apps.federation.domain.seasons import day_refusal
from apps.federation.domain.spreadsheets import cell_text
from apps.federation.models import Club, Licensee
from apps.results.domain.same_results import Likeness
from apps.tournaments.domain.indices import INDICES, MIN_PLAYERS, Index, index_text
from apps.tournaments.models import Registration

MAX_BYTES = 2 * 1024 * 1024
# A small .xlsx (a zip) can declare a huge sheet: cap what it unpacks to, the cells read in
# a row and the rows read, blank ones included.
MAX_UNPACKED_BYTES = 32 * 1024 * 1024
MAX_COLUMNS = 16
MAX_SHEET_ROWS = 10 * MAX_ROWS
NAME_MAX_LENGTH = 150
RECEIVED_COMMENT = "reçu comme fichier FFT (Extar)"
SHOWN_PROBLEMS = 10  # the awards' problems named one by one, the rest counted
SHOWN_LICENCES = 10  # the licences of a stage's outsiders named, the rest counted


def receiving_level(user, club: Club) -> Level | None:
    """Where a tournament of ``club`` received by ``user`` waits: at the federation for its
    staff, at the committee for the staff of the club's committee; None for anyone else."""
    roles = roles_of(user)
    if roles.federation:
        return Level.FEDERATION
    if club.committee_id in roles.committee_ids:
        return Level.COMMITTEE
    return None


def can_receive(user) -> bool:
    """Committee staff and federation staff receive tournaments as the FFT's file."""
    roles = roles_of(user)
    return roles.federation or bool(roles.committee_ids)


def _details_errors(
    *, name: str, day: date, index: Decimal | None, session_players: list[int], guests
) -> list[str]:
    """The bordereau details entered by hand, each wrong one named."""
    errors = []
    if not name:
        errors.append("Nom du tournoi : il est obligatoire.")
    elif len(name) > NAME_MAX_LENGTH:
        errors.append(f"Nom du tournoi : au plus {NAME_MAX_LENGTH} caractères.")
    elif has_control_characters(name):
        errors.append(f"Nom du tournoi : {CONTROL_CHARACTERS_REFUSED}")
    if not isinstance(day, date):
        errors.append("Date : elle est obligatoire.")
    elif day > timezone.localdate():
        errors.append("Date : le tournoi n'a pas encore eu lieu.")
    elif refusal := day_refusal(day, timezone.localdate()):
        errors.append(f"Date : {refusal}")
    if index not in INDICES:
        shown = [index_text(value) for value in INDICES]
        errors.append(f"Indice : choisissez {' ; '.join(shown[:-1])} ou {shown[-1]}.")
    return errors + _players_errors(session_players, guests)


def _players_errors(session_players: list[int], guests) -> list[str]:
    """The players of each session and the guests declared, bounded first
    (apps.awards.domain.claims.sessions_bound_refusal)."""
    errors = []
    if not session_players:
        errors.append("Joueurs : donnez le nombre de joueurs d'au moins une séance.")
    elif any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in session_players):
        errors.append("Joueurs : chaque séance compte un nombre entier de joueurs, 0 ou plus.")
    elif bound := sessions_bound_refusal(session_players):
        errors.append(f"Joueurs : {bound}.")
    elif session_players[0] < MIN_PLAYERS:
        # « Conditions pour l'homologation » : « minimum 12 joueurs ».
        errors.append(
            f"Participation : un tournoi duplicate individuel exige au moins {MIN_PLAYERS}"
            f" joueurs ; {session_players[0]} en première séance."
        )
    if isinstance(guests, bool) or not isinstance(guests, int):
        errors.append("Invités : un nombre entier de joueurs sans licence, 0 ou plus.")
    elif not 0 <= guests <= MAX_SESSION_PLAYERS:
        errors.append(f"Invités : de 0 à {MAX_SESSION_PLAYERS} joueurs sans licence.")
    return errors


def _index(value) -> Decimal | None:
    try:
        index = Decimal(str(value).strip().replace(",", "."))
    except (InvalidOperation, ValueError):
        return None
    return index if index.is_finite() else None


def _sheet_rows(content: bytes) -> list[tuple]:
    """The rows of the first sheet, blank ones kept so that row numbers are those a
    spreadsheet program shows; ValidationError (French) when the file is not a readable
    .xlsx or is too large."""
    if len(content) > MAX_BYTES:
        raise ValidationError(
            f"Fichier : trop volumineux (au plus {MAX_BYTES // (1024 * 1024)} Mo)."
        )
    unreadable = ValidationError(
        "Fichier : illisible. Envoyez le fichier Excel (.xlsx) de l'« Export des Pcn »."
    )
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            unpacked = sum(member.file_size for member in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise unreadable from exc
    if unpacked > MAX_UNPACKED_BYTES:
        raise ValidationError("Fichier : il se décompresse en un fichier trop volumineux.")
    try:
        # Formulas as written, to refuse them: a formula's value is whatever the last
        # program to save the file computed, or nothing (read as 0).
        workbook = openpyxl.load_workbook(io.BytesIO(content), read_only=True, data_only=False)
    except Exception as exc:  # a damaged file can fail anywhere inside openpyxl
        raise unreadable from exc
    rows: list[tuple] = []
    filled = 0
    try:
        sheet = workbook.worksheets[0]
        sheet.reset_dimensions()  # some writers store a wrong sheet size
        for cells in sheet.iter_rows(max_col=MAX_COLUMNS):
            _formula_refuse(cells)
            row = tuple(cell.value for cell in cells)
            rows.append(row)
            filled += any(cell_text(cell) for cell in row)
            # One past the cap is enough for the parser to refuse the file.
            if filled > MAX_ROWS + 1:
                break
            if len(rows) > MAX_SHEET_ROWS:
                raise ValidationError(
                    f"Fichier : plus de {MAX_SHEET_ROWS} lignes, ce n'est pas un fichier "
                    "d'attribution."
                )
    except ValidationError:
        raise
    except Exception as exc:
        raise unreadable from exc
    finally:
        workbook.close()
    return rows


def _formula_refuse(cells) -> None:
    """ValidationError (French) naming the first formula among the cells."""
    for cell in cells:
        if cell.data_type == "f":
            raise ValidationError(
                f"Fichier : la cellule {cell.coordinate} contient une formule "
                f"({str(cell.value)[:40]}). Envoyez l'export tel quel, ou enregistrez-le avec "
                "les valeurs seules (copier, puis « Collage spécial » → « Valeurs »)."
            )


def _capitalised(message: str) -> str:
    return message[:1].upper() + message[1:]


def _licences_known(rows: list[tuple]) -> dict[str, int]:
    """The licensees of the licence numbers the file names, by number."""
    written = {cell_text(row[0]) for row in rows[1:] if row}
    written.discard("")
    found = Licensee.objects.filter(licence_number__in=written)
    return dict(found.values_list("licence_number", "pk"))


@dataclass(frozen=True)
class HeldBy:
    """The source that holds the same results: its name in words, its page, how alike."""

    name: str
    url: str
    how: str


class AlreadyReceived(ValidationError):
    """The same results (the same licences with the same PCN and PP, apps.results.domain
    .same_results) are held already by ``existing``, a tournament of Donne or a file,
    whatever its date, club or name."""

    def __init__(self, existing: HeldBy):
        self.existing = existing
        super().__init__(
            f"Fichier : ces résultats sont déjà dans Donne ({existing.how}) : {existing.name}."
            " Un tournoi ne compte qu'une fois au classement ; seule la fédération peut"
            " recevoir ce fichier malgré tout, en disant pourquoi."
        )


def _referee(licence) -> tuple[Licensee | None, list[str]]:
    """The referee named with the file, found in the licensee base by their licence."""
    try:
        number = licence_number_normalize(str(licence or "").strip() or None)
    except InvalidLicenceNumber as exc:
        return None, [f"Arbitre : {exc}."]
    referee = Licensee.objects.filter(licence_number=number).first()
    if referee is None:
        return None, [f"Arbitre : licence « {number} » inconnue dans la base des licenciés."]
    return referee, []


def _stage_checks(
    stage: Stage,
    *,
    club: Club,
    day: date,
    index: Decimal,
    guests: int,
    players: int,
    entries: tuple[AwardEntry, ...],
    exclude: int | None,
) -> tuple[list[str], StageTables | None]:
    """The championship stage the receiver names, against what Donne knows of it: played on
    the file's date at the file's club (its host), not yet in the chain, at its index
    (« Championnats Régionaux »); its players are the licensees registered in it (each
    registration passed the stage's eligibility, so a registration is sound where the
    previous stage's qualifiers would miss the direct entries), so no guest; then its
    tables (apps.awards.services.stage_tables)."""
    refusals = []
    where = f"Étape « {stage.name} »"
    tournament = stage.tournament
    if stage.ranking_source_id:
        refusals.append(f"{where} : elle ne se joue pas, elle qualifie par un autre classement.")
    if tournament.club_id != club.pk or tournament.date != day:
        refusals.append(
            f"{where} : elle se joue le {tournament.date:%d/%m/%Y} au club {tournament.club} ;"
            f" le fichier est déclaré le {day:%d/%m/%Y} au club {club}."
        )
    chained = Homologation.objects.filter(Q(tournament_id=tournament.pk) | Q(stage=stage))
    if chained.exclude(pk=exclude).exists():
        refusals.append(f"{where} : elle est déjà dans la chaîne d'homologation.")
    wrong_index = index_refusal(index, players, stage=stage.level)
    if wrong_index:
        refusals.append(f"Indice : {wrong_index}.")
    if guests:
        refusals.append(
            f"Invités : une étape de championnat ne compte que des licenciés inscrits ;"
            f" {guests} déclarés."
        )
    registered = set(
        Registration.objects.filter(tournament_id=tournament.pk, waiting=False).values_list(
            "licensee__licence_number", flat=True
        )
    )
    outsiders = [entry.licence for entry in entries if entry.licence not in registered]
    if outsiders:
        shown = ", ".join(outsiders[:SHOWN_LICENCES])
        more = len(outsiders) - SHOWN_LICENCES
        shown += f" et {more} autres" if more > 0 else ""
        refusals.append(
            f"{where} : {len(outsiders)} joueur(s) du fichier n'y sont pas inscrits"
            f" (licences {shown})."
        )
    try:
        return refusals, stage_tables(stage, players)
    except PotentialNotFrozen as exc:
        return [*refusals, f"{where} : {exc}."], None


def _conditions(
    *,
    club: Club,
    day: date,
    index: Decimal,
    stage: Stage | None,
    guests: int,
    session_players: list[int],
    entries: tuple[AwardEntry, ...],
    referee: Licensee,
    exclude: int | None = None,
) -> list[str]:
    """The conditions of a tournament played in Donne (apps.approvals.services
    .submission_refusals), read from the file and its details; a named stage against
    Donne's; the field against the players named; then its claimed awards."""
    refusals = []
    if not referee.referee_grade:
        refusals.append(
            f"Arbitre : {referee.full_name} ({referee.licence_number}) n'a pas de grade"
            " d'arbitre dans la base des licenciés."
        )
    tables = None
    if stage is not None:
        stage_refusals, tables = _stage_checks(
            stage,
            club=club,
            day=day,
            index=index,
            guests=guests,
            players=session_players[0],
            entries=entries,
            exclude=exclude,
        )
        refusals += stage_refusals
    grant = ClubIndexGrant.objects.filter(club=club, date=day).select_related("granted_by")
    championship = stage is not None
    facts = HomologationFacts(
        organiser_affiliated=club.affiliated,
        referee_official=bool(referee.referee_grade),
        referee_played=any(entry.licence == referee.licence_number for entry in entries),
        official_event=championship,
        players=session_players[0],
        # A stage's index is the regulation's, checked against the stage (_stage_checks).
        claimed_index=Index.BASE if championship else index,
        index_granted=championship
        or index == Index.BASE
        or grant_holds(grant.first(), club=club, day=day, index=index),
        overseas_local=club.committee.overseas and not championship,
    )
    refusals += homologation_refusals(facts)
    # Every session's players at most: a file names no more players than played.
    played = sum(session_players)
    if len(entries) > played:
        refusals.append(
            f"Participation : le fichier nomme {len(entries)} joueurs, plus que les {played}"
            " déclarés pour ses séances."
        )
    # And no session has more players than the file names with the guests declared.
    largest = max(session_players)
    if largest > len(entries) + guests:
        refusals.append(
            f"Participation : {largest} joueurs déclarés pour une séance, plus que le fichier"
            f" n'en nomme ({len(entries)} licencié(s)) avec les invités déclarés ({guests},"
            " joueurs sans licence)."
        )
    if championship and tables is None:
        return refusals  # the stage's tables are not known: nothing passes unchecked
    problems = awards_claim_problems(
        [(entry.pcn, entry.pp) for entry in entries],
        session_players=session_players,
        index=index,
        stage=tables,
    )
    refusals += [f"Attribution : {problem.message}" for problem in problems[:SHOWN_PROBLEMS]]
    if len(problems) > SHOWN_PROBLEMS:
        refusals.append(
            f"Attribution : et {len(problems) - SHOWN_PROBLEMS} autres valeurs qu'aucun"
            " classement ne donne."
        )
    return refusals


def _already_received(entries, *, exclude: int | None = None) -> HeldBy | None:
    """The first source of Donne (tournament or file) whose awards hold the same results
    as these entries (apps.approvals.sameness), None when none does."""
    licensees = dict(
        Licensee.objects.filter(licence_number__in=[e.licence for e in entries]).values_list(
            "licence_number", "pk"
        )
    )
    mine = file_ref(exclude) if exclude else "new"
    awards = {licensees[e.licence]: (e.pcn, e.pp) for e in entries if e.licence in licensees}
    same = [
        alike
        for alike in awards_alike({mine: awards})[mine]
        if alike.verdict.likeness == Likeness.SAME
    ]
    if not same:
        return None
    described = source_described([same[0].ref])
    name, url = described[same[0].ref]
    verdict = same[0].verdict
    return HeldBy(name, url, f"{verdict.percent} % des {verdict.by} identiques")


def _same_results_accepted(actor, existing: HeldBy | None, reason: str) -> str:
    """The reason federation staff give to receive a file whose results Donne holds
    already ("" when none holds them); AlreadyReceived for anyone else, or without one."""
    if existing is None:
        return ""
    reason = (reason or "").strip()
    if not reason or not roles_of(actor).federation:
        raise AlreadyReceived(existing)
    return f"{reason} (mêmes résultats que {existing.name})"


@transaction.atomic
def external_tournament_receive(
    *,
    actor,
    club: Club,
    name: str,
    date: date,
    index,
    session_players: list[int],
    referee_licence: str,
    content: bytes,
    stage: Stage | None = None,
    guests: int = 0,
    same_results_reason: str = "",
) -> Homologation:
    """Receive a tournament as the FFT's file with its bordereau details and its referee:
    it waits at the receiver's level (committee or federation), once its conditions and
    its awards are checked; AlreadyReceived when the season has its results already.
    ``stage``: the championship stage the file is of (its awards are a championship's only
    with it); ``guests``: how many players without a licence played, whom the file does not
    name — a count, not their places: the file gives no rank, and en ligne a place is a
    line's, so places would add nothing the count does not (it only lets the field grow)."""
    level = receiving_level(actor, club)
    if level is None:
        raise PermissionDenied(
            "Seuls le comité du club et la fédération reçoivent un tournoi comme fichier FFT."
        )
    name = (name or "").strip()
    index_value = _index(index)
    session_players = list(session_players or [])
    errors = _details_errors(
        name=name, day=date, index=index_value, session_players=session_players, guests=guests
    )
    referee, referee_errors = _referee(referee_licence)
    errors += referee_errors
    try:
        rows = _sheet_rows(content)
    except ValidationError as exc:
        raise ValidationError(errors + exc.messages) from exc
    licensees = _licences_known(rows)
    parsed = award_file_parse(rows, known_licences=licensees.keys())
    errors += parsed.errors
    if errors:
        raise ValidationError([_capitalised(message) for message in errors])
    # Two receipts of the same file at once queue up on its licensees.
    list(Licensee.objects.select_for_update().filter(pk__in=licensees.values()).order_by("pk"))
    fingerprint = award_file_fingerprint(parsed.entries)
    existing = _already_received(parsed.entries)
    accepted = _same_results_accepted(actor, existing, same_results_reason)
    if stage is not None:  # two receipts naming the stage at once queue up on it
        stage = (
            Stage.objects.select_for_update(of=("self",))
            .select_related("tournament__club", "competition")
            .get(pk=stage.pk)
        )
    refusals = _conditions(
        club=club,
        day=date,
        index=index_value,
        stage=stage,
        guests=guests,
        session_players=session_players,
        entries=parsed.entries,
        referee=referee,
    )
    if refusals:
        raise ValidationError(refusals)
    homologation = Homologation.objects.create(
        tournament=None,
        external=True,
        level=level,
        club=club,
        name=name,
        date=date,
        index=index_value,
        championship=stage is not None,
        stage=stage,
        guests=guests,
        players=session_players[0],
        session_players=session_players,
        fingerprint=fingerprint,
        referee=referee,
        same_results_accepted=accepted,
    )
    ExternalAward.objects.bulk_create(
        ExternalAward(
            homologation=homologation,
            licensee_id=licensees[entry.licence],
            pcn=entry.pcn,
            pp=entry.pp,
        )
        for entry in parsed.entries
    )
    fees = fees_now(homologation)
    HomologationStep.objects.create(
        homologation=homologation,
        action=Action.SUBMIT,
        from_level=Level.ORGANISER,
        to_level=level,
        actor=actor,
        comment=RECEIVED_COMMENT,
        national_fee=fees.national,
        committee_fee=fees.committee,
        players=homologation.players,
        index=homologation.index,
    )
    audit_record(
        actor=actor,
        action="create",
        instance=homologation,
        changes={
            "external": [None, True],
            "club": [None, audit_value(club)],
            "date": [None, audit_value(date)],
            "index": [None, audit_value(index_value)],
            "session_players": [None, session_players],
            "guests": [None, guests],
            "stage": [None, audit_value(stage)],
            "referee": [None, audit_value(referee)],
            "awards": [None, len(parsed.entries)],
            **({"same_results_accepted": [None, accepted]} if accepted else {}),
            "level": [None, level.value],
            "step": ACTION_NAMES[Action.SUBMIT],
            "comment": f"{RECEIVED_COMMENT}, en attente chez {LEVEL_NAMES[level]}",
        },
    )
    return homologation


def _awards_entries(homologation: Homologation) -> tuple[AwardEntry, ...]:
    awards = homologation.external_awards.select_related("licensee")
    return tuple(
        AwardEntry(a.licensee.licence_number, a.licensee.full_name, a.pcn, a.pp) for a in awards
    )


@transaction.atomic
def external_details_correct(
    *, actor, homologation: Homologation, index, date: date, club: Club, reason: str
) -> Homologation:
    """The level holding a received file corrects its details entered by hand (index, date,
    club) before passing it on, with a reason: its conditions, its awards and its single
    receipt in the season are checked again; audited."""
    homologation = (
        Homologation.objects.select_for_update(of=("self",))
        .select_related("club__committee", "referee", "stage__tournament__club")
        .get(pk=homologation.pk)
    )
    if not permissions.can_correct_external(actor, homologation):
        raise PermissionDenied("Seul le niveau qui détient le tournoi en corrige les données.")
    before = {"index": homologation.index, "date": homologation.date, "club": homologation.club}
    homologation.club = club
    if not permissions.can_correct_external(actor, homologation):
        raise PermissionDenied("Ce club n'est pas de votre ressort : vous n'en recevez pas.")
    reason = (reason or "").strip()
    index_value = _index(index)
    errors = _details_errors(
        name=homologation.name,
        day=date,
        index=index_value,
        session_players=homologation.session_players,
        guests=homologation.guests,
    )
    if not reason:
        errors.append("Raison : dites pourquoi vous corrigez les données reçues.")
    after = {"index": index_value, "date": date, "club": club}
    changed = {
        name: [audit_value(before[name]), audit_value(value)]
        for name, value in after.items()
        if value != before[name]
    }
    if not errors and not changed:
        errors.append("Correction : rien n'a changé.")
    if errors:
        raise ValidationError(errors)
    entries = _awards_entries(homologation)
    existing = _already_received(entries, exclude=homologation.pk)
    if existing is not None and not homologation.same_results_accepted:
        raise AlreadyReceived(existing)
    if homologation.referee is None:
        raise ValidationError("Arbitre : aucun arbitre n'est nommé avec ce fichier.")
    refusals = _conditions(
        club=club,
        day=date,
        index=index_value,
        stage=homologation.stage,
        guests=homologation.guests,
        session_players=homologation.session_players,
        entries=entries,
        referee=homologation.referee,
        exclude=homologation.pk,
    )
    if refusals:
        raise ValidationError(refusals)
    homologation.index = index_value
    homologation.date = date
    homologation.save(update_fields=["index", "date", "club", "updated_at"])
    audit_record(
        actor=actor,
        action="update",
        instance=homologation,
        changes={**changed, CORRECTION_REASON: reason},
    )
    return homologation
