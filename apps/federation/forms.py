"""Search and filter forms of the list pages (read only: they narrow a queryset)."""

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from apps.federation.domain.search import SEARCH_MAX_LENGTH, search_terms
from apps.federation.selectors import licensees_matching


class LicenseeSearchForm(forms.Form):
    """Every word must match a last name, a first name or the start of a licence number."""

    q = forms.CharField(
        label=_("Name or licence number"), required=False, max_length=SEARCH_MAX_LENGTH
    )

    @property
    def query(self) -> str:
        return self.cleaned_data.get("q", "") if self.is_valid() else ""

    @property
    def terms(self) -> list[str]:
        """The words searched (``search_terms``)."""
        return search_terms(self.query)

    def filter(self, queryset: QuerySet) -> QuerySet:
        return licensees_matching(queryset, self.query)
