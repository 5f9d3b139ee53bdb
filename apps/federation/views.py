"""Federation area (federation, zone and committee staff) and the club's licensee list.

Each page shows what the permission layer's selectors give the user, nothing more.
"""

from django.db.models import Count
from django.shortcuts import render

from apps.accounts import permissions
from apps.core.pages import area_required, page_of
from apps.federation.forms import LicenseeSearchForm, TournamentFilterForm
from apps.tournaments.models import Tournament

federation_area = area_required(permissions.can_use_federation_area)


@federation_area
def home(request):
    user = request.user
    counts = dict(
        permissions.tournaments_in_scope(user)
        .order_by()
        .values_list("status")
        .annotate(n=Count("pk"))
    )
    statuses = [(choice, counts.get(choice.value, 0)) for choice in Tournament.StatusChoice]
    return render(
        request,
        "federation/home.html",
        {
            "clubs_count": permissions.clubs_for_user(user).count(),
            "licensees_count": permissions.licensees_for_user(user).count(),
            "tournaments_count": sum(counts.values()),
            "statuses": statuses,
            "tab": "home",
        },
    )


@federation_area
def clubs(request):
    queryset = (
        permissions.clubs_for_user(request.user)
        .annotate(licensee_count=Count("licensees"))
        .order_by("name")
    )
    return render(
        request, "federation/clubs.html", {"page": page_of(request, queryset), "tab": "clubs"}
    )


def _licensee_list(request, queryset, **context):
    """Searchable, paginated licensee list (federation area and club area)."""
    search = LicenseeSearchForm(request.GET)
    page = page_of(request, search.filter(queryset).order_by("last_name", "first_name", "pk"))
    return render(request, "federation/licensees.html", {"search": search, "page": page, **context})


@federation_area
def licensees(request):
    return _licensee_list(request, permissions.licensees_for_user(request.user), tab="licensees")


@area_required(permissions.can_use_club_area)
def club_licensees(request):
    user = request.user
    queryset = permissions.licensees_for_user(user).filter(
        club__in=permissions.clubs_managed_by(user)
    )
    return _licensee_list(request, queryset, club_area=True)


@federation_area
def tournaments(request):
    filters = TournamentFilterForm(request.GET)
    queryset = (
        filters.filter(permissions.tournaments_in_scope(request.user))
        .annotate(registered=Count("registrations"))
        .order_by("-date", "name")
    )
    return render(
        request,
        "federation/tournaments.html",
        {"filters": filters, "page": page_of(request, queryset), "tab": "tournaments"},
    )
