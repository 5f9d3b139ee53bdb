"""The most one player's line can hold in a tournament, for the facts Donne verified
(fascicule 3, ch. 5): the national ranking counts no line above it, whatever wrote it.

- PCN: the first place of the tables the tournament could pay by (« Tournoi duplicate
  individuel en ligne », « Howell », « Tournois Duplicates en plusieurs séances »), times
  the verified index, under the ceiling (« Plancher et plafonds »: 2000, 5000 in a
  regional championship); a national final's table (« Finales nationales »). Sessions
  whose counts start a new stage each pay on their own: a player earns at most the sum.
- PP: the first place of the PP table that applies (« Attribution de PP »), none in a
  regularity tournament without the index 1,5.

An index not verified (no grant, no stage) counts as 1: what it would add is not Donne's
to give.

Pure: plain numbers in, the bounds out.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from itertools import pairwise

from apps.awards.domain import pcn
from apps.tournaments.domain.indices import MIN_PLAYERS, index_text

SEATS = 4


@dataclass(frozen=True)
class LineBounds:
    """The most PCN and PP one line may hold, and why in words."""

    pcn: int
    pp: int
    why: str


def _tables(players: int) -> int:
    return -(-players // SEATS)


def starts_stage(before: int, after: int) -> bool:
    """The counts alone show a session starting a new stage (« triple condition »): more
    players than the session before (newcomers), or more than half of them gone."""
    return after > before or 2 * (before - after) > before


def _stages(session_players: Sequence[int]) -> list[list[int]]:
    """The sessions grouped in stages (``starts_stage``)."""
    stages: list[list[int]] = [[session_players[0]]]
    for before, after in pairwise(session_players):
        if starts_stage(before, after):
            stages.append([after])
        else:
            stages[-1].append(after)
    return stages


@cache
def _stage_first(stage: tuple[int, ...], index: Decimal, ceiling: int) -> int:
    """The first place of one stage's tables (a ranking has many alike: kept)."""
    first = stage[0]
    if first < MIN_PLAYERS:
        return 0
    if len(stage) > 1:
        tables = sum(_tables(players) for players in stage)
        values = pcn.multi_session_values(tables, first)
    else:
        tables = _tables(first)
        values = pcn.howell_values(tables)
        if tables >= pcn.LINE_FIRST_TABLES:
            values = [max(values[0], pcn.line_values(tables, ceiling=None)[0])]
    return pcn.place_values(values[:1], index, ceiling)[0]


def pcn_most(session_players: Sequence[int], index: Decimal, ceiling: int) -> int:
    """The most PCN one player can earn over the tournament's sessions (first first)."""
    if not session_players:
        return 0
    return sum(_stage_first(tuple(stage), index, ceiling) for stage in _stages(session_players))


def line_bounds(
    session_players: Sequence[int],
    index: Decimal,
    *,
    ceiling: int = pcn.REGULARITY_CEILING,
    pp_table: Sequence[int] = (),
    pcn_table: Sequence[int] | None = None,
    counts_unknown: bool = False,
    what: str = "",
) -> LineBounds:
    """The bounds of one line: the PCN of the tables (``pcn_table`` for a national
    final's own), the PP table's first place (``pp_table``: PP by place).
    ``counts_unknown``: the sessions' own counts are not known, only how many there are
    and the room's players; each session may then start a stage paid on its own, so a
    line holds at most the ceiling once a session."""
    players = session_players[0] if session_players else 0
    if pcn_table is not None:
        most_pcn = max(pcn_table, default=0)
    else:
        most_pcn = pcn_most(session_players, index, ceiling)
        if counts_unknown and len(session_players) > 1 and players >= MIN_PLAYERS:
            most_pcn = max(most_pcn, ceiling * len(session_players))
    most_pp = max(pp_table, default=0)
    why = (
        f"{what or 'tournoi'}, {players} joueurs, indice {index_text(index)} :"
        f" au plus {most_pcn} PCN et {most_pp} PP"
    )
    return LineBounds(most_pcn, most_pp, why)
