"""The incidents page of a session: the referee's rulings, live and cancelled, the form to
record one (the fault searched in the catalogue as the referee types, the players offered
from the chosen table) and the cancelling of one, confirmed first.

The assigned referees and federation staff rule; whoever oversees the tournament reads.
"""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from apps.core.pages import confirm_page, post_or_back, service_call
from apps.penalties import services
from apps.penalties.forms import IncidentCancelForm, IncidentChoices, IncidentForm
from apps.penalties.models import Incident
from apps.tournaments import permissions
from apps.tournaments.pages import session_page

CONFIRMED = "confirmed"


def page_url(session) -> str:
    return reverse("penalties:incidents", args=[session.pk])


def _incidents(session) -> list[Incident]:
    return list(
        Incident.objects.filter(session=session)
        .select_related("fault", "table", "created_by", "cancelled_by")
        .prefetch_related("players__licensee")
        .order_by("-created_at", "-pk")
    )


def _page(request, session, *, form=None, cancelled=None, status=200):
    """The incidents page; ``form`` or ``cancelled`` (an incident with its bound cancel
    form) hold what was posted with errors, shown in place."""
    can_rule = permissions.can_record_incidents(request.user, session.tournament)
    incidents = _incidents(session)
    for incident in incidents:
        if cancelled and incident.pk == cancelled[0]:
            incident.cancel_form = cancelled[1]
    context = {
        "session": session,
        "tournament": session.tournament,
        "incidents": incidents,
        "can_rule": can_rule,
    }
    if can_rule:
        form = form or IncidentForm(choices=IncidentChoices.of(session))
        context.update(form=form, faults=form.fault_options(), players=form.player_options())
    return render(request, "penalties/page.html", context, status=status)


@login_required
def incidents_page(request, pk):
    session = session_page(request, pk, permissions.can_oversee_tournament)
    if request.method != "POST":
        return _page(request, session)
    if not permissions.can_record_incidents(request.user, session.tournament):
        raise PermissionDenied
    form = IncidentForm(request.POST, choices=IncidentChoices.of(session))
    if form.is_valid() and service_call(
        request,
        services.incident_record,
        form=form,
        done=lambda incident: _("Incident recorded: %(incident)s.") % {"incident": incident},
        actor=request.user,
        session=session,
        **form.ruling(),
    ):
        return redirect(page_url(session))
    return _page(request, session, form=form, status=400)


def _choosing(request, pk) -> IncidentForm:
    """The form as typed so far, for the parts htmx refreshes."""
    session = session_page(request, pk, permissions.can_record_incidents)
    return IncidentForm(request.GET, choices=IncidentChoices.of(session))


@login_required
def fault_search(request, pk):
    """htmx: the catalogue's faults whose wording holds the words typed."""
    form = _choosing(request, pk)
    faults = form.fault_options(request.GET.get("q", ""))
    return render(request, "penalties/_faults.html", {"faults": faults})


@login_required
def players_choice(request, pk):
    """htmx: the players to choose from at the chosen table."""
    form = _choosing(request, pk)
    return render(request, "penalties/_players.html", {"players": form.player_options()})


@login_required
@post_or_back("penalties:incidents")
def incident_cancel(request, pk, incident):
    session = session_page(request, pk, permissions.can_record_incidents)
    incident = get_object_or_404(
        Incident.objects.select_related("fault"), pk=incident, session=session
    )
    form = IncidentCancelForm(request.POST)
    if not form.is_valid():
        return _page(request, session, cancelled=(incident.pk, form), status=400)
    if CONFIRMED not in request.POST:
        return confirm_page(
            request,
            title=_("Cancel an incident"),
            question=_("Cancel « %(incident)s »?") % {"incident": incident},
            hint=_("Its penalty and adjusted score no longer count; the incident stays listed."),
            confirm_label=_("Cancel the incident"),
            cancel_url=page_url(session),
            fields={"reason": form.cleaned_data["reason"], CONFIRMED: "1"},
        )
    service_call(
        request,
        services.incident_cancel,
        done=_("Incident cancelled: %(incident)s.") % {"incident": incident},
        actor=request.user,
        incident=incident,
        reason=form.cleaned_data["reason"],
    )
    return redirect(page_url(session))
