"""Form fields shared by every app's forms."""

from django import forms
from django.db import models


class FrenchDecimalField(forms.DecimalField):
    """A decimal typed as the French write it, « 12,5 » (« 12.5 » read too), shown back with
    its comma, in a text box that opens a phone's decimal keypad: every decimal typed on a
    page (forms, model forms, the admin) uses it."""

    def __init__(self, **kwargs):
        kwargs.setdefault("localize", True)
        super().__init__(**kwargs)

    def widget_attrs(self, widget):
        return {**super().widget_attrs(widget), "inputmode": "decimal"}


def french_formfield(db_field, **kwargs):
    """A model form's ``formfield_callback``: its decimals are ``FrenchDecimalField``."""
    if isinstance(db_field, models.DecimalField) and not db_field.choices:
        kwargs.setdefault("form_class", FrenchDecimalField)
    return db_field.formfield(**kwargs)
