"""A tournament file tells a tournament played: its day is no later than today, and one
Donne holds (apps.exchange.domain.document.played_day_refusal); and no text of it holds a
NUL character (holds_nul). Pure rules, no database."""

from datetime import date

import pytest

from apps.exchange.domain.document import holds_nul, played_day_refusal
from apps.federation.domain.seasons import day_refusal

TODAY = date(2026, 12, 7)


@pytest.mark.parametrize("day", [TODAY, date(2026, 11, 19), date(2000, 7, 1)])
def test_a_day_up_to_today_is_told(day):
    assert played_day_refusal(day, TODAY) == ""


@pytest.mark.parametrize("day", [date(2026, 12, 8), date(2027, 12, 7), date(2099, 1, 1)])
def test_a_day_after_today_is_refused(day):
    assert played_day_refusal(day, TODAY) == (
        f"La date du {day:%d/%m/%Y} est dans l'avenir : un fichier dit un tournoi joué."
    )


def test_a_day_before_the_first_season_is_refused_as_everywhere():
    day = date(1999, 1, 1)
    assert played_day_refusal(day, TODAY) == day_refusal(day, TODAY) != ""


@pytest.mark.parametrize(
    ("document", "held"),
    [
        ({"a": ["b", {"c": "d"}], "e": 1.5, "f": None, "g": True}, False),
        ("x\x00", True),
        ({"a\x00": 1}, True),
        ({"a": {"b": ["c", "d\x00"]}}, True),
        ([1, [2, ["\x00"]]], True),
    ],
)
def test_a_nul_is_found_in_any_key_or_string(document, held):
    assert holds_nul(document) is held
