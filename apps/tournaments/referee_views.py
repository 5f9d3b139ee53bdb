"""Referee area: the tournaments a referee is assigned to and each tournament's room."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from apps.accounts.permissions import can_use_referee_area
from apps.core.pages import area_required, page_of, service_call
from apps.core.panels import panels_for
from apps.tournaments import permissions, services
from apps.tournaments.forms import GuestForm
from apps.tournaments.selectors import with_player_counts
from apps.tournaments.views import registrations_context, transition_buttons, waiting_notice


@area_required(can_use_referee_area)
def referee_home(request):
    tournaments = with_player_counts(permissions.tournaments_refereed_by(request.user)).order_by(
        "-date", "name"
    )
    return render(request, "tournaments/referee_home.html", {"page": page_of(request, tournaments)})


def _refereed(request, pk):
    tournament = get_object_or_404(
        permissions.tournaments_for_user(request.user).prefetch_related("sessions"),
        pk=pk,
    )
    if not permissions.can_referee_tournament(request.user, tournament):
        raise PermissionDenied
    return tournament


@area_required(can_use_referee_area)
def referee_room(request, pk, guest_form=None, status=200):
    tournament = _refereed(request, pk)
    can_add_guest = permissions.can_add_guest(request.user, tournament)
    return render(
        request,
        "tournaments/referee_room.html",
        {
            **registrations_context(request.user, tournament),
            "transitions": transition_buttons(request.user, tournament),
            "time_sessions": permissions.can_set_session_times(request.user, tournament),
            "panels": panels_for("referee_room", request.user, tournament),
            "guest_form": (guest_form or GuestForm()) if can_add_guest else None,
        },
        status=status,
    )


@area_required(can_use_referee_area)
@require_POST
def guest_add(request, pk):
    """Register a guest without a licence (no PCN); during play, the movement page seats
    them as a late arrival."""
    tournament = _refereed(request, pk)
    form = GuestForm(request.POST)
    created = form.is_valid() and service_call(
        request,
        services.registration_guest_create,
        form=form,
        actor=request.user,
        tournament=tournament,
        **form.cleaned_data,
    )
    if created:
        registration = created.result
        if registration.waiting:
            messages.warning(request, waiting_notice(registration))
        else:
            name = registration.licensee.full_name
            messages.success(
                request, _("%(name)s plays as a guest without a licence (no PCN).") % {"name": name}
            )
        return redirect(f"{reverse('tournaments:referee_room', args=[pk])}#guest")
    return referee_room(request, pk, guest_form=form, status=400)
