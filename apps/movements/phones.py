"""Phones that open a table (table entry) or a sheet (the other games) by its code, without
an account.

- Wrong codes are counted per address (apps.core.throttle): past PHONE_CODE_MAX_FAILURES
  in PHONE_CODE_FAILURE_WINDOW_SECONDS, the address is refused (429, Retry-After) for
  every code, right or wrong, so that guessing codes teaches nothing.
- Each phone keeps a device token: a signed cookie issued when it opens a code's page,
  naming the phone (a random id) and the codes it opened. A phone that holds the token of
  the code it uses is never throttled, so a club room behind one address is never locked
  out by someone else's wrong codes.
- The services record the device (a digest of the phone's id) with what it sends, so that
  a score is confirmed from another phone than the one that sent it.
"""

import hashlib
import math
import secrets
from collections.abc import Callable
from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from apps.core.throttle import client_ip, failures_add

DEVICE_COOKIE = "donne_phone"
_SALT = "apps.movements.phones"
CODES_KEPT = 12  # a phone follows a few tables or sheets in a day


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _held(request) -> tuple[str, list[str]]:
    """The phone's id and the codes it opened ("" and none without a valid token)."""
    value = request.get_signed_cookie(
        DEVICE_COOKIE, default="", salt=_SALT, max_age=settings.PHONE_DEVICE_MAX_AGE_SECONDS
    )
    device, _sep, codes = value.partition(":")
    return device, [code for code in codes.split(",") if code]


def phone_device(request, code: str) -> str | None:
    """The device this phone is recorded as, if it holds ``code``'s token; else None."""
    device, codes = _held(request)
    return _digest(device) if device and code in codes else None


def phone_token(request, code: str) -> tuple[str, str]:
    """On ``code``'s page: the device this phone is recorded as, and its token extended to
    ``code`` (its id kept, a new one on its first code), for phone_token_give."""
    device, codes = _held(request)
    device = device or secrets.token_urlsafe(16)
    codes = [*[held for held in codes if held != code][1 - CODES_KEPT :], code]
    return _digest(device), f"{device}:{','.join(codes)}"


def phone_token_give(response, token: str) -> None:
    response.set_signed_cookie(
        DEVICE_COOKIE,
        token,
        salt=_SALT,
        max_age=settings.PHONE_DEVICE_MAX_AGE_SECONDS,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def device_missing_text() -> str:
    return _(
        "Reload the page on this phone, then try again: it has not opened this page yet, "
        "or it has lost its cookies."
    )


class CodeThrottled(Exception):
    """Too many wrong codes from this address: ``wait`` seconds before trying again."""

    def __init__(self, wait: int):
        super().__init__(wait)
        self.wait = wait


def _key(request) -> str:
    return f"phone-code-fail:{_digest(client_ip(request))}"


def phone_code_find(request, code: str, find: Callable):
    """What ``code`` opens (``find(code)``), or None, then counted as a wrong code of the
    address. Raises CodeThrottled while the address has too many wrong codes, unless the
    phone holds the code's token."""
    code = code.strip().upper()
    held = phone_device(request, code) is not None
    if not held and cache.get(_key(request), 0) >= settings.PHONE_CODE_MAX_FAILURES:
        raise CodeThrottled(settings.PHONE_CODE_FAILURE_WINDOW_SECONDS)
    found = find(code)
    if found is None:
        failures_add(_key(request), window=settings.PHONE_CODE_FAILURE_WINDOW_SECONDS)
    return found


def throttled_text(wait: int) -> str:
    return _(
        "Too many wrong codes from this connection: try again in %(minutes)s minutes. "
        "A phone that has already opened its table or its sheet keeps working."
    ) % {"minutes": max(1, math.ceil(wait / 60))}


def code_throttle_answered(template: str | None = None):
    """A view that finds its code with phone_code_find: refused with 429 and Retry-After
    while throttled, on ``template`` with the message (JSON without one; the text alone
    to the page's script)."""

    def decorate(view):
        @wraps(view)
        def answered(request, *args, **kwargs):
            try:
                return view(request, *args, **kwargs)
            except CodeThrottled as exc:
                text = throttled_text(exc.wait)
                if template is None:
                    response = JsonResponse({"detail": text}, status=429)
                elif request.htmx:
                    response = HttpResponse(text, status=429, content_type="text/plain")
                else:
                    messages.error(request, text)
                    response = render(request, template, {"typed": ""}, status=429)
                response["Retry-After"] = str(exc.wait)
                return response

        return answered

    return decorate
