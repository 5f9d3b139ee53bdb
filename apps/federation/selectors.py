"""Reads of licensees shared by the pages and the API."""

from django.db.models import Q, QuerySet

from apps.federation.domain.search import search_terms


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
