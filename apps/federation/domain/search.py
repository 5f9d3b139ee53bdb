"""The words of a licensee search, the same on the pages and in the API: a query of at most
SEARCH_MAX_LENGTH characters, of which the first SEARCH_MAX_WORDS words are searched
(each word costs a scan of the names), and a licence number typed with separators stays
one word."""

import re

SEARCH_MAX_LENGTH = 100
SEARCH_MAX_WORDS = 8

_LICENCE_SEPARATORS = re.compile(r"[\s.\-]")


def search_terms(query: str) -> list[str]:
    """The distinct words searched, in the order typed, at most SEARCH_MAX_WORDS."""
    query = query[:SEARCH_MAX_LENGTH]
    digits = _LICENCE_SEPARATORS.sub("", query)
    if digits.isdigit():
        return [digits]
    return list(dict.fromkeys(query.split()))[:SEARCH_MAX_WORDS]
