"""Feuilles de route as PDF (fascicule 3, ch. 1: « Tout joueur peut demander auprès de
l'arbitre sa feuille de route récapitulative »): one player's, or the whole room's, one
A4 page per player. The room's is built by a Celery worker, some players at a time so the
page can show its progress, and stored under a fingerprint of the results: asking again
while the results are unchanged finds the stored file.

The grids are the movement printouts' monospaced grids (apps.movements.printing).
"""

import hashlib
from dataclasses import asdict, dataclass, replace

from django.core.cache import cache
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import transaction
from django.template.defaultfilters import floatformat
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from apps.core.pdf import weasy_render
from apps.movements.printing import Grid, Rendered
from apps.scoring.results_selectors import PlayerSheet, Ruling, SessionDisplay, session_display
from apps.tournaments.models import Session

SHEETS_DIR = "scoring/feuilles-de-route"
SHEETS_PER_DOCUMENT = 20  # players laid out at a time; the progress moves by as many
JOB_SECONDS = 7 * 24 * 3600  # how long the job's state is kept in the cache
CLAIM_SECONDS = 30 * 60  # a worker that died leaves its claim for this long


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
    values += (score_text(line.score), percent(line.note))
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
    return render_to_string(
        "scoring/print/sheets.html",
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


@dataclass(frozen=True)
class RoomSheets:
    """The state of a session's room feuilles de route, as the cache keeps it."""

    session_id: int
    state: str = "none"  # none, pending, running, done, failed
    fingerprint: str = ""
    done: int = 0
    total: int = 0

    @property
    def working(self) -> bool:
        return self.state in ("pending", "running")

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.total) if self.total else 0

    @property
    def path(self) -> str:
        return f"{SHEETS_DIR}/{self.session_id}-{self.fingerprint}.pdf"

    def save(self) -> "RoomSheets":
        cache.set(_state_key(self.session_id), asdict(self), JOB_SECONDS)
        return self


def _state_key(session_id: int) -> str:
    return f"scoring:room-sheets:{session_id}"


def results_fingerprint(display: SessionDisplay) -> str:
    """Changes whenever a score, a penalty, a ruling's wording or note, or a player's name
    or licence changes."""
    rulings = display.rulings
    text = repr(
        (
            display.results,
            sorted(display.people.items()),
            sorted(rulings.plays.items()),
            sorted(rulings.players.items()),
        )
    )
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def room_sheets_state(session: Session) -> RoomSheets:
    job = RoomSheets(**cache.get(_state_key(session.pk), {"session_id": session.pk}))
    if job.state == "done" and not default_storage.exists(job.path):
        return RoomSheets(session.pk)
    return job


def room_sheets_request(session: Session) -> RoomSheets:
    """Ask for the room's feuilles de route of the results as they are now: the stored file
    if it exists, else a worker builds it (enqueued once the transaction commits)."""
    from apps.scoring.tasks import room_sheets_build as task  # the task imports this module

    display = session_display(session)
    total = len(display.results.players)
    job = RoomSheets(session.pk, "pending", results_fingerprint(display), 0, total)
    if default_storage.exists(job.path):
        return replace(job, state="done", done=total).save()
    job.save()  # before the task: run eagerly, it saves its own state at once
    session_id = session.pk
    transaction.on_commit(lambda: task.delay(session_id))
    return job


def room_sheets_build(*, session_id: int) -> bool:
    """Build and store the room's feuilles de route of the current results, once: a run
    that finds the file stored, or another run at work on it (a compare-and-set claim in
    the cache), does nothing and returns False. Older files of the session are deleted."""
    session = Session.objects.select_related("tournament__club").get(pk=session_id)
    display = session_display(session)
    sheets = display.sheets()
    job = RoomSheets(session_id, "running", results_fingerprint(display), 0, len(sheets))
    if default_storage.exists(job.path):
        replace(job, state="done", done=job.total).save()
        return False
    claim = f"{_state_key(session_id)}:{job.fingerprint}:claim"
    if not cache.add(claim, True, CLAIM_SECONDS):
        return False
    try:
        job.save()
        pdf, _pages = sheets_render(display, sheets, lambda done: replace(job, done=done).save())
        default_storage.save(job.path, ContentFile(pdf))
    except Exception:
        replace(job, state="failed").save()
        cache.delete(claim)
        raise
    _delete_older(job)
    replace(job, state="done", done=job.total).save()
    return True


def _delete_older(job: RoomSheets) -> None:
    _dirs, files = default_storage.listdir(SHEETS_DIR)
    for name in files:
        if name.startswith(f"{job.session_id}-") and f"{SHEETS_DIR}/{name}" != job.path:
            default_storage.delete(f"{SHEETS_DIR}/{name}")
