"""FFT seasons run from 1 July to 30 June (fascicule 3, ch. 2 art. 12: « saison qui va
du 1er juillet au 30 juin »). A season is named by its two years, e.g. 2026-2027."""

from dataclasses import dataclass
from datetime import date

SEASON_START_MONTH = 7


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
