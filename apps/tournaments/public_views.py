"""The public home page and the player's own page."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.utils.translation import gettext as _

from apps.accounts.permissions import can_use_player_area, roles_of
from apps.core.panels import panels_for
from apps.tournaments.selectors import (
    licensee_own,
    registrations_of_licensee,
    tournaments_recent_results,
    tournaments_upcoming_public,
)


def home(request):
    return render(
        request,
        "tournaments/home.html",
        {
            "upcoming": tournaments_upcoming_public(),
            "results": tournaments_recent_results(),
        },
    )


@login_required
def player_home(request):
    if not can_use_player_area(request.user):
        raise PermissionDenied(_("Your account is not linked to a licensee."))
    licensee = licensee_own(roles_of(request.user).licensee_id)
    return render(
        request,
        "tournaments/player_home.html",
        {
            "licensee": licensee,
            "registrations": registrations_of_licensee(licensee),
            "panels": panels_for("player_home", request.user),
        },
    )
