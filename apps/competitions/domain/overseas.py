"""The overseas committees in the championships (fascicule 3, ch. 2, art. 1): « Les joueurs
classés première série et licenciés dans un comité outre-mer peuvent participer une et une
seule fois au cours de la saison à n'importe quel championnat régional 1ère série
métropolitain. Les joueurs classés deuxième série et licenciés dans un comité outre-mer
sont qualifiés suivant l'ordre du classement du championnat régional open de la zone
outre-mer. »"""

from apps.competitions.domain.kinds import CompetitionKind
from apps.federation.domain.series import NAMES, Series

VISITS_REFUSAL = (
    "un joueur d'un comité outre-mer ne joue qu'un championnat régional "
    f"{NAMES[Series.FIRST]} métropolitain par saison"
)


def visiting(
    kind: CompetitionKind, *, licensed_in: bool, player_overseas: bool, stage_overseas: bool
) -> bool:
    """Whether an overseas player enters a metropolitan regional 1ère série championship
    that is not their committee's, as the regulation allows once a season."""
    return (
        not licensed_in
        and kind == CompetitionKind.FIRST_SERIES
        and player_overseas
        and not stage_overseas
    )


def ranked_by_the_open(kind: CompetitionKind, *, overseas: bool) -> bool:
    """Whether a stage qualifies from the ranking of the Open regional championship rather
    than being played: the 2ème série of an overseas committee."""
    return kind == CompetitionKind.SECOND_SERIES and overseas


def ranking_source_refusal(
    kind: CompetitionKind,
    *,
    overseas: bool,
    source_kind: CompetitionKind,
    same_season: bool,
    same_zone: bool,
) -> str | None:
    """Why a stage may not qualify from that ranking (None: it may): only the overseas 2ème
    série, from the Open regional championship of its zone, the same season."""
    if not ranked_by_the_open(kind, overseas=overseas):
        return (
            f"Seuls les joueurs {NAMES[Series.SECOND]} d'un comité outre-mer sont qualifiés "
            "par le classement du championnat régional open (art. 1)."
        )
    if source_kind != CompetitionKind.OPEN or not (same_season and same_zone):
        return (
            "Le classement doit être celui du championnat régional open de la zone, la même saison."
        )
    return None
