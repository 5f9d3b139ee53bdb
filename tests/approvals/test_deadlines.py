"""Sending deadlines (fascicule 3, ch. 5, « Date limite de transmission »)."""

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.approvals.domain.deadlines import SeasonDeadlines, deadline_for, is_late

SEASON_2025 = SeasonDeadlines.recommended(2025)
JANUARY_31 = date(2026, 1, 31)
APRIL_15 = date(2026, 4, 15)
MAY_15 = date(2026, 5, 15)


def test_recommended_dates():
    assert SeasonDeadlines.recommended(2025) == SeasonDeadlines(JANUARY_31, APRIL_15, MAY_15)
    assert SEASON_2025.season_start_year == 2025
    assert (SEASON_2025.season_start, SEASON_2025.season_last_day) == (
        date(2025, 7, 1),
        date(2026, 6, 30),
    )


@pytest.mark.parametrize(
    ("played_on", "expected"),
    [
        (date(2025, 7, 1), JANUARY_31),  # first day of the season
        (date(2025, 12, 31), JANUARY_31),  # last day of the previous calendar year
        (date(2026, 1, 1), APRIL_15),  # « saison en cours »
        (date(2026, 1, 31), APRIL_15),
        (date(2026, 4, 14), APRIL_15),
        (date(2026, 4, 15), MAY_15),  # the 15 April date applies strictly before it
        (date(2026, 5, 14), MAY_15),
        (date(2026, 5, 15), MAY_15),
        (date(2026, 5, 16), MAY_15),  # after the end of the season: already past it
        (date(2026, 6, 30), MAY_15),  # last day of the season
    ],
)
def test_deadline_on_each_side_of_each_boundary(played_on, expected):
    assert deadline_for(played_on, SEASON_2025) == expected


@pytest.mark.parametrize("played_on", [date(2025, 6, 30), date(2026, 7, 1)])
def test_a_day_outside_the_season_is_refused(played_on):
    with pytest.raises(ValueError, match="2025-2026"):
        deadline_for(played_on, SEASON_2025)


def test_dates_set_by_the_federation_are_used():
    # « Les dates limites d'envois sont fixées chaque année par la CCN »
    season = SeasonDeadlines(date(2027, 2, 7), date(2027, 4, 20), date(2027, 5, 31))
    assert deadline_for(date(2026, 11, 1), season) == date(2027, 2, 7)
    assert deadline_for(date(2027, 4, 19), season) == date(2027, 4, 20)
    assert deadline_for(date(2027, 4, 20), season) == date(2027, 5, 31)
    with pytest.raises(ValueError):
        deadline_for(date(2026, 6, 30), season)


def test_dates_out_of_order_are_refused():
    with pytest.raises(ValueError, match="se suivre"):
        SeasonDeadlines(date(2026, 4, 15), date(2026, 1, 31), date(2026, 5, 15))
    with pytest.raises(ValueError):
        SeasonDeadlines(date(2026, 1, 31), date(2026, 5, 16), date(2026, 5, 15))


@pytest.mark.parametrize(
    ("played_on", "today", "done", "late"),
    [
        (date(2025, 10, 12), JANUARY_31, False, False),  # on the date itself: on time
        (date(2025, 10, 12), date(2026, 2, 1), False, True),
        (date(2025, 10, 12), date(2026, 2, 1), True, False),  # received: never late
        (date(2025, 10, 12), date(2025, 10, 12), False, False),
        (date(2026, 2, 8), APRIL_15, False, False),
        (date(2026, 2, 8), date(2026, 4, 16), False, True),
        (date(2026, 4, 15), date(2026, 4, 16), False, False),  # due by 15 May
        (date(2026, 4, 15), date(2026, 5, 16), False, True),
        (date(2026, 4, 15), date(2026, 5, 16), True, False),
        (date(2026, 5, 20), date(2026, 5, 20), False, True),  # played after the last date
    ],
)
def test_lateness(played_on, today, done, late):
    assert is_late(played_on, today, SEASON_2025, done) is late


season_days = st.dates(min_value=date(2025, 7, 1), max_value=date(2026, 6, 30))


@given(season_days, season_days)
def test_deadline_never_goes_back_as_the_season_goes_on(a, b):
    first, second = sorted((a, b))
    assert deadline_for(first, SEASON_2025) <= deadline_for(second, SEASON_2025)


@given(season_days)
def test_deadline_is_one_of_the_three_and_after_the_day_until_the_end(day):
    deadline = deadline_for(day, SEASON_2025)
    assert deadline in (JANUARY_31, APRIL_15, MAY_15)
    if day <= MAY_15:
        assert deadline >= day


@given(season_days, st.integers(min_value=-400, max_value=400))
def test_late_exactly_when_not_done_and_after_the_deadline(day, offset):
    today = deadline_for(day, SEASON_2025) + timedelta(days=offset)
    assert is_late(day, today, SEASON_2025, False) is (offset > 0)
    assert is_late(day, today, SEASON_2025, True) is False


@given(st.integers(min_value=1990, max_value=2100))
def test_recommended_dates_of_any_season(year):
    season = SeasonDeadlines.recommended(year)
    assert season.season_start_year == year
    assert deadline_for(date(year, 7, 1), season) == date(year + 1, 1, 31)
    assert deadline_for(date(year + 1, 1, 1), season) == date(year + 1, 4, 15)
    assert deadline_for(date(year + 1, 6, 30), season) == date(year + 1, 5, 15)
