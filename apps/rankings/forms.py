"""The ranking pages' forms: the list's filters, and the séries rules of a season."""

from django import forms
from django.utils.translation import gettext_lazy as _

from apps.federation.models import Club, Committee, Licensee, Zone
from apps.rankings.models import SeriesRule
from apps.rankings.selectors import RowFilter


class RankingFilterForm(forms.Form):
    q = forms.CharField(label=_("Name or licence"), required=False, max_length=100)
    club = forms.ModelChoiceField(
        label=_("Club"), queryset=Club.objects.order_by("name"), required=False
    )
    committee = forms.ModelChoiceField(
        label=_("Committee"), queryset=Committee.objects.order_by("name"), required=False
    )
    zone = forms.ModelChoiceField(
        label=_("Zone"), queryset=Zone.objects.order_by("name"), required=False
    )
    series = forms.ChoiceField(
        label=_("Series"), choices=[("", "—"), *Licensee.Series.choices], required=False
    )

    def found(self, **fixed) -> RowFilter:
        """The filter asked for (an invalid field is ignored), with ``fixed`` on top: the
        club or committee of a page that ranks its own players."""
        data = self.cleaned_data if self.is_valid() else {}
        values = {
            "text": data.get("q", ""),
            "club_id": data["club"].pk if data.get("club") else None,
            "committee_id": data["committee"].pk if data.get("committee") else None,
            "zone_id": data["zone"].pk if data.get("zone") else None,
            "series": data.get("series", ""),
        }
        return RowFilter(**{**values, **fixed})


BLANK = [("", "—")]  # a row left blank adds no rule


class SeriesRuleForm(forms.Form):
    series = forms.ChoiceField(label=_("Series"), choices=BLANK + SeriesRule.SERIES)
    purpose = forms.ChoiceField(label=_("Rule"), choices=BLANK + SeriesRule.Purpose.choices)
    measure = forms.ChoiceField(label=_("Measure"), choices=BLANK + SeriesRule.Measure.choices)
    threshold = forms.IntegerField(label=_("Threshold"), min_value=1, max_value=1_000_000)


SeriesRuleFormSet = forms.formset_factory(
    SeriesRuleForm, extra=2, can_delete=True, max_num=30, validate_max=True
)


def rules_of(formset) -> list[dict]:
    """The rules a valid formset keeps (its blank and deleted rows left out)."""
    return [
        {name: form.cleaned_data[name] for name in ("series", "purpose", "measure", "threshold")}
        for form in formset.forms
        if form.cleaned_data and not form.cleaned_data.get("DELETE")
    ]
