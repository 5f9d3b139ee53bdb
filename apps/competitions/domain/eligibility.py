"""Who may play a championship (fascicule 3, ch. 2): the série of a séries championship
(art. 2 « que des joueurs appartenant à la série concernée »), the organising committee of
a regional stage (art. 2, 12 « licenciés dans le comité »), and the Senior age (art. 12
« 60 ans au 31 décembre de la saison en cours »). The refusals are given with their
reasons, in French."""

from datetime import date

from apps.competitions.domain.kinds import KINDS, SERIES_OF, CompetitionKind
from apps.federation.domain.series import NAMES

SENIOR_AGE = 60


def senior_on(season_start_year: int) -> date:
    """The day a Senior must be 60 on: 31 December of the season (1 July to 30 June)."""
    return date(season_start_year, 12, 31)


def is_senior(birth_date: date, season_start_year: int) -> bool:
    """60 years old on 31 December of the season (art. 12)."""
    day = senior_on(season_start_year)
    return (day.year - birth_date.year, day.month, day.day) >= (
        SENIOR_AGE,
        birth_date.month,
        birth_date.day,
    )


def eligibility_refusals(
    kind: CompetitionKind,
    *,
    series: str,
    birth_date: date | None,
    season_start_year: int,
    licensed_in_organiser: bool,
) -> list[str]:
    """Why a licensee may not play a regional stage of this championship (empty: they
    may). ``licensed_in_organiser``: licensed in the organising committee, or in one of
    the committees of a group."""
    refusals = []
    wanted = SERIES_OF.get(kind)
    if wanted is not None and series != wanted:
        refusals.append(
            f"le championnat {NAMES[wanted]} ne réunit que les joueurs de cette série ; "
            f"ce joueur est {NAMES.get(series, series)}"
        )
    if KINDS[kind].senior:
        day = senior_on(season_start_year).strftime("%d/%m/%Y")
        if birth_date is None:
            refusals.append(f"date de naissance inconnue : il faut avoir {SENIOR_AGE} ans au {day}")
        elif not is_senior(birth_date, season_start_year):
            refusals.append(f"il faut avoir {SENIOR_AGE} ans au {day}")
    if not licensed_in_organiser:
        refusals.append("le joueur n'est pas licencié dans le comité organisateur")
    return refusals
