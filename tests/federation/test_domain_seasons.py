from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from apps.federation.domain.seasons import SeasonSpan, season_of


def test_season_runs_from_first_july_to_thirtieth_june():
    season = SeasonSpan(2026)
    assert (season.start, season.end, season.name) == (
        date(2026, 7, 1),
        date(2027, 6, 30),
        "2026-2027",
    )


def test_boundaries():
    assert season_of(date(2026, 6, 30)).name == "2025-2026"
    assert season_of(date(2026, 7, 1)).name == "2026-2027"


@given(st.dates(min_value=date(1990, 1, 1), max_value=date(2100, 12, 31)))
def test_every_day_is_in_exactly_its_season(day):
    season = season_of(day)
    assert day in season
    assert day not in SeasonSpan(season.start_year - 1)
    assert day not in SeasonSpan(season.start_year + 1)
    # seasons are contiguous: the day after a season's end starts the next one
    assert season_of(season.end + timedelta(days=1)).start_year == season.start_year + 1
