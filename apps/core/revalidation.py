"""Pages that phones poll, answered « not modified » when nothing they show has changed: the
page names what it shows (its version), the server sends it as an ETag, and the browser's
next poll (htmx asks through the browser's cache) carries it back; the same version answers
304 without rendering the page again (RFC 9110, « If-None-Match »)."""

import hashlib

from django.contrib.messages import get_messages
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.translation import get_language

# A poll asks for a part of the page: the whole page and its part have their own versions.
VARY = ("HX-Request", "HX-Target")


def page_etag(request: HttpRequest, *version) -> str:
    """The ETag of ``request``'s page as ``version`` says it: who reads it (with the CSRF
    secret its forms carry, renewed at each sign-in, and the messages waiting to be shown
    on it), in which language, which part of it and what it shows."""
    get_token(request)  # the secret the page's forms will carry, made now if it has none
    reader = (
        request.user.pk,
        request.META["CSRF_COOKIE"],
        len(get_messages(request)),  # counted, not shown: they stay for the page
        get_language(),
        request.get_full_path(),
        request.headers.get("HX-Request"),
        request.headers.get("HX-Target"),
    )
    digest = hashlib.sha256(repr((reader, version)).encode()).hexdigest()[:32]
    return f'"{digest}"'


def not_modified(request: HttpRequest, etag: str) -> HttpResponse | None:
    """304 when the browser holds the page of ``etag`` already, else None."""
    response = get_conditional_response(request, etag=etag)
    return None if response is None else revalidated(response, etag)


def revalidated(response: HttpResponse, etag: str) -> HttpResponse:
    """``response`` sent with its ETag, to be asked again each time (never served from the
    browser's cache without asking)."""
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, VARY)
    return response
