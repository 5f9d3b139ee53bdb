"""Reads of licensees shared by the pages and the API, and the staff area's title."""

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from apps.accounts.permissions import roles_of
from apps.federation.domain.search import search_terms
from apps.federation.models import Committee, Zone


def licensees_matching(queryset: QuerySet, query: str) -> QuerySet:
    """Every word of the query (``search_terms``) matches a last name, a first name or the
    start of a licence number: the licensee search of the pages and of the API."""
    for term in search_terms(query):
        queryset = queryset.filter(
            Q(last_name__icontains=term)
            | Q(first_name__icontains=term)
            | Q(licence_number__startswith=term)
        )
    return queryset


def area_title(user) -> str:
    """The staff area's title at the user's level: the federation's, else the zones' or
    the committees' the user works for, named."""
    roles = roles_of(user)
    if roles.federation:
        return _("Federation area")
    if roles.zone_ids:
        zones = Zone.objects.filter(pk__in=roles.zone_ids).order_by("name")
        return _("Zone area — %(names)s") % {"names": ", ".join(map(str, zones))}
    committees = Committee.objects.filter(pk__in=roles.committee_ids).order_by("name")
    return _("Committee area — %(names)s") % {"names": ", ".join(map(str, committees))}
