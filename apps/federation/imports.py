"""Licensee import from .xlsx and .csv files: every row is written, or none.

A small file is processed during the upload; a large one by a Celery worker, which
moves processed_rows forward so the page can show a progress bar. Errors are stored
as codes and parameters and turned into messages in the reader's language.
"""

from dataclasses import asdict, dataclass
from datetime import timedelta
from itertools import islice

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files import File
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.core.audit import audit_record, model_update
from apps.core.jobs import job_claim, job_enqueue, job_heartbeat, job_owned, job_restartable
from apps.federation import permissions
from apps.federation.domain.licensee_rows import (
    UNRANKED,
    LicenseeRow,
    RowError,
    columns_locate,
    error_sort_key,
    row_read,
    rows_check,
    template_header,
)
from apps.federation.domain.spreadsheets import FileProblem, table_read
from apps.federation.models import Club, Licensee, LicenseeImport

IMPORT_MAX_BYTES = 10 * 1024 * 1024
IMPORT_MAX_ROWS = 50_000  # more licensees than a whole zone: a larger file is refused
IMPORT_MAX_STORED_ERRORS = 200  # the first errors are kept and shown, with the count of all
PROGRESS_EVERY = 250  # rows between two progress writes in a worker
IMPORT_KEEP_FILES_DAYS = 30  # uploaded files are personal data: keep them a month
WRITE_BATCH = 1000  # rows per INSERT / UPDATE statement

MESSAGES = {
    "file_type": gettext_lazy("Unknown file type: send an .xlsx or .csv file."),
    "file_empty": gettext_lazy("The file is empty."),
    "file_too_large": gettext_lazy("The file is too large (%(max)s MB at most)."),
    "file_unreadable": gettext_lazy("The file cannot be read: is it really an .xlsx or .csv file?"),
    "missing_columns": gettext_lazy(
        "Missing columns: %(columns)s. The first row must name the columns."
    ),
    "no_rows": gettext_lazy("The file has no licensee under its header row."),
    "too_many_rows": gettext_lazy(
        "The file has more than %(max)s rows: split it into several files."
    ),
    "file_unpacks_too_large": gettext_lazy(
        "The file unpacks to more than %(max)s MB: save it again from your spreadsheet "
        "program, or as .csv."
    ),
    "changed": gettext_lazy("Licensees changed while the file was being checked; send it again."),
    "internal": gettext_lazy("The import stopped on an unexpected error; nothing was imported."),
    "licence": "%(detail)s",  # already French (apps.federation.domain.licences)
    "required": gettext_lazy("This cell must not be empty."),
    "too_long": gettext_lazy("At most %(max)s characters."),
    "date": gettext_lazy("Invalid date “%(value)s”: write it as dd/mm/yyyy."),
    "series": gettext_lazy("Unknown series “%(value)s”: write 1, 2, P or NC."),
    "club_unknown": gettext_lazy("No club has the number “%(club)s”."),
    "club_forbidden": gettext_lazy("You cannot import licensees into club %(club)s."),
    "licence_other_club": gettext_lazy("Licensee %(licence)s belongs to a club you do not manage."),
    "duplicate": gettext_lazy("Licence number %(licence)s is on several rows (%(rows)s)."),
}


def error_message(code: str, params: dict) -> str:
    return str(MESSAGES[code]) % params


def import_errors(licensee_import: LicenseeImport) -> list[dict]:
    """The stored errors with their messages, for display."""
    return [
        {
            "row": error["row"],
            "column": error["column"],
            "message": error_message(error["code"], error["params"]),
        }
        for error in licensee_import.errors
    ]


# --- upload ----------------------------------------------------------------------


def importer_require(user) -> None:
    """Raise PermissionDenied unless the user may import (club managers, federation staff)."""
    if not permissions.can_import_licensees(user):
        raise PermissionDenied(_("You cannot import licensees."))


def licensee_import_create(*, actor, file: File) -> LicenseeImport:
    """Store an uploaded file, then run it now (small) or in a worker (large).

    Raise PermissionDenied, or ValidationError when the file itself is unusable
    (type, size, no header, missing columns, no rows); then nothing is stored.
    """
    importer_require(actor)
    if file.size > IMPORT_MAX_BYTES:
        raise _refusal("file_too_large", max=IMPORT_MAX_BYTES // (1024 * 1024))
    filename, content = file.name, file.read()
    try:
        total = _rows_count(filename, content)
    except FileProblem as exc:
        raise _refusal(exc.code, **exc.params) from exc
    licensee_import = LicenseeImport.objects.create(
        created_by=actor, filename=filename, content=content, total_rows=total
    )
    if total <= settings.LICENSEE_IMPORT_SYNC_MAX_ROWS:
        licensee_import_execute(import_id=licensee_import.pk)
        licensee_import.refresh_from_db()
    else:
        _enqueue(licensee_import.pk)
    return licensee_import


def _enqueue(pk: int) -> None:
    from apps.federation.tasks import licensee_import_run  # the task module imports this one

    job_enqueue(LicenseeImport, pk, licensee_import_run)


def licensee_import_restart(*, actor, licensee_import: LicenseeImport) -> None:
    """« Relancer »: queue again an import that could not be queued or whose worker died;
    the new run takes it over (apps.core.jobs). ValidationError when it needs no restart."""
    if not permissions.licensee_imports_for_user(actor).filter(pk=licensee_import.pk).exists():
        raise PermissionDenied(_("You cannot restart this import."))
    if not job_restartable(licensee_import):
        raise ValidationError(_("This import is not stuck: there is nothing to restart."))
    LicenseeImport.objects.filter(pk=licensee_import.pk).update(enqueue_error="")
    _enqueue(licensee_import.pk)


def _refusal(code: str, **params) -> ValidationError:
    return ValidationError(MESSAGES[code], code=code, params=params)


def _rows_count(filename: str, content: bytes) -> int:
    """The number of rows, read no further than one past the cap."""
    table = table_read(filename, content)
    columns_locate(table.header)
    total = sum(1 for _row in islice(table.rows, IMPORT_MAX_ROWS + 1))
    if not total:
        raise FileProblem("no_rows")
    if total > IMPORT_MAX_ROWS:
        raise FileProblem("too_many_rows", max=IMPORT_MAX_ROWS)
    return total


# --- run -------------------------------------------------------------------------


@dataclass
class Lookups:
    clubs: dict[str, Club]  # by number
    existing: dict[str, Licensee]  # by licence number


def licensee_import_execute(*, import_id: int, progress_every: int | None = None) -> bool:
    """Run an import once: check every row, then write all of them or none.

    The run claims the import by compare-and-set (apps.core.jobs): a second run (a task
    delivered twice, two workers) finds it claimed and returns False, unless the first
    one's heartbeat went stale — its worker died — and then takes it over. A run writes
    only while the import is still its own.
    """
    attempt = job_claim(LicenseeImport, import_id)
    if attempt is None:
        return False
    licensee_import = LicenseeImport.objects.select_related("created_by").get(pk=import_id)
    licensee_import.attempt = attempt
    with job_heartbeat(LicenseeImport, import_id, attempt):
        try:
            rows, lookups, errors = _validate(licensee_import, progress_every)
            if errors:
                _finish_rejected(licensee_import, [asdict(error) for error in errors])
            else:
                _apply(licensee_import, rows, lookups)
        except FileProblem as exc:
            _finish_rejected(licensee_import, [_file_error(exc.code, exc.params)])
        except IntegrityError:
            _finish_rejected(licensee_import, [_file_error("changed")])
        except Exception:
            _finish_rejected(licensee_import, [_file_error("internal")])
            raise
    return True


def _file_error(code: str, params: dict | None = None) -> dict:
    """An error of the whole file, stored like a row error without row or column."""
    return {"row": None, "field": "", "column": "", "code": code, "params": params or {}}


def _validate(
    licensee_import: LicenseeImport, progress_every: int | None
) -> tuple[list[LicenseeRow], Lookups, list[RowError]]:
    table = table_read(licensee_import.filename, bytes(licensee_import.content))
    columns = columns_locate(table.header)
    today = timezone.localdate()
    rows, errors = [], []
    for count, (number, cells) in enumerate(islice(table.rows, IMPORT_MAX_ROWS), start=1):
        row, row_errors = row_read(number, cells, columns, today=today)
        rows.append(row)
        errors += row_errors
        if progress_every and count % progress_every == 0:
            _owned(licensee_import).update(processed_rows=count, heartbeat_at=timezone.now())
    actor = licensee_import.created_by
    lookups = _lookups(rows)
    errors += rows_check(
        rows,
        columns,
        club_ids={number: club.pk for number, club in lookups.clubs.items()},
        manageable_club_ids={
            club.pk for club in lookups.clubs.values() if permissions.can_manage_club(actor, club)
        },
        protected_licences={
            number
            for number, licensee in lookups.existing.items()
            if not permissions.can_manage_licensee(actor, licensee)
        },
    )
    return rows, lookups, sorted(errors, key=error_sort_key)


def _lookups(rows: list[LicenseeRow]) -> Lookups:
    """The clubs and existing licensees the rows name: two queries whatever the size."""
    club_numbers = {row.club for row in rows if row.club}
    licence_numbers = {row.licence_number for row in rows if row.licence_number}
    return Lookups(
        clubs={club.number: club for club in Club.objects.filter(number__in=club_numbers)},
        existing={
            licensee.licence_number: licensee
            for licensee in Licensee.objects.filter(licence_number__in=licence_numbers)
        },
    )


def _apply(licensee_import: LicenseeImport, rows: list[LicenseeRow], lookups: Lookups) -> None:
    """Create the new licensees, update the changed ones; one transaction, one audit row."""
    to_create, to_update, changed_fields = [], [], set()
    for row in rows:
        data = {
            "last_name": row.last_name,
            "first_name": row.first_name,
            "club_id": lookups.clubs[row.club].pk,
        }
        if row.birth_date is not None:
            data["birth_date"] = row.birth_date
        if row.series is not None:
            data["series"] = row.series
        licensee = lookups.existing.get(row.licence_number)
        if licensee is None:
            to_create.append(
                Licensee(licence_number=row.licence_number, **{"series": UNRANKED, **data})
            )
        elif changes := model_update(licensee, data):
            to_update.append(licensee)
            changed_fields |= changes.keys()
    with transaction.atomic():
        if not _owned(licensee_import).select_for_update().exists():
            return  # another run took the import over: it writes, not this one
        Licensee.objects.bulk_create(to_create, batch_size=WRITE_BATCH)
        if to_update:  # only the fields some row changes: far fewer CASE expressions
            Licensee.objects.bulk_update(to_update, sorted(changed_fields), batch_size=WRITE_BATCH)
        counts = {"created_count": len(to_create), "updated_count": len(to_update)}
        changes = _finish(licensee_import, state=LicenseeImport.State.DONE, **counts)
        audit_record(
            actor=licensee_import.created_by,
            action="update",
            instance=licensee_import,  # its text names the file
            changes=changes | {name: [0, count] for name, count in counts.items()},
        )


def _finish_rejected(licensee_import: LicenseeImport, errors: list[dict]) -> None:
    """Rejected: the first IMPORT_MAX_STORED_ERRORS errors are kept, and the count of all."""
    _finish(
        licensee_import,
        state=LicenseeImport.State.FAILED,
        errors=errors[:IMPORT_MAX_STORED_ERRORS],
        error_count=len(errors),
    )


def _owned(licensee_import: LicenseeImport):
    return job_owned(LicenseeImport, licensee_import.pk, licensee_import.attempt)


def _finish(licensee_import: LicenseeImport, **data) -> dict:
    """Write the outcome, if the import is still this run's."""
    data |= {"processed_rows": licensee_import.total_rows, "finished_at": timezone.now()}
    changes = model_update(licensee_import, data)
    _owned(licensee_import).update(**data)
    return changes


def template_csv() -> str:
    """An empty import file: the header row, ";"-separated, with a BOM for Excel."""
    return "\ufeff" + ";".join(template_header()) + "\r\n"


def licensee_import_files_purge(*, older_than_days: int = IMPORT_KEEP_FILES_DAYS) -> int:
    """Forget the uploaded files of imports finished more than older_than_days ago (they
    hold personal data); the report and counts stay. Returns how many were purged."""
    limit = timezone.now() - timedelta(days=older_than_days)
    return (
        LicenseeImport.objects.filter(finished_at__lt=limit)
        .exclude(content=b"")
        .update(content=b"")
    )
