"""The form of one traveller line: the taker's score as written, or the deal's details
(bouts, points, poignées, petit au bout, chelem) to turn into the Garde score. The
services check the rules and the permissions."""

import re

from django import forms
from django.utils.translation import gettext_lazy as _

from apps.core.forms import FrenchDecimalField
from apps.scoring.domain.deal import CARD_POINTS, Chelem, Deal, Poignee, Side, duplicate_score
from apps.scoring.services import sentence

MINUS_SIGNS = str.maketrans({"\u2212": "-", "\u2013": "-"})  # minus sign, en dash
MAX_POIGNEES = 4  # one per player


# What a referee types: ASCII digits only (Python's int() would also take Arabic-Indic or
# full-width digits, or "5_6"), a score with one sign at most, card points with one decimal.
SCORE = re.compile(r"[+-]?[0-9]{1,6}")
COUNT = re.compile(r"[0-9]{1,2}")
POINTS = re.compile(r"[0-9]{1,2}([.,][0-9])?")


class ScoreField(forms.Field):
    """A whole score, signed as on the traveller: "56", "+56", "-56" (or with a minus sign)."""

    def to_python(self, value):
        value = (value or "").translate(MINUS_SIGNS).strip()
        if not value:
            return None
        if not SCORE.fullmatch(value):
            raise forms.ValidationError(
                _("Type the score as a whole number, for example 56 or -56."), code="invalid"
            )
        return int(value)


class AsciiNumberMixin:
    """A number field that takes ASCII digits only, as its `pattern` allows."""

    pattern: re.Pattern

    def to_python(self, value):
        text = "" if value is None else str(value).strip()
        if text and not self.pattern.fullmatch(text):
            raise forms.ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(text)


class CountField(AsciiNumberMixin, forms.IntegerField):
    pattern = COUNT


class PointsField(AsciiNumberMixin, FrenchDecimalField):
    pattern = POINTS


def _count_field(label):
    return CountField(label=label, min_value=0, max_value=MAX_POIGNEES, required=False)


class LineForm(forms.Form):
    """A score, or the details of the deal; empty means nothing to enter."""

    score = ScoreField(label=_("Score"), required=False)
    bouts = CountField(label=_("Bouts"), min_value=0, max_value=3, required=False)
    points = PointsField(
        label=_("Points"),
        min_value=0,
        max_value=CARD_POINTS,
        decimal_places=1,
        required=False,
        help_text=_("The taker's card points (halves allowed)."),
    )
    simple = _count_field(_("Simple poignées"))
    double = _count_field(_("Double poignées"))
    triple = _count_field(_("Triple poignées"))
    petit_au_bout = forms.ChoiceField(
        label=_("Petit au bout"),
        choices=[("", _("none")), (Side.TAKER, _("taker")), (Side.DEFENSE, _("defence"))],
        required=False,
    )
    chelem = forms.ChoiceField(
        label=_("Chelem"),
        choices=[
            ("", _("none")),
            (Chelem.ANNOUNCED_MADE, _("announced and made")),
            (Chelem.MADE, _("made, not announced")),
            (Chelem.ANNOUNCED_FAILED, _("announced and failed")),
            (Chelem.DEFENSE, _("made by the defence")),
        ],
        required=False,
    )

    DETAILS = ("bouts", "points", "simple", "double", "triple", "petit_au_bout", "chelem")

    def _details_given(self) -> bool:
        return any(self.cleaned_data.get(name) not in (None, "") for name in self.DETAILS)

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        data["deal"] = None
        if self._details_given():
            data["deal"] = self._deal(data)
            # The score shown beside the details it comes from may be sent back with them.
            if data.get("score") is not None and data["score"] != duplicate_score(data["deal"]):
                raise forms.ValidationError(
                    _("The score differs from the deal's details: clear one of them.")
                )
        return data

    def _deal(self, data) -> Deal:
        if data.get("bouts") is None or data.get("points") is None:
            raise forms.ValidationError(_("Give the taker's bouts and points."))
        points = data["points"]
        poignees = tuple(
            poignee for poignee in Poignee for _count in range(data.get(poignee.value) or 0)
        )
        try:
            return Deal(
                bouts=data["bouts"],
                points=int(points) if points == int(points) else float(points),
                poignees=poignees,
                petit_au_bout=data["petit_au_bout"] or None,
                chelem=data["chelem"] or None,
                **self.deal_terms(data),
            )
        except ValueError as exc:
            raise forms.ValidationError(sentence(str(exc))) from exc

    def deal_terms(self, data) -> dict:
        """The contract and number of players of the deal: duplicate's imposed Garde at 4
        unless a form for another game says otherwise."""
        return {}

    def entry(self) -> dict | None:
        """What the service takes: {"score": …} or {"deal": …}; None when left empty."""
        if self.cleaned_data["deal"] is not None:
            return {"deal": self.cleaned_data["deal"]}
        if self.cleaned_data["score"] is not None:
            return {"score": self.cleaned_data["score"]}
        return None


class NotPlayedForm(forms.Form):
    """The referee's statement that a line without a score was not played."""

    table = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    etui = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    note = forms.CharField(
        label=_("What happened"),
        max_length=500,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": _("e.g. stopped for lack of time")}),
    )
