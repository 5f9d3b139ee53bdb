"""Results pages (fascicule 3, ch. 1): a session's ranking, live while scores come in, its
topage sheets, the players' feuilles de route, the room's feuilles de route built by a
worker, the exports, and a tournament's total ranking over its sessions.

Whoever may open a tournament sees its results once play is over; before, only those who
oversee it (referees, the club's managers, staff in scope). A feuille de route is for its
player (once play is over) and for those who oversee the tournament. Anonymous visitors who
are refused are asked to sign in.
"""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from apps.accounts import permissions
from apps.core.jobs import job_restartable
from apps.movements.selectors import session_for_user
from apps.scoring import exports, printing
from apps.scoring import results_selectors as selectors
from apps.scoring.tournament_files import tournament_file_bytes

ALTERNATE = "alterne"  # ?classement=alterne shows the classement alterné
POLL_SECONDS = 5


def _sign_in_when_refused(view):
    """A refusal sends an anonymous visitor to the sign-in page, others get 403."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except PermissionDenied:
            if request.user.is_authenticated:
                raise
            return redirect_to_login(request.get_full_path())

    return wrapped


def _session(request, pk, allowed=permissions.can_view_results):
    """The session if its tournament is visible (else 404) and allowed (else refused)."""
    session = session_for_user(request.user, pk)
    if allowed and not allowed(request.user, session.tournament):
        raise PermissionDenied
    return session


def _context(request, session) -> dict:
    tournament = session.tournament
    oversee = permissions.can_oversee_tournament(request.user, tournament)
    own = selectors.own_registration(request.user, tournament)
    return {
        "session": session,
        "tournament": tournament,
        "sessions": list(tournament.sessions.order_by("number")),
        "oversee": oversee,
        "own_sheet": own if own and (oversee or permissions.results_public(tournament)) else None,
        "live": not permissions.results_public(tournament),
    }


def _download(content: bytes, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


# --- rankings --------------------------------------------------------------------


@_sign_in_when_refused
def tournament_results(request, pk):
    """One session: its ranking. Several: each session and the total ranking."""
    tournament = selectors.tournament_for_user(request.user, pk)
    if not permissions.can_view_results(request.user, tournament):
        raise PermissionDenied
    sessions = list(tournament.sessions.all())
    if len(sessions) == 1:
        return redirect("results:session", sessions[0].pk)
    people = selectors.people_of(tournament)
    displays = [selectors.session_display(s, people) for s in sessions]
    return render(
        request,
        "scoring/results/tournament.html",
        {
            "tournament": tournament,
            "displays": displays,
            "rows": selectors.total_ranking(displays),
            "live": not permissions.results_public(tournament),
            "provisional": any(display.results.missing for display in displays),
        },
    )


@_sign_in_when_refused
def session_results(request, pk):
    """The classement général or alterné; htmx polls the ranking while play goes on."""
    session = _session(request, pk)
    display = selectors.session_display(session)
    alternate = request.GET.get("classement") == ALTERNATE and display.has_alternate
    context = {
        **_context(request, session),
        "display": display,
        "alternate": alternate,
        "rows": display.alternate if alternate else display.general,
        "poll_seconds": POLL_SECONDS,
    }
    if request.htmx and request.htmx.target == "ranking":
        return render(request, "scoring/results/_ranking.html", context)
    return render(request, "scoring/results/session.html", context)


@_sign_in_when_refused
def session_topage(request, pk):
    session = _session(request, pk)
    display = selectors.session_display(session)
    context = {**_context(request, session), "display": display, "etuis": display.etuis()}
    return render(request, "scoring/results/topage.html", context)


@_sign_in_when_refused
def results_pdf(request, pk):
    session = _session(request, pk)
    pdf = exports.results_pdf(session)
    return _download(pdf, "application/pdf", f"resultats-seance-{session.number}.pdf")


@_sign_in_when_refused
def results_file(request, pk):
    """The session's tournament file (JSON): what it was played from, and its results."""
    session = _session(request, pk)
    try:
        content = tournament_file_bytes(session)
    except ValidationError as exc:
        raise Http404 from exc
    name = f"tournoi-{session.tournament_id}-seance-{session.number}.json"
    return _download(content, "application/json", name)


@_sign_in_when_refused
def results_xlsx(request, pk):
    session = _session(request, pk)
    return _download(
        exports.results_xlsx(session),
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        f"resultats-seance-{session.number}.xlsx",
    )


# --- feuilles de route -----------------------------------------------------------


def _player_sheet(request, pk, registration):
    session = _session(request, pk, allowed=None)  # the sheet's own check follows
    if not permissions.can_view_sheet(request.user, session.tournament, registration):
        raise PermissionDenied
    display = selectors.session_display(session)
    sheet = display.sheet(registration)
    if sheet is None:
        raise Http404
    return session, display, sheet


@_sign_in_when_refused
def player_sheet(request, pk, registration):
    session, display, sheet = _player_sheet(request, pk, registration)
    context = {**_context(request, session), "display": display, "sheet": sheet}
    return render(request, "scoring/sheet/page.html", context)


@_sign_in_when_refused
def player_sheet_pdf(request, pk, registration):
    _session, display, sheet = _player_sheet(request, pk, registration)
    rendered = printing.sheet_render(display, sheet)
    return _download(rendered.pdf, "application/pdf", rendered.filename)


@_sign_in_when_refused
def room_sheets(request, pk):
    """The room's feuilles de route: the stored PDF, or its progress while a worker builds
    it, and whether the results changed since."""
    session = _session(request, pk, allowed=permissions.can_oversee_tournament)
    job = printing.room_sheets_state(session)
    current = printing.results_fingerprint(selectors.session_display(session))
    context = {
        **_context(request, session),
        "job": job,
        "stale": job.fingerprint != current,
        "restartable": job_restartable(job),
    }
    return render(request, "scoring/sheet/room.html", context)


@_sign_in_when_refused
@require_POST
def room_sheets_request(request, pk):
    session = _session(request, pk, allowed=permissions.can_oversee_tournament)
    printing.room_sheets_request(session)
    return redirect("results:room_sheets", session.pk)


@_sign_in_when_refused
def room_sheets_progress(request, pk):
    """The status block alone, polled by htmx until the PDF is built."""
    session = _session(request, pk, allowed=permissions.can_oversee_tournament)
    job = printing.room_sheets_state(session)
    context = {"session": session, "job": job, "stale": False, "restartable": job_restartable(job)}
    return render(request, "scoring/sheet/_room_status.html", context)


@_sign_in_when_refused
def room_sheets_pdf(request, pk):
    session = _session(request, pk, allowed=permissions.can_oversee_tournament)
    job = printing.room_sheets_state(session)
    if job.state != "done":
        raise Http404
    return FileResponse(
        default_storage.open(job.path),
        as_attachment=True,
        filename=f"feuilles-de-route-seance-{session.number}.pdf",
        content_type="application/pdf",
    )
