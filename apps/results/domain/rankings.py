"""Rankings (fascicule 3, ch. 1, « 3ème étape : établissement du classement du concours »,
and ch. 2, article 20 « Ex-æquo »).

- Classement général: every player by percentage, best first. Players with equal
  percentages share the rank (1, 2, 2, 4) and the awards of their places (ch. 5
  « Ex-æquo »); in a championship (``by_tops``, ch. 2 art. 20) they are first broken by
  the TOPs (notes of 100 %) over all sessions, and only players still equal share.
  Percentages equal to 9 decimals are equal: the difference is float noise. Equal players
  are listed by TOPs, then player key.
- Classement alterné: each line (N, S, E, W) ranked on its own; the firsts of line take
  places 1 to 4 ranked by percentage, the seconds places 5 to 8, and so on. Lines of unequal
  sizes: once a line has run out, the following groups hold the k-th of the remaining lines
  only and take the next places in a row (3 lines left: places 4k+1 to 4k+3, and so on), so
  places never leave a gap. Within a group equal players share the place, as in the general
  ranking; two players exactly equal within one line are taken in player-key order.
  In a Howell the players change orientation: there is no line, so no classement alterné
  (``alternate_places`` gives none unless every player keeps a line).
- Several sessions: each player's total is the sum of their session percentages, each
  multiplied by the session's coefficient, and is ranked by the classement général.

Players with no percentage yet (no note entered) come last, unranked (rank None).
"""

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import zip_longest

PRECISION = 9


@dataclass(frozen=True)
class Standing:
    """What a player is ranked on: a percentage, the TOPs that break its ties, the line."""

    player: str
    percentage: float | None
    tops: int = 0
    line: str | None = ""  # None: the player changes orientation (Howell)


Ranking = list[tuple[Standing, int | None]]


def _merit(standing: Standing, by_tops: bool = True) -> tuple:
    percentage = round(standing.percentage, PRECISION)
    return (percentage, standing.tops) if by_tops else (percentage,)


def _best_first(standings: Iterable[Standing]) -> list[Standing]:
    """Best percentage first, then most TOPs; exact equals in player-key order."""

    def key(standing: Standing) -> tuple[float, int, str]:
        percentage, tops = _merit(standing)
        return -percentage, -tops, standing.player

    return sorted(standings, key=key)


def _places(ordered: list[Standing], first: int, by_tops: bool) -> Ranking:
    """Places from ``first`` on, in the given order; equal merit shares the first place."""
    ranking: Ranking = []
    previous = None
    for offset, standing in enumerate(ordered):
        merit = _merit(standing, by_tops)
        ranking.append((standing, ranking[-1][1] if merit == previous else first + offset))
        previous = merit
    return ranking


def _split(standings: Iterable[Standing]) -> tuple[list[Standing], Ranking]:
    """The standings to rank, and the unranked ones (no percentage) in player order."""
    standings = list(standings)
    unranked = sorted((s for s in standings if s.percentage is None), key=lambda s: s.player)
    return [s for s in standings if s.percentage is not None], [(s, None) for s in unranked]


def general_ranking(standings: Iterable[Standing], *, by_tops: bool = True) -> Ranking:
    """The classement général: every standing with its rank, best first; ``by_tops``: ties
    broken by TOPs (a championship), else equal percentages share the rank."""
    ranked, unranked = _split(standings)
    return _places(_best_first(ranked), 1, by_tops) + unranked


SHARED = "ex æquo"
BROKEN_BY_TOPS = "ex æquo départagé aux TOPs"


def tie_notes(ranking: Sequence[tuple[Standing, int | None]], *, by_tops: bool) -> list[str]:
    """What each place of a general ranking (best first) says of its tie: « ex æquo » when
    it shares its rank (ch. 5 « Ex-æquo »); in a championship, « ex æquo départagé aux
    TOPs » when its percentage equals a neighbour's but the TOPs put them apart (ch. 2
    art. 20); nothing otherwise."""
    notes = []
    for index, (standing, rank) in enumerate(ranking):
        neighbours = [ranking[i] for i in (index - 1, index + 1) if 0 <= i < len(ranking)]
        if rank is None:
            notes.append("")
        elif any(other_rank == rank for _other, other_rank in neighbours):
            notes.append(SHARED)
        elif by_tops and any(
            other.percentage is not None and _merit(other, False) == _merit(standing, False)
            for other, _rank in neighbours
        ):
            notes.append(BROKEN_BY_TOPS)
        else:
            notes.append("")
    return notes


def alternate_ranking(standings: Iterable[Standing], *, by_tops: bool = True) -> Ranking:
    """The classement alterné: every standing with its place, in place order."""
    ranked, unranked = _split(standings)
    lines: dict[str, list[Standing]] = defaultdict(list)
    for standing in _best_first(ranked):
        lines[standing.line].append(standing)
    ranking: Ranking = []
    for group in zip_longest(*lines.values()):
        group_ranked = _best_first(s for s in group if s is not None)
        ranking += _places(group_ranked, len(ranking) + 1, by_tops)
    return ranking + unranked


def alternate_places(
    standings: Sequence[Standing], *, by_tops: bool = True
) -> dict[str, int | None]:
    """{player: place in the classement alterné}; empty when a player has no line (a
    Howell, where players change orientation)."""
    if any(standing.line is None for standing in standings):
        return {}
    ranking = alternate_ranking(standings, by_tops=by_tops)
    return {standing.player: place for standing, place in ranking}


def tournament_standings(
    sessions: Sequence[Iterable[Standing]], coefficients: Sequence[float] | None = None
) -> list[Standing]:
    """Each player's standing over several sessions: percentage = sum of coefficient * session
    percentage (coefficients default to 1), TOPs summed over all sessions (article 20).

    A session the player missed, or where they have no percentage, adds nothing; a player
    with no percentage in any session has none. Raises ValueError when there is not one
    coefficient per session.
    """
    if coefficients is None:
        coefficients = [1.0] * len(sessions)
    parts: dict[str, list[float]] = {}
    tops: Counter[str] = Counter()
    for session, coefficient in zip(sessions, coefficients, strict=True):
        for standing in session:
            player_parts = parts.setdefault(standing.player, [])
            tops[standing.player] += standing.tops
            if standing.percentage is not None:
                player_parts.append(coefficient * standing.percentage)
    return [
        Standing(player, math.fsum(values) if values else None, tops[player])
        for player, values in parts.items()
    ]
