"""Results pages (fascicule 3, ch. 1): a session's ranking, live while scores come in, its
topage sheets, the players' feuilles de route, the room's feuilles de route built by a
worker, the exports, and a tournament's total ranking over its sessions.

Whoever may open a tournament sees its results once play is over; before, only those who
oversee it (referees, the club's managers, staff in scope). A feuille de route is for its
player (once play is over) and for those who oversee the tournament. Anonymous visitors who
are refused are asked to sign in.
"""

from django.core.exceptions import PermissionDenied
from django.core.files.storage import default_storage
from django.http import FileResponse, Http404
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from apps.core.jobs import job_restartable
from apps.core.pages import download, sign_in_when_refused
from apps.core.revalidation import not_modified, page_etag, revalidated
from apps.results import exports, printing, selectors
from apps.results.awards_shown import award_of, awards_shown
from apps.results.memo import rendered_memo
from apps.tournaments import permissions
from apps.tournaments.pages import session_page
from apps.tournaments.selectors import session_for_user

ALTERNATE = "alterne"  # ?classement=alterne shows the classement alterné
POLL_SECONDS = 5


def _results_open(user, tournament) -> bool:
    """``can_view_results``; a refusal tells when the results become public (once play is
    over: the referee finishes the tournament)."""
    if not permissions.can_view_results(user, tournament):
        raise PermissionDenied(
            _("The results will be public as soon as the referee has finished the tournament.")
        )
    return True


def _context(request, session) -> dict:
    tournament = session.tournament
    oversee = permissions.can_oversee_tournament(request.user, tournament)
    own = selectors.own_registration(request.user, tournament)
    open_to_them = own and permissions.sheet_open(tournament, own=True, oversee=oversee)
    return {
        "session": session,
        "tournament": tournament,
        "sessions": list(tournament.sessions.order_by("number")),
        "oversee": oversee,
        "own_sheet": own if open_to_them else None,
        "live": not tournament.play_over,
    }


# --- rankings --------------------------------------------------------------------


@sign_in_when_refused
def tournament_results(request, pk):
    """One session: its ranking. Several: each session and the total ranking."""
    tournament = selectors.tournament_for_user(request.user, pk)
    _results_open(request.user, tournament)
    sessions = list(tournament.sessions.all())
    if len(sessions) == 1:
        return redirect("results:session", sessions[0].pk)
    people = selectors.people_of(tournament)
    displays = [selectors.session_display(s, people) for s in sessions]
    awards = awards_shown(tournament)
    rows = selectors.total_ranking(displays)
    return render(
        request,
        "results/tournament.html",
        {
            "tournament": tournament,
            "displays": displays,
            "rows": rows,
            "awarded": [(row, awards.of(row.person.registration_id)) for row in rows],
            "awards": awards,
            "award_file": permissions.can_download_award_file(request.user, tournament),
            "own": selectors.own_registration(request.user, tournament),
            "live": not tournament.play_over,
            "provisional": any(display.results.missing for display in displays),
        },
    )


def _ranking_table(request, context: dict) -> str:
    """The ranking's table as rendered for everyone who reads it the same way (the
    reader's own row is marked afterwards): while play goes on, rendered once per change of
    the results and kept (``memo.rendered_memo``), as hundreds of phones poll it."""
    display, alternate = context["display"], context["alternate"]

    def rendered() -> str:
        rows = display.alternate if alternate else display.general
        awards = context["awards"]
        awarded = [(row, awards and awards.of(row.person.registration_id)) for row in rows]
        return render_to_string(
            "results/_ranking_table.html", context | {"rows": rows, "awarded": awarded}, request
        )

    if not context["live"]:
        return rendered()
    key = (context["stamp"].digest, alternate, context["oversee"], get_language())
    return rendered_memo(key, rendered)


def _own_marked(html: str, own: int | None) -> str:
    """The reader's own row marked in the rendered ranking."""
    if own is None:
        return html
    row = f'<tr data-player="{own}">'
    return html.replace(row, f'<tr data-player="{own}" class="me" aria-current="true">', 1)


@sign_in_when_refused
def session_results(request, pk):
    """The classement général or alterné; htmx polls the ranking while play goes on."""
    session = session_page(request, pk, _results_open)
    kept = selectors.kept_results(session, previous=True)
    live = not session.tournament.play_over
    # While play goes on, a poll of an unchanged ranking is answered « not modified ».
    version = (kept.stamp.digest, kept.updating, session.tournament.status)
    etag = page_etag(request, *version) if live else None
    if etag and (unchanged := not_modified(request, etag)):
        return unchanged
    display = selectors.SessionDisplay(session, kept.results)
    context = _context(request, session)
    # A tournament's awards go with its one session's ranking, or with the total ranking.
    awards = awards_shown(session.tournament) if len(context["sessions"]) == 1 else None
    context |= {
        "display": display,
        "stamp": kept.stamp,
        "updating": kept.updating,
        "alternate": request.GET.get("classement") == ALTERNATE and display.has_alternate,
        "awards": awards,
        "award_file": awards
        and permissions.can_download_award_file(request.user, session.tournament),
        "poll_seconds": POLL_SECONDS,
    }
    table = _own_marked(_ranking_table(request, context), context["own_sheet"])
    context["ranking_table"] = mark_safe(table)  # our template, the own row marked
    part = request.htmx and request.htmx.target == "ranking"
    response = render(request, "results/_ranking.html" if part else "results/session.html", context)
    return revalidated(response, etag) if etag else response


@sign_in_when_refused
def session_topage(request, pk):
    session = session_page(request, pk, _results_open)
    display = selectors.session_display(session)
    context = {**_context(request, session), "display": display, "etuis": display.etuis()}
    return render(request, "results/topage.html", context)


@sign_in_when_refused
def results_pdf(request, pk):
    session = session_page(request, pk, _results_open)
    pdf = exports.results_pdf(session)
    return download(pdf, "application/pdf", f"resultats-seance-{session.number}.pdf")


@sign_in_when_refused
def results_xlsx(request, pk):
    session = session_page(request, pk, _results_open)
    return download(
        exports.results_xlsx(session),
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        f"resultats-seance-{session.number}.xlsx",
    )


# --- feuilles de route -----------------------------------------------------------


def _player_sheet(request, pk, registration):
    """The session, its display and the feuille de route if the reader may see it; else
    no display and no sheet for the player asking for their own during play (they are
    told when it opens: once the referee has finished the tournament), and a refusal for
    anyone else."""
    session = session_for_user(request.user, pk)  # the sheet's own check follows
    if permissions.can_view_sheet(request.user, session.tournament, registration):
        display = selectors.session_display(session)
        sheet = display.sheet(registration)
        if sheet is None:
            raise Http404
        return session, display, sheet
    if selectors.own_registration(request.user, session.tournament) != registration:
        raise PermissionDenied
    return session, None, None


def _sheet_awaited(request, session):
    return render(request, "results/sheet/awaited.html", _context(request, session))


@sign_in_when_refused
def player_sheet(request, pk, registration):
    session, display, sheet = _player_sheet(request, pk, registration)
    if sheet is None:
        return _sheet_awaited(request, session)
    context = {
        **_context(request, session),
        "display": display,
        "sheet": sheet,
        "award": award_of(registration),
    }
    return render(request, "results/sheet/page.html", context)


@sign_in_when_refused
def player_sheet_pdf(request, pk, registration):
    session, display, sheet = _player_sheet(request, pk, registration)
    if sheet is None:
        return _sheet_awaited(request, session)
    rendered = printing.sheet_render(display, sheet)
    return download(rendered.pdf, "application/pdf", rendered.filename)


@sign_in_when_refused
def room_sheets(request, pk):
    """The room's feuilles de route: the stored PDF, or its progress while a worker builds
    it, and whether the results changed since."""
    session = session_page(request, pk, permissions.can_oversee_tournament)
    job = printing.room_sheets_state(session)
    current = printing.results_fingerprint(selectors.session_display(session))
    context = {
        **_context(request, session),
        "job": job,
        "stale": job.fingerprint != current,
        "restartable": job_restartable(job),
    }
    return render(request, "results/sheet/room.html", context)


@sign_in_when_refused
@require_POST
def room_sheets_request(request, pk):
    session = session_page(request, pk, permissions.can_oversee_tournament)
    printing.room_sheets_request(session)
    return redirect("results:room_sheets", session.pk)


@sign_in_when_refused
def room_sheets_progress(request, pk):
    """The status block alone, polled by htmx until the PDF is built."""
    session = session_page(request, pk, permissions.can_oversee_tournament)
    job = printing.room_sheets_state(session)
    context = {"session": session, "job": job, "stale": False, "restartable": job_restartable(job)}
    return render(request, "results/sheet/_room_status.html", context)


@sign_in_when_refused
def room_sheets_pdf(request, pk):
    session = session_page(request, pk, permissions.can_oversee_tournament)
    job = printing.room_sheets_state(session)
    if job.state != "done":
        raise Http404
    return FileResponse(
        default_storage.open(job.path),
        as_attachment=True,
        filename=f"feuilles-de-route-seance-{session.number}.pdf",
        content_type="application/pdf",
    )
