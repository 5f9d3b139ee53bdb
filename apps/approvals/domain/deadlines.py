"""Sending deadlines (fascicule 3, ch. 5, « Date limite de transmission »): « Les dates
limites d'envois sont fixées chaque année par la CCN, néanmoins, les dates d'envoi
recommandées sont les suivantes :
- Le 31 janvier pour tous les tableaux de l'année précédente,
- Le 15 avril pour tous les tableaux de la saison en cours,
- La date limite de transmission des résultats en fin de saison est le 15 mai ».

A season runs from 1 July to 30 June and is named by its first year. The dates of a season
are data set by the federation; ``SeasonDeadlines.recommended`` gives the regulation's.

Which date applies to a tournament, by the day it was played:
- in the calendar year before the first date (July to December): that first date;
- from 1 January, strictly before the second date: the second date;
- from the second date to the end of the season: the last date. A tournament played after
  the last date is already past it.
"""

from dataclasses import dataclass
from datetime import date

SEASON_START_MONTH = 7  # « saison qui va du 1er juillet au 30 juin »


@dataclass(frozen=True)
class SeasonDeadlines:
    """The three sending dates of one season."""

    previous_year_tables: date  # « Le 31 janvier pour tous les tableaux de l'année précédente »
    season_tables: date  # « Le 15 avril pour tous les tableaux de la saison en cours »
    season_end: date  # « La date limite [...] en fin de saison est le 15 mai »

    def __post_init__(self) -> None:
        if not self.previous_year_tables <= self.season_tables <= self.season_end:
            raise ValueError(
                "Les dates limites doivent se suivre : année précédente, saison en cours,"
                " fin de saison"
            )

    @classmethod
    def recommended(cls, season_start_year: int) -> "SeasonDeadlines":
        """The regulation's recommended dates for the season starting 1 July of that year."""
        year = season_start_year + 1
        return cls(date(year, 1, 31), date(year, 4, 15), date(year, 5, 15))

    @property
    def season_start_year(self) -> int:
        """The season's first year: the one before the previous year's tables date."""
        return self.previous_year_tables.year - 1

    @property
    def season_start(self) -> date:
        return date(self.season_start_year, SEASON_START_MONTH, 1)

    @property
    def season_last_day(self) -> date:
        return date(self.season_start_year + 1, SEASON_START_MONTH - 1, 30)


def deadline_for(played_on: date, deadlines: SeasonDeadlines) -> date:
    """The sending date that applies to a tournament played that day of the season."""
    if not deadlines.season_start <= played_on <= deadlines.season_last_day:
        start = deadlines.season_start_year
        raise ValueError(f"Le {played_on:%d/%m/%Y} n'est pas dans la saison {start}-{start + 1}")
    if played_on.year < deadlines.previous_year_tables.year:
        return deadlines.previous_year_tables
    if played_on < deadlines.season_tables:
        return deadlines.season_tables
    return deadlines.season_end


def is_late(played_on: date, today: date, deadlines: SeasonDeadlines, done: bool) -> bool:
    """Whether a tournament is late: not ``done`` (not yet received or approved, as the
    caller decides) and ``today`` after its date; on the date itself it is still on time."""
    return not done and today > deadline_for(played_on, deadlines)
