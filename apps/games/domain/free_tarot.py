"""Tarot outside duplicate: the score sheet of a table of 3, 4 or 5 players deal by deal
(a club's « partie libre », a table of a « tournoi libre »), and the standings of a
tournoi libre across its tables and rounds. Each deal's marks are those of the FFT rules
(``apps.scoring.domain.deal.score_sheet``): they sum to zero, and so does every table.

Where the rules are silent, we chose: a tournoi libre ranks its
players by the sum of their marks over every table and round they played; equal sums
share the rank.
"""

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from apps.scoring.domain.deal import Deal, score_sheet


@dataclass(frozen=True)
class FreeDeal:
    """One deal of the sheet: the deal, its taker and, with 5 players, the partner the
    taker called (None: the taker called himself and plays alone)."""

    deal: Deal
    taker: str
    partner: str | None = None


def deal_marks(players: Sequence[str], free: FreeDeal) -> dict[str, int]:
    """Every player's marks for the deal, summing to zero."""
    if len(set(players)) != len(players):
        raise ValueError("un joueur figure deux fois à la table")
    if free.deal.players != len(players):
        raise ValueError(
            f"la donne se joue à {free.deal.players} et la table compte {len(players)} joueurs"
        )
    if free.partner == free.taker:
        raise ValueError("le partenaire appelé est un autre joueur que le preneur")
    for name in (free.taker, free.partner):
        if name is not None and name not in players:
            raise ValueError(f"{name} ne joue pas à cette table")
    defenders = [p for p in players if p not in (free.taker, free.partner)]
    return score_sheet(free.deal, free.taker, defenders, free.partner)


@dataclass(frozen=True)
class FreeSheet:
    players: tuple[str, ...]
    lines: tuple[dict[str, int], ...]  # each deal's marks
    totals: dict[str, int]


def free_sheet(players: Sequence[str], deals: Iterable[FreeDeal]) -> FreeSheet:
    """A table's sheet: each deal's marks and the running totals."""
    if not 3 <= len(players) <= 5:
        raise ValueError("une table de tarot compte 3, 4 ou 5 joueurs")
    lines = tuple(deal_marks(players, free) for free in deals)
    totals = {player: sum(line[player] for line in lines) for player in players}
    return FreeSheet(tuple(players), lines, totals)


@dataclass(frozen=True)
class FreeStanding:
    player: str
    rank: int
    total: int
    tables: int  # the tables (rounds) the player's marks come from


def free_standings(sheets: Iterable[Mapping[str, int]]) -> list[FreeStanding]:
    """A tournoi libre's standings from its tables' totals, best first."""
    totals: dict[str, int] = defaultdict(int)
    tables: dict[str, int] = defaultdict(int)
    for sheet in sheets:
        for player, marks in sheet.items():
            totals[player] += marks
            tables[player] += 1
    ordered = sorted(totals, key=lambda player: (-totals[player], player))
    standings: list[FreeStanding] = []
    for index, player in enumerate(ordered, start=1):
        tied = standings and standings[-1].total == totals[player]
        rank = standings[-1].rank if tied else index
        standings.append(FreeStanding(player, rank, totals[player], tables[player]))
    return standings


def table_sizes(players: int) -> list[int]:
    """How a round seats its players: tables of 4, with tables of 5 for those left over,
    and tables of 3 only where 4 and 5 cannot seat everyone (6, 7 and 11 players)."""
    if players < 3:
        raise ValueError("une table de tarot compte 3 joueurs au moins")
    for fives in range(players // 5 + 1):
        if (players - 5 * fives) % 4 == 0:
            return [5] * fives + [4] * ((players - 5 * fives) // 4)
    threes = {3: 1, 6: 2, 7: 1, 11: 1}[players]
    rest = players - 3 * threes
    return [4] * (rest // 4) + [3] * threes
