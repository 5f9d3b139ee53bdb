"""A tournament received as the FFT's file (fascicule 3, ch. 5, « Homologation des P.C.N. /
Déclaration »): a club not yet on Donne runs its tournament with Extar, whose « Export des
Pcn » writes the Excel sheet ``NumLicenceJoueur NomJoueur Pcn Pp``; its committee or the
federation receives it with the bordereau details entered by hand. It joins the same chain
(« Transmission ») at the receiver's level, its awards taken as given.

All or nothing: any error of the details or of the file (unreadable, unknown licence, bad
number, duplicate) refuses the whole tournament with every message, nothing written.
"""

import io
import zipfile
from datetime import date
from decimal import Decimal, InvalidOperation

import openpyxl
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from apps.accounts.permissions import roles_of
from apps.approvals.domain.award_file import MAX_ROWS, award_file_parse
from apps.approvals.domain.chain import ACTION_NAMES, LEVEL_NAMES, Action, Level
from apps.approvals.domain.conditions import MIN_PLAYERS
from apps.approvals.models import ExternalAward, Homologation, HomologationStep
from apps.core.audit import audit_record, audit_value
from apps.federation.domain.spreadsheets import cell_text
from apps.federation.models import Club, Licensee

MAX_BYTES = 2 * 1024 * 1024
# A small .xlsx (a zip) can declare a huge sheet: cap what it unpacks to, the cells read in
# a row and the rows read, blank ones included.
MAX_UNPACKED_BYTES = 32 * 1024 * 1024
MAX_COLUMNS = 16
MAX_SHEET_ROWS = 10 * MAX_ROWS
# The indices of the regulation (« Application des « Indices » »): 1, regional 1.2,
# national or regional semi-final 1.5, regional final 1.8, overseas local tournaments 3.
INDICES = tuple(Decimal(value) for value in ("1", "1.2", "1.5", "1.8", "3"))
NAME_MAX_LENGTH = 150
RECEIVED_COMMENT = "reçu comme fichier FFT (Extar)"


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
    *, name: str, day: date, index: Decimal | None, session_players: list[int]
) -> list[str]:
    """The bordereau details entered by hand, each wrong one named."""
    errors = []
    if not name:
        errors.append("Nom du tournoi : il est obligatoire.")
    elif len(name) > NAME_MAX_LENGTH:
        errors.append(f"Nom du tournoi : au plus {NAME_MAX_LENGTH} caractères.")
    if not isinstance(day, date):
        errors.append("Date : elle est obligatoire.")
    elif day > timezone.localdate():
        errors.append("Date : le tournoi n'a pas encore eu lieu.")
    if index not in INDICES:
        shown = [str(value).replace(".", ",") for value in INDICES]
        errors.append(f"Indice : choisissez {' ; '.join(shown[:-1])} ou {shown[-1]}.")
    if not session_players:
        errors.append("Joueurs : donnez le nombre de joueurs d'au moins une séance.")
    elif any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in session_players):
        errors.append("Joueurs : chaque séance compte un nombre entier de joueurs, 0 ou plus.")
    elif session_players[0] < MIN_PLAYERS:
        # « Conditions pour l'homologation » : « minimum 12 joueurs ».
        errors.append(
            f"Participation : un tournoi duplicate individuel exige au moins {MIN_PLAYERS}"
            f" joueurs ; {session_players[0]} en première séance."
        )
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


@transaction.atomic
def external_tournament_receive(
    *,
    actor,
    club: Club,
    name: str,
    date: date,
    index,
    championship: bool,
    session_players: list[int],
    content: bytes,
) -> Homologation:
    """Receive a tournament as the FFT's file with its bordereau details: it waits at the
    receiver's level (committee or federation), its awards taken as given."""
    level = receiving_level(actor, club)
    if level is None:
        raise PermissionDenied(
            "Seuls le comité du club et la fédération reçoivent un tournoi comme fichier FFT."
        )
    name = (name or "").strip()
    index_value = _index(index)
    session_players = list(session_players or [])
    errors = _details_errors(
        name=name, day=date, index=index_value, session_players=session_players
    )
    try:
        rows = _sheet_rows(content)
    except ValidationError as exc:
        raise ValidationError(errors + exc.messages) from exc
    licensees = _licences_known(rows)
    parsed = award_file_parse(rows, known_licences=licensees.keys())
    errors += parsed.errors
    if errors:
        raise ValidationError([_capitalised(message) for message in errors])
    homologation = Homologation.objects.create(
        tournament=None,
        external=True,
        level=level,
        club=club,
        name=name,
        date=date,
        index=index_value,
        championship=bool(championship),
        players=session_players[0],
        session_players=session_players,
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
    HomologationStep.objects.create(
        homologation=homologation,
        action=Action.SUBMIT,
        from_level=Level.ORGANISER,
        to_level=level,
        actor=actor,
        comment=RECEIVED_COMMENT,
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
            "awards": [None, len(parsed.entries)],
            "level": [None, level.value],
            "step": ACTION_NAMES[Action.SUBMIT],
            "comment": f"{RECEIVED_COMMENT}, en attente chez {LEVEL_NAMES[level]}",
        },
    )
    return homologation
