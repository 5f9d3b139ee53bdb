"""A live page's ETag: a page read with a message waiting is not the page kept without it."""

from django.contrib import messages
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.contrib.sessions.backends.cache import SessionStore
from django.test import RequestFactory

from apps.core.revalidation import page_etag


def _request(user):
    request = RequestFactory().get("/seances/1/mes-scores/")
    request.user, request.session = user, SessionStore()
    request._messages = FallbackStorage(request)
    request.META["CSRF_COOKIE"] = "s" * 32
    return request


def test_a_message_waiting_changes_the_pages_etag_and_stays_to_be_shown(world):
    request = _request(world.player)
    kept = page_etag(request, "v1")
    assert page_etag(request, "v1") == kept  # the same page, the same tag
    messages.success(request, "Score enregistré.")
    waiting = page_etag(request, "v1")
    assert waiting != kept
    assert [str(m) for m in get_messages(request)] == ["Score enregistré."]  # not consumed
