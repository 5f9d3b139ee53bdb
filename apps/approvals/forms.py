"""The inbox's filters: season, club, level."""

from django import forms
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _

from apps.approvals.domain.chain import Level
from apps.federation.domain.seasons import SeasonSpan
from apps.federation.models import Season
from apps.federation.permissions import clubs_for_user

LEVEL_CHOICES = [
    ("", _("All levels")),
    (Level.ORGANISER, _("with its organiser")),
    (Level.COMMITTEE, _("at the committee")),
    (Level.ZONE, _("at the zone")),
    (Level.FEDERATION, _("at the federation")),
    (Level.APPROVED, _("approved")),
]


class InboxFilterForm(forms.Form):
    season = forms.ModelChoiceField(
        label=_("Season"), queryset=Season.objects.all(), required=False
    )
    club = forms.ModelChoiceField(label=_("Club"), queryset=None, required=False)
    level = forms.ChoiceField(label=_("Status"), choices=LEVEL_CHOICES, required=False)

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].queryset = clubs_for_user(user)

    def filter(self, queryset: QuerySet) -> QuerySet:
        data = self.cleaned_data if self.is_bound and self.is_valid() else {}
        if data.get("season"):
            span = SeasonSpan(data["season"].start_year)
            queryset = queryset.filter(date__range=(span.start, span.end))
        if data.get("club"):
            queryset = queryset.filter(club=data["club"])
        if data.get("level"):
            queryset = queryset.filter(level=data["level"])
        return queryset
