"""The federation area's pages about tournaments (federation, zone and committee staff): the
area's home with its counts, and the tournaments in scope."""

from django.db.models import Count
from django.shortcuts import render

from apps.accounts.permissions import can_use_federation_area
from apps.core.pages import area_required, page_of
from apps.core.panels import panels_for
from apps.federation.permissions import clubs_for_user, licensees_for_user
from apps.federation.selectors import area_title
from apps.tournaments.forms import TournamentFilterForm
from apps.tournaments.models import Tournament
from apps.tournaments.permissions import tournaments_in_scope
from apps.tournaments.selectors import with_player_counts

federation_area = area_required(can_use_federation_area)


@federation_area
def home(request):
    user = request.user
    counts = dict(
        tournaments_in_scope(user).order_by().values_list("status").annotate(n=Count("pk"))
    )
    statuses = [(choice, counts.get(choice.value, 0)) for choice in Tournament.StatusChoice]
    return render(
        request,
        "federation/home.html",
        {
            "title": area_title(user),
            "clubs_count": clubs_for_user(user).count(),
            "licensees_count": licensees_for_user(user).count(),
            "tournaments_count": sum(counts.values()),
            "statuses": statuses,
            "tab": "home",
            "panels": panels_for("federation_home", user),
        },
    )


@federation_area
def tournaments(request):
    filters = TournamentFilterForm(request.GET)
    queryset = with_player_counts(filters.filter(tournaments_in_scope(request.user))).order_by(
        "-date", "name"
    )
    return render(
        request,
        "federation/tournaments.html",
        {"filters": filters, "page": page_of(request, queryset), "tab": "tournaments"},
    )
