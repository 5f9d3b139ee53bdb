"""Requests refused before any view: a path holding a character no address of the site
holds (a NUL byte, a control or format character, a surrogate, an unassigned or private
code point, bytes that are not UTF-8, which Django leaves percent-encoded) answers 404,
as any unknown page does, and never reaches the database; a NUL byte in a query or form
value (or name), which no text column can hold, answers a French 400 before any view
reads it."""

import unicodedata

from django.http import Http404
from django.shortcuts import render

API_PREFIX = "/api/"  # config.urls
# No address holds "%" once decoded: one left stands for bytes that are not UTF-8.
NEVER_IN_A_PATH = {"%", "\ufffd"}


def odd_character(path: str) -> bool:
    """The decoded path holds a character of Unicode's « other » categories (Cc, Cf, Cs,
    Co, Cn) or one that stands for bytes that are not UTF-8."""
    return any(c in NEVER_IN_A_PATH or unicodedata.category(c)[0] == "C" for c in path)


class OddPathMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if odd_character(request.path):
            raise Http404
        return self.get_response(request)


def nul_in(values) -> bool:
    """A name or a value of the query or form ``values`` (a QueryDict) holds a NUL byte."""
    return any("\x00" in name or any("\x00" in v for v in texts) for name, texts in values.lists())


class NulValueMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        # The API's bodies are its parsers' (DRF's fields refuse a NUL): reading a form here
        # would parse a body the API refuses as an unsupported media type (415).
        form = request.method == "POST" and not request.path.startswith(API_PREFIX)
        if nul_in(request.GET) or (form and nul_in(request.POST)):
            return render(request, "core/refused_value.html", status=400)
        return self.get_response(request)
