"""The public home page and the player's own page."""

from django.shortcuts import render

from apps.accounts.permissions import roles_of
from apps.core.panels import panels_for
from apps.tournaments.pages import player_area
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


@player_area
def player_home(request):
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
