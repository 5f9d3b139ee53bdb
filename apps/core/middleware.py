"""Requests refused before any view: a path holding a character no address of the site
holds (a NUL byte, a control or format character, a surrogate, an unassigned or private
code point, bytes that are not UTF-8, which Django leaves percent-encoded) answers 404,
as any unknown page does, and never reaches the database."""

import unicodedata

from django.http import Http404

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
