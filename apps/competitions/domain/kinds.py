"""The individual championships of fascicule 3, ch. 2, and what each kind implies, in one
table: the série it gathers (art. 2 « que des joueurs appartenant à la série
concernée »), the Senior's age (art. 12), the sessions a stage needs at least (art. 2, 7,
12: one in the Promotion and the Senior), the minimums held at every Senior qualifier
(art. 12), the Promotion's local finals (art. 2), the Open's drawn regional final (art. 7),
the outgoing champion's direct entry into the regional final (art. 6, 11), and the PP
tables of its regional and national finals (ch. 5 « POINT DE PERFORMANCE »). The services,
the awards, the forms and the pages read it here."""

from dataclasses import dataclass
from enum import StrEnum

from apps.federation.domain.series import Series


class CompetitionKind(StrEnum):
    FIRST_SERIES = "1"  # championnat 1ère série
    SECOND_SERIES = "2"  # championnat 2ème série
    PROMOTION = "P"  # championnat promotion
    OPEN = "open"
    SENIOR = "senior"
    YOUTH = "jeunes"  # Jeunes / Espoirs


# The PP of a regional final read from the Open's « feuille de calcul » rather than a table.
OPEN_SHEET = "open"


@dataclass(frozen=True)
class KindRules:
    """What a championship kind implies. ``regional_pp``: the PP table of its regional
    final (a key of the séries tables, ``OPEN_SHEET``, or "" when it earns none);
    ``national_pp``: the table of its national final; ``champion_first``: the outgoing
    champion, when entered, is the first of the players qualified directly for an
    incomplete table (art. 2, 12), where the Open goes by the national ranking alone
    (art. 7)."""

    series: Series | None
    senior: bool
    min_sessions: int
    minimums_every_stage: bool
    local_finals: bool
    drawn_regional_final: bool
    champion_enters_final: bool
    champion_first: bool
    regional_pp: str
    national_pp: str


KINDS = {
    CompetitionKind.FIRST_SERIES: KindRules(
        Series.FIRST, False, 2, False, False, False, False, True, "1", "1"
    ),
    CompetitionKind.SECOND_SERIES: KindRules(
        Series.SECOND, False, 2, False, False, False, False, True, "2", "2"
    ),
    CompetitionKind.PROMOTION: KindRules(
        Series.PROMOTION, False, 1, False, True, False, False, True, "P", "P"
    ),
    CompetitionKind.OPEN: KindRules(
        None, False, 2, False, False, True, True, False, OPEN_SHEET, "open"
    ),
    CompetitionKind.SENIOR: KindRules(
        None, True, 1, True, False, False, True, True, "senior", "senior"
    ),
    # the Jeunes, not in the regulation: two sessions as the Open; no regional PP
    CompetitionKind.YOUTH: KindRules(
        None, False, 2, False, False, False, False, True, "", "jeunes"
    ),
}
# The série each séries championship gathers.
SERIES_OF = {kind: rules.series for kind, rules in KINDS.items() if rules.series is not None}
