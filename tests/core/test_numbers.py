"""Decimal numbers written as the ``floatformat`` filter writes them: the same text for
every float, so a page written in Python reads as the pages written by templates."""

import pytest
from django.template.defaultfilters import floatformat
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from apps.core.numbers import decimals_rounded, decimals_text

# Percentages, penalties and totals: floatformat gives up on floats too small to round
# within Decimal's default precision and returns them unrounded.
NUMBERS = st.floats(min_value=-1e9, max_value=1e9).filter(lambda x: x == 0 or abs(x) > 1e-9)


@given(NUMBERS, st.integers(0, 3))
def test_a_float_reads_as_floatformat_writes_it(value, places):
    with translation.override("fr"):
        assert decimals_text(value, places, ",") == floatformat(value, places)


@pytest.mark.parametrize(
    ("value", "text"),
    [(59.225, "59,23"), (2.675, "2,68"), (-0.001, "0,00"), (-2.675, "-2,68"), (100.0, "100,00")],
)
def test_halves_round_up_from_the_shortest_decimal_form(value, text):
    assert decimals_text(value, 2, ",") == text


def test_nothing_is_written_for_no_value():
    assert decimals_text(None, 2, ",") == ""


@given(NUMBERS, st.integers(0, 3))
def test_a_rounded_number_is_the_number_written(value, places):
    """A spreadsheet's cell holds the number the page writes."""
    assert decimals_rounded(value, places) == float(decimals_text(value, places, "."))


@pytest.mark.parametrize(
    ("value", "rounded"), [(205 / 3, 68.33), (59.225, 59.23), (2.675, 2.68), (None, None)]
)
def test_percentages_are_rounded_to_what_the_page_shows(value, rounded):
    assert decimals_rounded(value, 2) == rounded
