"""FFT seasons run from 1 July to 30 June (fascicule 3, ch. 2 art. 12: « saison qui va
du 1er juillet au 30 juin »). A season is named by its two years, e.g. 2026-2027.

Donne holds the seasons from FIRST_YEAR-(FIRST_YEAR + 1) to LAST_YEAR: a day of a tournament,
a file or an index grant is one of them and at most a year ahead (``day_refusal``), else it
would wait for a season that can never be opened, or plan what nobody plans."""

from dataclasses import dataclass
from datetime import date

SEASON_START_MONTH = 7
FIRST_YEAR, LAST_YEAR = 2000, 2100  # the first years of the seasons Donne holds


@dataclass(frozen=True)
class SeasonSpan:
    start_year: int

    @property
    def start(self) -> date:
        return date(self.start_year, SEASON_START_MONTH, 1)

    @property
    def end(self) -> date:
        return date(self.start_year + 1, SEASON_START_MONTH - 1, 30)

    @property
    def name(self) -> str:
        return f"{self.start_year}-{self.start_year + 1}"

    def __contains__(self, day: date) -> bool:
        return self.start <= day <= self.end


def season_of(day: date) -> SeasonSpan:
    """The season a day belongs to."""
    start_year = day.year if day.month >= SEASON_START_MONTH else day.year - 1
    return SeasonSpan(start_year)


def _a_year_after(day: date) -> date:
    """The same day a year later (28 February after a 29th)."""
    try:
        return day.replace(year=day.year + 1)
    except ValueError:
        return day.replace(year=day.year + 1, day=28)


def day_refusal(day: date, today: date) -> str:
    """Why ``day`` is no day Donne holds ("" when it is): before its first season, or more
    than a year after ``today``."""
    first = SeasonSpan(FIRST_YEAR)
    if day < first.start:
        return (
            f"La date du {day:%d/%m/%Y} précède la première saison que Donne tient ({first.name})."
        )
    if day > _a_year_after(today):
        return f"La date du {day:%d/%m/%Y} est à plus d'un an d'aujourd'hui."
    return ""
