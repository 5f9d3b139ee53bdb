"""Search and filter forms of the list pages (read only: they narrow a queryset)."""

import re

from django import forms
from django.db.models import Q, QuerySet
from django.utils.translation import gettext_lazy as _

_LICENCE_SEPARATORS = re.compile(r"[\s.\-]")


class LicenseeSearchForm(forms.Form):
    """Every word must match a last name, a first name or the start of a licence number."""

    q = forms.CharField(label=_("Name or licence number"), required=False, max_length=100)

    @property
    def terms(self) -> list[str]:
        """The words searched; a licence number typed with separators stays one word."""
        query = self.cleaned_data.get("q", "") if self.is_valid() else ""
        digits = _LICENCE_SEPARATORS.sub("", query)
        return [digits] if digits.isdigit() else query.split()

    def filter(self, queryset: QuerySet) -> QuerySet:
        for term in self.terms:
            queryset = queryset.filter(
                Q(last_name__icontains=term)
                | Q(first_name__icontains=term)
                | Q(licence_number__startswith=term)
            )
        return queryset
