"""How the services' exceptions become API answers."""

from types import SimpleNamespace

import pytest
from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied, ValidationError
from rest_framework import exceptions

from apps.accounts.api import ScopedViewSetMixin, service_error_detail


def _view() -> ScopedViewSetMixin:
    view = ScopedViewSetMixin()
    view.request = SimpleNamespace(user="actor")
    return view


def _raise(exc):
    def service(*, actor, **kwargs):
        raise exc

    return service


def test_field_errors_keep_their_field_and_code():
    detail = service_error_detail(ValidationError({"sessions": ValidationError("Too many", "max")}))
    assert detail == {"sessions": ["Too many"]}
    assert detail["sessions"][0].code == "max"


def test_model_wide_errors_become_non_field_errors():
    detail = service_error_detail(ValidationError({NON_FIELD_ERRORS: ["Already there"]}))
    assert detail == {"non_field_errors": ["Already there"]}


def test_plain_messages_become_non_field_errors():
    assert service_error_detail(ValidationError(["Closed", "Late"])) == {
        "non_field_errors": ["Closed", "Late"]
    }


def test_call_service_passes_the_actor_and_returns_the_result():
    def service(*, actor, value):
        return actor, value

    assert _view().call_service(service, value=3) == ("actor", 3)


def test_permission_denied_becomes_403_with_its_message():
    with pytest.raises(exceptions.PermissionDenied) as caught:
        _view().call_service(_raise(PermissionDenied("Not yours")))
    assert caught.value.detail == "Not yours"


def test_permission_denied_without_message_keeps_the_default():
    with pytest.raises(exceptions.PermissionDenied) as caught:
        _view().call_service(_raise(PermissionDenied()))
    assert caught.value.detail == exceptions.PermissionDenied.default_detail


def test_validation_error_becomes_400():
    with pytest.raises(exceptions.ValidationError) as caught:
        _view().call_service(_raise(ValidationError("Closed")))
    assert caught.value.status_code == 400
    assert caught.value.detail == {"non_field_errors": ["Closed"]}
