"""Federation area (federation, zone and committee staff) and the club's licensee list.

Each page shows what the permission layer's selectors give the user, nothing more.
"""

from django.db.models import Count
from django.shortcuts import render

from apps.accounts.permissions import can_use_club_area, can_use_federation_area
from apps.core.pages import area_required, page_of
from apps.federation import permissions
from apps.federation.forms import LicenseeSearchForm

federation_area = area_required(can_use_federation_area)


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


@area_required(can_use_club_area)
def club_licensees(request):
    user = request.user
    queryset = permissions.licensees_for_user(user).filter(
        club__in=permissions.clubs_managed_by(user)
    )
    return _licensee_list(request, queryset, club_area=True)
