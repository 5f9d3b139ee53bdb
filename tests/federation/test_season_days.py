"""The days Donne holds (issue 42, point 11): none before its first season, none more than
a year ahead (apps.federation.domain.seasons.day_refusal, the one home of the rule)."""

from datetime import date

import pytest

from apps.federation.domain.seasons import FIRST_YEAR, day_refusal

TODAY = date(2026, 12, 7)


@pytest.mark.parametrize(
    "day",
    [date(FIRST_YEAR, 7, 1), date(2026, 12, 7), date(2027, 12, 7), date(2010, 3, 1)],
)
def test_a_day_of_a_season_at_most_a_year_ahead_is_held(day):
    assert day_refusal(day, TODAY) == ""


def test_a_day_before_the_first_season_is_refused():
    assert day_refusal(date(1900, 1, 1), TODAY) == (
        "La date du 01/01/1900 précède la première saison que Donne tient (2000-2001)."
    )
    assert day_refusal(date(FIRST_YEAR, 6, 30), TODAY)


@pytest.mark.parametrize("day", [date(2027, 12, 8), date(9999, 12, 31)])
def test_a_day_more_than_a_year_ahead_is_refused(day):
    assert day_refusal(day, TODAY) == f"La date du {day:%d/%m/%Y} est à plus d'un an d'aujourd'hui."


def test_a_year_after_the_29th_of_february_is_the_28th():
    assert day_refusal(date(2029, 2, 28), date(2028, 2, 29)) == ""
    assert day_refusal(date(2029, 3, 1), date(2028, 2, 29))
