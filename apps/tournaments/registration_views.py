"""Registrations of a tournament (search, add, remove) and its referees (assign, unassign)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import trigger_client_event

from apps.core.pages import confirm_page, error_text, form_errors_text, service_call
from apps.federation import permissions
from apps.tournaments import services
from apps.tournaments.forms import RefereeAssignForm, RegistrationAddForm
from apps.tournaments.views import (
    managed_tournament,
    registrations_context,
    search_context,
    tournament_url,
    waiting_notice,
)

REGISTRATIONS_CHANGED = "registrations-changed"


def _registrations_changed(request, tournament, *, notice="", error=""):
    """htmx: the refreshed list (and a signal to refresh the search); else back to the page."""
    if request.htmx:
        context = registrations_context(request.user, tournament)
        response = render(
            request,
            "tournaments/_registrations.html",
            {**context, "notice": notice, "error": error},
        )
        return trigger_client_event(response, REGISTRATIONS_CHANGED)
    if error:
        messages.error(request, error)
    else:
        messages.success(request, notice)
    query = request.POST.get("q", "").strip()
    url = tournament_url(tournament) + (f"?{urlencode({'q': query})}" if query else "")
    return redirect(f"{url}#registrations")


# --- registrations ---------------------------------------------------------------


@login_required
def registration_search(request, pk):
    """htmx: the licensees matching the search box, each with a Register button."""
    tournament = managed_tournament(request, pk)
    return render(request, "tournaments/_search_results.html", search_context(request, tournament))


@login_required
@require_POST
def registration_add(request, pk):
    tournament = managed_tournament(request, pk)
    form = RegistrationAddForm(
        request.POST, licensees=permissions.licensees_registrable_by(request.user)
    )
    if not form.is_valid():
        return _registrations_changed(request, tournament, error=form_errors_text(form))
    licensee = form.cleaned_data["licensee"]
    try:
        registration = services.registration_create(
            actor=request.user, tournament=tournament, licensee=licensee
        )
    except ValidationError as exc:
        return _registrations_changed(request, tournament, error=error_text(exc))
    notice = waiting_notice(registration) or _("%(name)s is registered.") % {
        "name": licensee.full_name
    }
    return _registrations_changed(request, tournament, notice=notice)


@login_required
def registration_remove(request, pk, registration_pk):
    """GET: confirm the removal (no script); POST: remove."""
    tournament = managed_tournament(request, pk)
    registration = get_object_or_404(
        tournament.registrations.select_related("licensee"), pk=registration_pk
    )
    name = registration.licensee.full_name
    if request.method != "POST":
        return confirm_page(
            request,
            title=_("Remove a registration"),
            question=_("Remove %(name)s from “%(tournament)s”?")
            % {"name": name, "tournament": tournament.name},
            confirm_label=_("Remove"),
            cancel_url=tournament_url(tournament),
        )
    try:
        services.registration_delete(actor=request.user, registration=registration)
    except ValidationError as exc:
        return _registrations_changed(request, tournament, error=error_text(exc))
    notice = _("%(name)s is no longer registered.") % {"name": name}
    return _registrations_changed(request, tournament, notice=notice)


# --- referees --------------------------------------------------------------------


@login_required
@require_POST
def referee_assign(request, pk):
    tournament = managed_tournament(request, pk)
    form = RefereeAssignForm(request.POST, tournament=tournament)
    if not form.is_valid():
        messages.error(request, form_errors_text(form))
    else:
        service_call(
            request,
            services.referee_assign,
            done=_("The referee is assigned."),
            actor=request.user,
            tournament=tournament,
            referee=form.cleaned_data["referee"],
            grade=form.cleaned_data["grade"],
        )
    return redirect(f"{tournament_url(tournament)}#referees")


@login_required
def referee_unassign(request, pk, assignment_pk):
    """GET: confirm; POST: unassign."""
    tournament = managed_tournament(request, pk)
    assignment = get_object_or_404(
        tournament.referee_assignments.select_related("referee"), pk=assignment_pk
    )
    if request.method != "POST":
        referee = assignment.referee
        return confirm_page(
            request,
            title=_("Unassign a referee"),
            question=_("Unassign %(name)s from “%(tournament)s”?")
            % {"name": referee.get_full_name() or referee.username, "tournament": tournament.name},
            confirm_label=_("Unassign"),
            cancel_url=tournament_url(tournament),
        )
    services.referee_unassign(actor=request.user, assignment=assignment)
    messages.success(request, _("The referee is unassigned."))
    return redirect(f"{tournament_url(tournament)}#referees")
