"""Feuilles de route as PDF (fascicule 3, ch. 1: « Tout joueur peut demander auprès de
l'arbitre sa feuille de route récapitulative »): one player's, or the whole room's, one
A4 page per player. The room's is built by a Celery worker, some players at a time so the
page can show its progress, and stored under a fingerprint of the results: asking again
while the results are unchanged finds the stored file.

The grids are the movement printouts' monospaced grids (apps.movements.printing).
"""

import hashlib

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.template.defaultfilters import floatformat
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core.jobs import job_claim, job_enqueue, job_heartbeat, job_owned, job_restartable
from apps.core.pdf import weasy_render
from apps.movements.printing import Grid, Rendered
from apps.results.awards_shown import awards_by_registration
from apps.results.models import SHEETS_DIR, RoomSheetsJob
from apps.results.selectors import PlayerSheet, Ruling, SessionDisplay, session_display
from apps.tournaments.models import Session

SHEETS_PER_DOCUMENT = 20  # players laid out at a time; the progress moves by as many


def percent(value: float | None) -> str:
    """A percentage as printed: rounded to two decimals in the interface language, "—"
    when unknown."""
    return "—" if value is None else floatformat(value, 2)


def score_text(score: int | None) -> str:
    return "—" if score is None else str(score)


# --- one page per player ---------------------------------------------------------


def _sheet_values(display: SessionDisplay, row) -> tuple:
    line = row.line
    values = (line.etui, line.position, line.table, row.orientation, row.place)
    values += (score_text(line.side_score), percent(line.note))
    return (line.section, *values) if display.sections else values


def sheet_grid(display: SessionDisplay, sheets: list[PlayerSheet]) -> Grid:
    headers = [_("Étui"), _("Pos."), _("Table"), _("Orient."), _("Place"), _("Score"), _("Note")]
    right = {0, 1, 2, 5, 6}
    if display.sections:
        headers, right = [_("Tournament"), *headers], {i + 1 for i in right}
    rows = [_sheet_values(display, row) for sheet in sheets for row in sheet.rows]
    return Grid.fitted(headers, rows, right=right)


def ruling_text(ruling: Ruling) -> str:
    """An adjusted play as printed under its line: the adjusted score, then the fault."""
    return f"{ruling.adjustment} · {ruling.text}" if ruling.adjustment else ruling.text


def penalty_lines(penalties: tuple[Ruling, ...]) -> list[tuple[str, str]]:
    """A player's penalties as printed: (percentage points, reason)."""
    return [(percent(ruling.percent), ruling.text) for ruling in penalties]


def sheets_html(display: SessionDisplay, sheets: list[PlayerSheet], grid: Grid) -> str:
    session = display.session
    awards = awards_by_registration(session.tournament)
    return render_to_string(
        "results/print/sheets.html",
        {
            "title": _("Player sheet"),
            "tournament": session.tournament,
            "session": session,
            "grid": grid,
            "sheets": [
                {
                    "sheet": sheet,
                    "lines": [
                        (
                            grid.row(_sheet_values(display, row)),
                            ruling_text(row.ruling) if row.ruling else "",
                        )
                        for row in sheet.rows
                    ],
                    "penalties": penalty_lines(sheet.penalties),
                    "award": awards.get(sheet.person.registration_id),
                    "figures": [
                        (_("Attack percentage"), percent(sheet.result.attack)),
                        (_("Defence percentage"), percent(sheet.result.defence)),
                        (_("Overall percentage"), percent(sheet.result.overall)),
                        (_("Penalty"), percent(sheet.result.penalty)),
                        (_("Final percentage"), percent(sheet.result.final)),
                    ],
                }
                for sheet in sheets
            ],
        },
    )


def sheets_render(
    display: SessionDisplay, sheets: list[PlayerSheet], progress=None
) -> tuple[bytes, int]:
    """The sheets as one PDF and its page count, laid out SHEETS_PER_DOCUMENT at a time;
    ``progress(done)`` is told after each batch."""
    grid = sheet_grid(display, sheets)
    batches = [
        sheets[start : start + SHEETS_PER_DOCUMENT]
        for start in range(0, len(sheets), SHEETS_PER_DOCUMENT)
    ] or [[]]
    documents = []
    for batch in batches:
        documents.append(weasy_render(sheets_html(display, batch, grid)))
        if progress:
            progress(sum(len(b) for b in batches[: len(documents)]))
    pages = [page for document in documents for page in document.pages]
    return documents[0].copy(pages).write_pdf(), len(pages)


def sheet_render(display: SessionDisplay, sheet: PlayerSheet) -> Rendered:
    pdf, pages = sheets_render(display, [sheet])
    who = sheet.person.licence or sheet.person.key
    return Rendered(pdf, pages, f"feuille-de-route-seance-{display.session.number}-{who}.pdf")


# --- the whole room, built by a worker -------------------------------------------


def results_fingerprint(display: SessionDisplay) -> str:
    """Changes whenever a score, a penalty, a ruling's wording or note, a player's name
    or licence, or the tournament's awards change."""
    rulings = display.rulings
    awards = awards_by_registration(display.session.tournament)
    text = repr(
        (
            display.results,
            sorted(display.people.items()),
            sorted(rulings.plays.items()),
            sorted(rulings.players.items()),
            sorted((pk, a.pcn, a.pp, a.reason) for pk, a in awards.items()),
        )
    )
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def room_sheets_state(session: Session) -> RoomSheetsJob:
    """The session's job (an unsaved one in state « none » before any request); a done
    job whose file is gone reads as never asked for."""
    job = RoomSheetsJob.objects.filter(session=session).first()
    if job is None or (
        job.state == RoomSheetsJob.State.DONE and not default_storage.exists(job.path)
    ):
        return RoomSheetsJob(session=session, state="none")
    return job


def _enqueue(job: RoomSheetsJob) -> None:
    from apps.results.tasks import room_sheets_build as task  # the task imports this module

    job_enqueue(RoomSheetsJob, job.pk, task)


def room_sheets_request(session: Session) -> RoomSheetsJob:
    """Ask for the room's feuilles de route of the results as they are now: the stored file
    if it exists, else a worker builds it (queued once the transaction commits). Asking
    again while a live run works on the same results changes nothing; a job whose worker
    died, or that could not be queued, is queued again."""
    display = session_display(session)
    values = {"fingerprint": results_fingerprint(display), "total": display.sheet_count}
    with transaction.atomic():
        job, created = RoomSheetsJob.objects.select_for_update().get_or_create(
            session=session, defaults={"state": RoomSheetsJob.State.PENDING, **values}
        )
        if default_storage.exists(f"{SHEETS_DIR}/{session.pk}-{values['fingerprint']}.pdf"):
            RoomSheetsJob.objects.filter(pk=job.pk).update(
                state=RoomSheetsJob.State.DONE, done=values["total"], **values
            )
            job.refresh_from_db()
            return job
        same = job.fingerprint == values["fingerprint"] and job.in_progress
        if same and not created and not job_restartable(job):
            return job
        if not same:
            RoomSheetsJob.objects.filter(pk=job.pk).update(
                state=RoomSheetsJob.State.PENDING, done=0, enqueue_error="", **values
            )
        job.refresh_from_db()
        _enqueue(job)
    return job


def room_sheets_build(*, job_id: int) -> bool:
    """Build and store the room's feuilles de route of the current results, once: a run
    that finds the job claimed by a live run, or over, does nothing and returns False; a
    run whose worker died is taken over (apps.core.jobs). Older files are deleted."""
    attempt = job_claim(RoomSheetsJob, job_id)
    if attempt is None:
        return False
    job = RoomSheetsJob.objects.select_related("session__tournament__club").get(pk=job_id)
    owned = job_owned(RoomSheetsJob, job_id, attempt)
    display = session_display(job.session)
    sheets = display.sheets()
    job.fingerprint, job.total = results_fingerprint(display), len(sheets)
    owned.update(fingerprint=job.fingerprint, total=job.total, done=0)
    with job_heartbeat(RoomSheetsJob, job_id, attempt):
        try:
            if not default_storage.exists(job.path):
                pdf, _pages = sheets_render(
                    display,
                    sheets,
                    lambda done: owned.update(done=done, heartbeat_at=timezone.now()),
                )
                default_storage.save(job.path, ContentFile(pdf))
        except Exception:
            owned.update(state=RoomSheetsJob.State.FAILED)
            raise
    if owned.update(state=RoomSheetsJob.State.DONE, done=job.total):
        _delete_older(job)
    return True


def _progress(owned, done: int) -> None:
    owned.update(done=done, heartbeat_at=timezone.now())


def _delete_older(job: RoomSheetsJob) -> None:
    _dirs, files = default_storage.listdir(SHEETS_DIR)
    for name in files:
        if name.startswith(f"{job.session_id}-") and f"{SHEETS_DIR}/{name}" != job.path:
            default_storage.delete(f"{SHEETS_DIR}/{name}")
