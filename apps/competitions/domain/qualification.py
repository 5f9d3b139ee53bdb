"""Who goes on to the next stage (fascicule 3, ch. 2).

- Qualification: the stage's best-ranked players up to the quota the federation set for
  the season (art. 1, 4, 6, 9, 11, 14: « qualifie les mieux classés … le nombre de joueurs
  qualifiés … est fixé auparavant par la CCN »), then the next ones as replacements, in
  ranking order.
- Direct qualifiers for an incomplete table (art. 2, 12: « en cas de table incomplète, la
  CCR peut qualifier directement pour la finale régionale 1, 2 ou 3 joueurs en choisissant
  le champion régional sortant puis les joueurs dans l'ordre croissant du classement
  national »; art. 7 for the Open, where the outgoing champion is exempt already: the
  national ranking alone).
- The outgoing regional champion « est qualifié d'office pour la finale régionale de la
  saison suivante » in the Open (art. 6) and the Senior (art. 11) only; in the séries
  championships « tous les joueurs doivent participer à la demi-finale » (art. 2).
- At a cut or a quota line, players still equal after TOPs (art. 20) are taken in their
  order of registration.

Players are opaque keys chosen by the caller.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from apps.competitions.domain.kinds import KINDS, SERIES_OF, CompetitionKind

TABLE_SIZE = 4
P = TypeVar("P")


def champion_enters_final(kind: CompetitionKind) -> bool:
    """Whether the outgoing regional champion enters the regional final without playing
    the stages before it (art. 6, 11; not in the séries: art. 2)."""
    return KINDS[kind].champion_enters_final


def champion_refusal(kind: CompetitionKind) -> str | None:
    """Why the outgoing regional champion does not enter the regional final directly."""
    if champion_enters_final(kind):
        return None
    if kind in SERIES_OF:
        return (
            "le champion régional sortant joue la demi-finale comme tous les joueurs : seuls "
            "l'Open (art. 6) et le Senior (art. 11) le qualifient d'office pour la finale "
            "régionale (art. 2)"
        )
    return "le règlement ne qualifie pas d'office le champion régional sortant de ce championnat"


@dataclass(frozen=True)
class Qualification:
    qualified: tuple[str, ...]
    replacements: tuple[str, ...]


def qualification(ranked: Sequence[str], quota: int, replacements: int) -> Qualification:
    """The first ``quota`` players of the stage's ranking, then ``replacements`` more."""
    if quota < 0 or replacements < 0:
        raise ValueError("un quota et un nombre de remplaçants ne sont jamais négatifs")
    return Qualification(tuple(ranked[:quota]), tuple(ranked[quota : quota + replacements]))


def direct_qualifiers(
    entrants: Sequence[str], *, champion: str | None, national_order: Sequence[str]
) -> list[str]:
    """The 1, 2 or 3 entrants qualified directly so that every table of the semi-final is
    complete: the outgoing champion if they entered, then the best of the national ranking
    (``national_order``, best first). Fewer when the ranking does not name enough
    entrants: the caller says who is missing."""
    needed = len(entrants) % TABLE_SIZE
    entered = set(entrants)
    order = [champion] if champion in entered else []
    for player in national_order:
        if player in entered and player not in order:
            order.append(player)
    return order[:needed]


def line_order(ranked: Sequence[tuple[P, int | None, int]]) -> list[P]:
    """The players of ``(player, rank, registration order)`` in the order a cut or a quota
    takes them: by rank; players sharing a rank (still equal after TOPs, art. 20) in
    registration order, compared as numbers; the unranked last."""
    return [
        player
        for player, _rank, _order in sorted(
            ranked, key=lambda row: (row[1] is None, row[1] or 0, row[2])
        )
    ]
