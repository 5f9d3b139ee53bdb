"""Eligibility for a championship (fascicule 3, ch. 2, art. 2 and 12), without a database."""

from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.competitions.domain.eligibility import (
    eligibility_refusals,
    is_senior,
)
from apps.competitions.domain.kinds import CompetitionKind

K = CompetitionKind


def refusals(kind, *, series="1", birth_date=date(1950, 1, 1), season=2026, local=True):
    return eligibility_refusals(
        kind,
        series=series,
        birth_date=birth_date,
        season_start_year=season,
        licensed_in_organiser=local,
    )


# (championship, the licensee's série, admitted): « que des joueurs appartenant à la série »
SERIES_TABLE = [
    (K.FIRST_SERIES, "1", True),
    (K.FIRST_SERIES, "2", False),
    (K.SECOND_SERIES, "2", True),
    (K.SECOND_SERIES, "P", False),
    (K.PROMOTION, "P", True),
    (K.PROMOTION, "1", False),
    (K.OPEN, "NC", True),
    (K.OPEN, "1", True),
]


@pytest.mark.parametrize(("kind", "series", "admitted"), SERIES_TABLE)
def test_a_series_championship_gathers_its_series_only(kind, series, admitted):
    found = refusals(kind, series=series)
    assert (found == []) is admitted
    if not admitted:
        assert "ne réunit que les joueurs de cette série" in found[0]


@pytest.mark.parametrize(
    ("birth_date", "admitted"),
    [
        (date(1966, 12, 31), True),  # 60 on 31 December 2026
        (date(1967, 1, 1), False),  # 59 then: a 59-year-old in Senior
        (date(1940, 6, 15), True),
    ],
)
def test_a_senior_is_60_on_31_december_of_the_season(birth_date, admitted):
    found = refusals(K.SENIOR, birth_date=birth_date, season=2026)
    assert (found == []) is admitted
    if not admitted:
        assert found == ["il faut avoir 60 ans au 31/12/2026"]


def test_a_senior_without_birth_date_is_refused_with_the_reason():
    assert refusals(K.SENIOR, birth_date=None) == [
        "date de naissance inconnue : il faut avoir 60 ans au 31/12/2026"
    ]


def test_a_player_of_another_committee_is_refused():
    assert refusals(K.OPEN, local=False) == [
        "le joueur n'est pas licencié dans le comité organisateur"
    ]


def test_every_reason_is_given_at_once():
    assert len(refusals(K.PROMOTION, series="1", local=False)) == 2


@given(st.dates(date(1900, 1, 1), date(2020, 12, 31)), st.integers(1990, 2060))
def test_senior_age_matches_counting_years_on_31_december(birth_date, season):
    day = date(season, 12, 31)
    age = day.year - birth_date.year - ((day.month, day.day) < (birth_date.month, birth_date.day))
    assert is_senior(birth_date, season) is (age >= 60)
