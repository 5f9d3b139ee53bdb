from django.shortcuts import render

from apps.tournaments.selectors import tournaments_recent_results, tournaments_upcoming_public


def home(request):
    return render(
        request,
        "core/home.html",
        {
            "upcoming": tournaments_upcoming_public(),
            "results": tournaments_recent_results(),
        },
    )
