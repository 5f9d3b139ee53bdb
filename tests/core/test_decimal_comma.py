"""Decimals are read as the French write them, « 12,5 », wherever one is typed: every
decimal field of the pages' forms, model forms and the admin (apps.core.forms)."""

import importlib
from decimal import Decimal
from pathlib import Path

import pytest
from django import forms
from django.conf import settings
from django.contrib import admin
from django.db import models

from apps.core.forms import FrenchDecimalField
from apps.penalties.forms import IncidentForm
from apps.tournaments.forms import TournamentForm

APPS = Path(settings.BASE_DIR) / "apps"


def _all_forms() -> list[type[forms.BaseForm]]:
    """Every form class of the apps (their forms and views modules imported first)."""
    for path in [*APPS.glob("*/forms.py"), *APPS.glob("*/*views.py")]:
        importlib.import_module(".".join(path.relative_to(settings.BASE_DIR).with_suffix("").parts))
    found, todo = [], [forms.BaseForm]
    while todo:
        for sub in todo.pop().__subclasses__():
            todo.append(sub)
            if sub.__module__.startswith("apps."):
                found.append(sub)
    return found


def _decimal_fields(form_class) -> list[tuple[str, forms.Field]]:
    return [
        (name, field)
        for name, field in form_class.base_fields.items()
        if isinstance(field, forms.DecimalField | forms.FloatField)
    ]


def test_the_field_reads_a_comma_and_a_point_and_shows_a_comma():
    field = FrenchDecimalField(decimal_places=2, required=False)
    assert field.clean("12,5") == field.clean("12.5") == field.clean(" 12,50 ") == Decimal("12.5")
    assert field.widget.attrs["inputmode"] == "decimal"
    assert field.widget.input_type == "text"  # a number box refuses the comma
    assert "12,5" in field.widget.render("x", Decimal("12.5"))
    with pytest.raises(forms.ValidationError):
        field.clean("12,5,1")


def test_every_decimal_typed_in_a_form_takes_a_comma():
    fields = [(f, n, fld) for f in _all_forms() for n, fld in _decimal_fields(f)]
    names = {f"{f.__name__}.{n}" for f, n, _fld in fields}
    assert {"TournamentForm.index", "TournamentForm.entry_fee", "LineForm.points"} <= names
    assert {"IncidentForm.penalty_percent", "ExtrasForm.set_cup"} <= names
    assert "CommitteeRateForm.rate" in names
    refused = [f"{f.__name__}.{n}" for f, n, fld in fields if fld.clean("12,5") != Decimal("12.5")]
    assert refused == []


@pytest.mark.django_db  # the form checks the tournament's constraints, the index's included
@pytest.mark.parametrize("value", ["1,5", "1.5"])
def test_the_tournament_form_reads_the_index_and_fee_with_a_comma(value):
    form = TournamentForm(data={"index": value, "entry_fee": "12,5"})
    form.is_valid()
    assert "index" not in form.errors and "entry_fee" not in form.errors
    assert form.cleaned_data["index"] == Decimal("1.5")
    assert form.cleaned_data["entry_fee"] == Decimal("12.5")


def test_every_decimal_of_the_admin_takes_a_comma():
    checked = []
    for model, model_admin in admin.site._registry.items():
        admins = [model_admin, *(i(model, admin.site) for i in model_admin.inlines)]
        for each in admins:
            for db_field in each.model._meta.fields:
                if isinstance(db_field, models.DecimalField) and not db_field.choices:
                    field = each.formfield_for_dbfield(db_field, request=None)
                    checked.append(f"{each.model.__name__}.{db_field.name}")
                    assert field.clean("0,5") == Decimal("0.5"), checked[-1]
    assert {"Tournament.index", "Session.coefficient", "Fault.penalty_percent"} <= set(checked)


def test_the_incident_forms_penalty_is_one_of_them():
    assert isinstance(IncidentForm.base_fields["penalty_percent"], FrenchDecimalField)
