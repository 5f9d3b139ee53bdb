"""Forms of the belote pages: drawing the rounds and writing a deal on a match's sheet."""

from django import forms
from django.utils.translation import gettext_lazy as _

from apps.games.models import BeloteDeal
from apps.games.services import ROUND_ROBIN, STANDINGS


class DrawForm(forms.Form):
    pairing = forms.ChoiceField(
        label=_("Pairing"),
        choices=[
            (ROUND_ROBIN, _("round robin: every round at once, each player meets every other")),
            (STANDINGS, _("next round paired by the standings")),
        ],
    )


def _points(label) -> forms.IntegerField:
    return forms.IntegerField(label=label, min_value=0, max_value=999, initial=0)


class DealForm(forms.Form):
    """A deal as the sheet writes it; ``first`` and ``second`` are the players' names."""

    contract = forms.ChoiceField(label=_("Contract"), choices=BeloteDeal.ContractChoice.choices)
    chooser = forms.TypedChoiceField(label=_("Playing player"), coerce=int, empty_value=None)
    tricks_first = _points(_("Card points"))
    tricks_second = _points(_("Card points"))
    last_trick = forms.TypedChoiceField(label=_("Last trick"), coerce=int)
    combinations_first = _points(_("Combinations"))
    combinations_second = _points(_("Combinations"))
    belotes_first = forms.IntegerField(label=_("Belotes"), min_value=0, max_value=4, initial=0)
    belotes_second = forms.IntegerField(label=_("Belotes"), min_value=0, max_value=4, initial=0)
    finish = forms.TypedChoiceField(
        label=_("« Finish » declared by"), coerce=int, empty_value=None, required=False
    )

    def __init__(self, *args, first: str, second: str, **kwargs):
        super().__init__(*args, **kwargs)
        players = [(0, first), (1, second)]
        self.fields["chooser"].choices = [("", _("nobody (all pass)")), *players]
        self.fields["chooser"].required = False
        self.fields["last_trick"].choices = players
        self.fields["finish"].choices = [("", _("nobody")), *players]

    def entry(self) -> dict:
        """The deal as ``belote_deal_add`` takes it."""
        data = self.cleaned_data
        return {
            "contract": data["contract"],
            "chooser": data["chooser"],
            "tricks": (data["tricks_first"], data["tricks_second"]),
            "last_trick": data["last_trick"],
            "combinations": (data["combinations_first"], data["combinations_second"]),
            "belotes": (data["belotes_first"], data["belotes_second"]),
            "finish": data["finish"],
        }
