"""A required choice with no default reads « — choisir — » (apps/core's select templates);
an optional one keeps its empty line as Django writes it."""

from django import forms
from django.utils import translation


class _Form(forms.Form):
    committee = forms.ChoiceField(label="Comité", choices=[("", "---------"), ("1", "Nord")])
    club = forms.ChoiceField(
        label="Club", choices=[("", "---------"), ("2", "Lyon")], required=False
    )
    series = forms.ChoiceField(label="Série", choices=[("P", "Promotion"), ("E", "Excellence")])


def _options(html: str) -> list[str]:
    return [part.split(">", 1)[1].split("<", 1)[0] for part in html.split("<option")[1:]]


def test_a_required_choice_with_no_default_asks_to_choose():
    with translation.override("fr"):
        form = _Form()
        assert _options(str(form["committee"])) == ["— choisir —", "Nord"]
        assert "required" in str(form["committee"])


def test_an_optional_choice_and_a_choice_without_blank_are_left_as_they_are():
    with translation.override("fr"):
        form = _Form()
        assert _options(str(form["club"])) == ["---------", "Lyon"]
        assert _options(str(form["series"])) == ["Promotion", "Excellence"]


def test_the_chosen_value_stays_selected():
    form = _Form({"committee": "1", "series": "E"})
    assert '<option value="1" selected>Nord</option>' in str(form["committee"])
