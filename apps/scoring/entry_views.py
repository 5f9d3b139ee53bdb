"""Score entry from the referee's laptop: one screen per étui, laid out as its traveller,
where Enter saves a line (htmx, no reload) and moves on to the next one; the progress of
the entry per position; the second entry of double entry and its mismatches.

The referees assigned to the tournament and federation staff enter scores; whoever
oversees the tournament (club managers, committee and zone staff) reads the progress.
"""

from functools import partial

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import (
    condition,
    require_GET,
    require_http_methods,
    require_POST,
)
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRefresh, trigger_client_event

from apps.accounts.permissions import roles_of
from apps.core.addresses import site_address
from apps.core.pages import error_text, form_errors_text, service_call, url_around
from apps.core.panels import panels_for
from apps.core.revalidation import VARY, page_etag
from apps.movements.models import SeatChoice
from apps.movements.selectors import session_movement, session_movement_of
from apps.movements.services import movement_table_entry_set
from apps.scoring import selectors, services, versions
from apps.scoring.domain.likelihood import unlikely_among
from apps.scoring.doubts import confirmation_name, unlikely_question
from apps.scoring.forms import LineForm, NotPlayedForm
from apps.tournaments import permissions
from apps.tournaments.pages import session_page
from apps.tournaments.selectors import registration_of

LINE_SAVED, LINE_REFUSED = "line-saved", "line-refused"


def _line_form(line, check: bool) -> LineForm:
    """The line's form showing what is entered (the second entry alone in check mode): a
    score entered through the deal's details shows its number beside the details."""
    play = line.play
    if play is None:
        return LineForm(prefix=line.id)
    if check:
        return LineForm(prefix=line.id, initial={"score": play.check_score})
    initial = {"score": play.score}
    if play.deal is not None:
        initial |= _details_initial(play.deal)
    return LineForm(prefix=line.id, initial=initial)


def _details_initial(deal: dict) -> dict:
    counts = {name: deal["poignees"].count(name) or None for name in ("simple", "double", "triple")}
    return {
        "bouts": deal["bouts"],
        "points": deal["points"],
        "petit_au_bout": deal["petit_au_bout"] or "",
        "chelem": deal["chelem"] or "",
        **counts,
    }


def _row(line, check: bool, form=None, saved: bool = False, by_table: bool = False) -> dict:
    return {
        "line": line,
        "form": form or _line_form(line, check),
        "saved": saved,
        "check": check,
        "by_table": by_table,
    }


def _traveller_context(session, etui: int, check: bool, bound: dict | None = None) -> dict:
    bound = bound or {}
    lines = selectors.traveller(session, etui)
    if not lines:
        raise Http404
    etuis = selectors.session_etuis(session)
    index = etuis.index(etui)
    # A table's disagreement, shown on its line until the referee enters it (not to the
    # second entry, which is typed blind).
    disputed = {} if check else selectors.etui_disagreements(session, etui)
    return {
        "session": session,
        "tournament": session.tournament,
        "etui": etui,
        "check": check,
        "closed": session.tournament.play_over,
        "rows": [
            {**_row(line, check, bound.get(line.id)), "disagreement": disputed.get(line.table.pk)}
            for line in lines
        ],
        "taker_label": SeatChoice(lines[0].taker_seat).label,
        "focus": next((line.id for line in lines if _awaited(line, check)), None),
        "previous": etuis[index - 1] if index > 0 else None,
        "next": etuis[index + 1] if index + 1 < len(etuis) else None,
    }


@login_required
@require_GET
def table_sheet(request, pk, table):
    """A table's sheet after a position: its étuis, one line each, as the paper arrives;
    the previous and next tables of the position a key away."""
    session = session_page(request, pk, permissions.can_enter_scores)
    lines = selectors.table_lines(session, table)
    if not lines:
        raise Http404
    here = lines[0].table
    tables = selectors.position_tables(here)
    index = [t.pk for t in tables].index(here.pk)
    return render(
        request,
        "scoring/entry/table.html",
        {
            "session": session,
            "tournament": session.tournament,
            "table": here,
            "check": False,
            "by_table": True,
            "closed": session.tournament.play_over,
            "rows": [_row(line, False, by_table=True) for line in lines],
            "focus": next((line.id for line in lines if _awaited(line, False)), None),
            "previous": tables[index - 1] if index > 0 else None,
            "next": tables[index + 1] if index + 1 < len(tables) else None,
        },
    )


def _awaited(line, check: bool) -> bool:
    """The line can be entered and holds nothing yet."""
    return line.in_play and (line.check_score if check else line.score) is None


def traveller_url(session, etui: int, check: bool = False) -> str:
    return reverse("scoring:check" if check else "scoring:traveller", args=[session.pk, etui])


@login_required
@require_GET
def traveller(request, pk, etui, check=False):
    """The traveller of one étui: a line per table that plays it, ready to type into."""
    session = session_page(request, pk, permissions.can_enter_scores)
    context = _traveller_context(session, etui, check)
    return render(request, "scoring/entry/traveller.html", context)


def _save(request, line, form, check: bool) -> None:
    """Enter the line's score (an empty line clears what the first entry holds)."""
    entry = form.entry()
    common = {
        "actor": request.user,
        "table": line.table,
        "etui": line.etui,
        "reason": request.POST.get("reason", ""),
    }
    if entry is not None:
        write = services.play_check_set if check else services.play_score_set
        write(**common, **entry)
    elif not check and line.entered:
        services.play_score_clear(**common)


@login_required
@require_POST
def line_save(request, pk, table, etui, check=False):
    """htmx: save one line and answer with the line as entered, or with its error and the
    typed values; the page then moves the focus to the next line."""
    session = session_page(request, pk, permissions.can_enter_scores)
    line = selectors.traveller_line(session, table, etui)
    if line is None:
        raise Http404
    form = LineForm(request.POST, prefix=line.id)
    unlikely = None
    if form.is_valid():
        if not check:
            others = partial(selectors.etui_scores, session, etui, line.table)
            unlikely = unlikely_question(form, others)
        if unlikely:
            form.add_error(
                None,
                _("Unlikely score: %(reason)s. Press Enter again to confirm it.")
                % {"reason": unlikely},
            )
        else:
            try:
                _save(request, line, form, check)
            except ValidationError as exc:
                form.add_error(None, exc)
    if not request.htmx:
        if form.errors:
            context = _traveller_context(session, etui, check, bound={line.id: form})
            return render(request, "scoring/entry/traveller.html", context, status=400)
        return redirect(f"{traveller_url(session, etui, check)}#line-{line.id}")
    by_table = request.POST.get("by_table") == "1"  # the line of a table's sheet
    if form.errors:
        context = {
            **_row(line, check, form, by_table=by_table),
            "unlikely": unlikely,
            "confirmation": confirmation_name(form),
        }
        response = render(request, "scoring/_entry_line.html", context)
        event = LINE_REFUSED
    else:
        line = selectors.traveller_line(session, table, etui)
        context = _row(line, check, saved=True, by_table=by_table)
        response = render(request, "scoring/_entry_line.html", context)
        event = LINE_SAVED
    return trigger_client_event(response, event, {"line": line.id}, after="settle")


@login_required
@require_GET
def line_preview(request, pk, table, etui):
    """htmx: the Garde score the details typed so far give, or why they give none."""
    session = session_page(request, pk, permissions.can_enter_scores)
    line = selectors.traveller_line(session, table, etui)
    if line is None:
        raise Http404
    form = LineForm(request.GET, prefix=line.id)
    score, error = None, ""
    if form.is_valid() and form.cleaned_data["deal"] is not None:
        try:
            score = services.garde_score(deal=form.cleaned_data["deal"])
        except ValidationError as exc:
            error = error_text(exc)
    else:
        error = form_errors_text(form)
    return render(request, "scoring/_entry_preview.html", {"score": score, "error": error})


def _doubtful(lines) -> list[tuple]:
    """The lines entered that deserve a second look, by étui and order of play, each with
    why its score is unlikely ("" when it is not): a score unlikely beside the étui's
    others (it counted although entry asked about it, on this screen or on Nord's phone,
    or the scores entered since make it so), and a line whose second entry differs."""
    by_etui: dict[int, dict[str, int]] = {}
    for line in lines:
        if line.entered:
            by_etui.setdefault(line.etui, {})[line.id] = line.score
    unlikely = {}
    for scores in by_etui.values():
        unlikely |= unlikely_among(scores)
    doubtful = [(line, unlikely.get(line.id, "")) for line in lines]
    return sorted(
        ((line, why) for line, why in doubtful if why or line.mismatch),
        key=lambda pair: pair[0].etui,
    )


def _progress_context(rows) -> dict:
    lines = [line for row in rows for line in row.lines]
    counts = selectors.etui_counts(rows)
    return {
        "doubtful": _doubtful(lines),
        "rows": rows,
        "entered": sum(line.entered for line in lines),
        "expected": len(lines),
        "checked": sum(line.check_score is not None for line in lines),
        "mismatches": sum(line.mismatch for line in lines),
        "unsettled": sum(len(row.missing) for row in rows),
        "etui_counts": counts,
        "first_etui": counts[0][0] if counts else None,
        "first_missing": next((line.etui for line in lines if _awaited(line, False)), None),
    }


@login_required
@require_GET
def progress(request, pk):
    """What is entered and what is missing, position by position, and the lines to look
    at again. The page asks for itself every PROGRESS_POLL_SECONDS while the room plays,
    and htmx gets its changing part alone."""
    session = session_page(request, pk, permissions.can_oversee_tournament)
    movement = session_movement(session)
    progress = selectors.entry_progress(session) if movement else []
    context = {
        "session": session,
        "tournament": session.tournament,
        "movement": movement,
        "can_enter": permissions.can_enter_scores(request.user, session.tournament),
        "table_rows": selectors.table_entry_rows(movement, progress)
        if movement and movement.table_entry
        else [],
        "table_code_url": site_address(reverse("scoring:table_code")),
        "disagreements": selectors.table_disagreement_count(session),
        "poll_seconds": settings.PROGRESS_POLL_SECONDS,
        "traveller_url": url_around("scoring:traveller", session.pk),
        "table_url": url_around("scoring:table", session.pk),
        **_progress_context(progress),
    }
    template = "_progress.html" if request.htmx else "progress.html"
    return render(request, f"scoring/entry/{template}", context)


@login_required
@require_GET
def mismatches(request, pk):
    """Double entry: the lines whose second entry differs from the first."""
    session = session_page(request, pk, permissions.can_enter_scores)
    return render(
        request,
        "scoring/entry/mismatches.html",
        {
            "session": session,
            "tournament": session.tournament,
            "lines": selectors.double_entry_mismatches(session),
            "disagreements": selectors.table_disagreements(session),
        },
    )


@login_required
@require_POST
def table_entry_switch(request, pk):
    """Switch table entry (the players' phones) on or off for the session."""
    session = session_page(request, pk, permissions.can_enter_scores)
    movement = session_movement(session)
    if movement is None:
        raise Http404
    enabled = request.POST.get("enabled") == "1"
    service_call(
        request,
        movement_table_entry_set,
        done=_("Table entry is on: the players enter their scores with the table codes.")
        if enabled
        else _("Table entry is off: the table codes no longer enter scores."),
        actor=request.user,
        movement=movement,
        enabled=enabled,
    )
    return redirect(f"{reverse('scoring:progress', args=[session.pk])}#table-entry")


@login_required
@require_http_methods(["GET", "POST"])
def unsettled(request, pk):
    """The lines without a score, at every position: the referee enters them or states,
    line by line, that one was not played (its étui is then scored without it) before the
    tournament can be finished. POST: one such statement."""
    session = session_page(request, pk, permissions.can_enter_scores)
    here = reverse("scoring:unsettled", args=[session.pk])
    if request.method == "POST":
        form = NotPlayedForm(request.POST)
        line = form.is_valid() and selectors.traveller_line(
            session, form.cleaned_data["table"], form.cleaned_data["etui"]
        )
        if not line:
            messages.error(request, _("This line is not one of the session's."))
            return redirect(here)
        service_call(
            request,
            services.play_not_played_set,
            done=_("Étui %(etui)s at table %(table)s is stated not played.")
            % {"etui": line.etui, "table": line.table.table},
            actor=request.user,
            table=line.table,
            etui=line.etui,
            note=form.cleaned_data["note"],
            reason=request.POST.get("reason", ""),
        )
        return redirect(here)
    lines = selectors.lines_without_score(session)
    return render(
        request,
        "scoring/entry/unsettled.html",
        {
            "session": session,
            "tournament": session.tournament,
            "closed": session.tournament.play_over,
            "missing": [line for line in lines if not line.not_played],
            "not_played": [line for line in lines if line.not_played],
        },
    )


def _my_scores_etag(request, pk) -> str | None:
    version = versions.own_plays_version(pk, roles_of(request.user).licensee_id)
    return None if version is None else page_etag(request, *version)


@login_required
@require_GET
@vary_on_headers("Cookie", *VARY)
@cache_control(private=True, no_cache=True)
@condition(etag_func=_my_scores_etag)
def my_scores(request, pk):
    """The player's own étuis of the session as entered so far, their side's score each
    (on their phone, during play): no one else's score, no percentage. The lines ask for
    themselves every PLAYER_POLL_SECONDS (htmx gets them alone, « not modified » while
    unchanged). Once play is over, the apps above show the final state instead (the
    results' « my_scores » panel), and a poll reloads the page to show it."""
    movement = session_movement_of(pk)  # with its session and tournament
    if movement is None:
        raise Http404
    session = movement.session
    registration = registration_of(session.tournament_id, roles_of(request.user).licensee_id)
    if registration is None:
        raise Http404
    panels = panels_for("my_scores", request.user, session, registration)
    if request.htmx and panels:
        return HttpResponseClientRefresh()
    return render(
        request,
        "scoring/entry/_my_scores_lines.html" if request.htmx else "scoring/entry/my_scores.html",
        {
            "session": session,
            "tournament": session.tournament,
            "movement": movement,
            "lines": selectors.own_lines(movement, registration),
            "panels": panels,
            "poll_seconds": settings.PLAYER_POLL_SECONDS,
        },
    )
