"""Referee area: the tournaments a referee is assigned to and each tournament's room."""

from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.shortcuts import get_object_or_404, render

from apps.accounts.permissions import can_use_referee_area
from apps.core.pages import area_required, page_of
from apps.core.panels import panels_for
from apps.tournaments import permissions
from apps.tournaments.views import registrations_context, transition_buttons


@area_required(can_use_referee_area)
def referee_home(request):
    tournaments = (
        permissions.tournaments_refereed_by(request.user)
        .annotate(registered=Count("registrations"))
        .order_by("-date", "name")
    )
    return render(request, "tournaments/referee_home.html", {"page": page_of(request, tournaments)})


@area_required(can_use_referee_area)
def referee_room(request, pk):
    tournament = get_object_or_404(
        permissions.tournaments_for_user(request.user).prefetch_related("sessions"),
        pk=pk,
    )
    if not permissions.can_referee_tournament(request.user, tournament):
        raise PermissionDenied
    return render(
        request,
        "tournaments/referee_room.html",
        {
            **registrations_context(request.user, tournament),
            "transitions": transition_buttons(request.user, tournament),
            "time_sessions": permissions.can_set_session_times(request.user, tournament),
            "panels": panels_for("referee_room", request.user, tournament),
        },
    )
