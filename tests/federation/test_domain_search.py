"""The words of a licensee search (apps.federation.domain.search): capped in length and in
number, the same on the pages and in the API."""

from hypothesis import given
from hypothesis import strategies as st

from apps.federation.domain.search import SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS, search_terms


def test_a_licence_number_typed_with_separators_is_one_word():
    assert search_terms("03 00.12-34") == ["03001234"]


def test_words_are_searched_once_in_the_order_typed():
    assert search_terms("alice Dupont alice") == ["alice", "Dupont"]


def test_only_the_first_words_are_searched():
    words = [f"mot{n}" for n in range(1900)]
    assert search_terms(" ".join(words)) == words[:SEARCH_MAX_WORDS]


@given(st.text(max_size=5 * SEARCH_MAX_LENGTH))
def test_any_query_gives_few_short_words(query):
    terms = search_terms(query)
    assert len(terms) <= SEARCH_MAX_WORDS
    assert sum(len(term) for term in terms) <= SEARCH_MAX_LENGTH
