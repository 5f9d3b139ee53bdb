"""Page helpers: a view's address reversed once for many links."""

import pytest
from django import forms
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied, ValidationError
from django.test import RequestFactory
from django.urls import reverse

from apps.core.pages import form_errors_named, form_errors_text, service_call, url_around


def test_the_address_around_the_last_argument_reads_as_reverse_gives_it():
    before, after = url_around("scoring:traveller", 12)
    assert f"{before}7{after}" == reverse("scoring:traveller", args=[12, 7])
    before, after = url_around("scoring:table", 3)
    assert f"{before}456{after}" == reverse("scoring:table", args=[3, 456])


# --- service_call: a view calls a service -------------------------------------------


def _request():
    request = RequestFactory().post("/")
    request.session = {}
    request._messages = FallbackStorage(request)
    return request


def _refused(**arguments):
    raise ValidationError({"name": "Le nom est pris.", "date": "Date passée."})


def test_a_service_done_is_said():
    request, written = _request(), []
    assert service_call(request, lambda **kw: written.append(kw), done="Fait.", actor="x")
    assert written == [{"actor": "x"}]
    assert [str(m) for m in get_messages(request)] == ["Fait."]


def test_a_refusal_becomes_the_forms_errors_and_nothing_is_said_done():
    class NameForm(forms.Form):
        name = forms.CharField()

    request, form = _request(), NameForm({"name": "Open"})
    assert form.is_valid()
    assert not service_call(request, _refused, form=form, done="Fait.")
    assert form.errors == {"name": ["Le nom est pris."], "__all__": ["Date passée."]}
    assert list(get_messages(request)) == []


def test_a_form_names_its_fields_for_the_services_names():
    class DateForm(forms.Form):
        service_fields = {"date": "day", NON_FIELD_ERRORS: "day"}
        day = forms.CharField()

    form = DateForm({"day": "lundi"})
    assert form.is_valid()
    assert not service_call(_request(), _refused, form=form)
    assert form.errors == {"day": ["Date passée."], "__all__": ["Le nom est pris."]}

    def refused_plainly():
        raise ValidationError("Fichier illisible.")

    form = DateForm({"day": "lundi"})
    assert form.is_valid() and not service_call(_request(), refused_plainly, form=form)
    assert form.errors == {"day": ["Fichier illisible."]}  # a refusal naming no field


def test_a_refusal_without_a_form_is_a_message():
    request = _request()
    assert not service_call(request, _refused, done="Fait.")
    messages_shown = [(m.level_tag, str(m)) for m in get_messages(request)]
    assert messages_shown == [("error", "Le nom est pris. Date passée.")]


def test_a_denial_is_not_a_refusal():
    def denied():
        raise PermissionDenied

    with pytest.raises(PermissionDenied):
        service_call(_request(), denied)


def test_a_service_done_gives_its_result_and_may_say_it():
    """A view that needs what the service made (the new object, a count) reads it from
    the call, and the message may say it."""
    request = _request()
    called = service_call(request, lambda **kw: 3, done=lambda count: f"{count} appliqués.")
    assert called and called.result == 3
    assert [str(m) for m in get_messages(request)] == ["3 appliqués."]


def test_a_service_done_with_nothing_to_return_is_still_done():
    called = service_call(_request(), lambda: None)
    assert called and called.result is None
    refused = service_call(_request(), _refused)
    assert not refused and refused.result is None


# --- a form answered by a message names its fields ------------------------------------


class _ChoiceForm(forms.Form):
    committee = forms.ChoiceField(label="Comité", choices=[("", "---------"), ("1", "Nord")])
    rate = forms.DecimalField(label="Participation", min_value=0)


def test_a_required_choice_left_empty_is_named_in_the_message():
    form = _ChoiceForm({"committee": "", "rate": "-1"})
    assert not form.is_valid()
    assert form_errors_named(form) == [
        "Comité : Ce champ est obligatoire.",
        "Participation : Assurez-vous que cette valeur est supérieure ou égale à 0.",
    ]
    assert form_errors_text(form) == " ".join(form_errors_named(form))


def test_an_error_of_the_whole_form_keeps_its_words_alone():
    form = _ChoiceForm({"committee": "1", "rate": "1"})
    assert form.is_valid()
    form.add_error(None, "Déjà enregistré.")
    assert form_errors_named(form) == ["Déjà enregistré."]
