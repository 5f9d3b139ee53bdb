"""Who earns which PCN and PP in one tournament, and why in words (fascicule 3, ch. 5).

- Under 12 players, or with an index its participation does not reach, nothing
  (« Organisation technique », « Application des Indices »).
- One session en ligne: in each line, its players ranked on their own, the en ligne
  table for the room's tables; Howell: the general ranking and the Howell table.
- Several sessions: the final general ranking and the several-sessions table, when the
  three conditions hold; otherwise each session is a stage of its own, awarded alone, and
  a player earns the sum.
- A national final: its own table of PCN and PP by place.
- Each place's value is the table's times the index, rounded (.5 up), under the ceiling; tied
  players share the total of their places, rounded up (« Ex-æquo »): the ranks given
  carry the ties (a championship has broken them by TOPs already, art. 20).
- PP (« Attribution de PP ») by place, from the per-place values the caller chose.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

from apps.awards.domain import pcn

MIN_PLAYERS = 12  # « Tournoi duplicate individuel : minimum 12 joueurs »
LINE_NAMES = {"N": "Nord", "S": "Sud", "E": "Est", "W": "Ouest"}


@dataclass(frozen=True)
class SessionPlay:
    """One session as the awards read it: its tables, whether it is a Howell, and each
    player's rank in it (general, and within their line)."""

    tables: int
    howell: bool
    ranks: dict[int, int | None]  # player -> general rank
    lines: dict[int, str | None] = field(default_factory=dict)  # player -> line
    line_ranks: dict[int, int | None] = field(default_factory=dict)  # player -> rank in line


@dataclass(frozen=True)
class Facts:
    sessions: Sequence[SessionPlay]
    final_ranks: dict[int, int | None]  # player -> final general rank
    index: Decimal
    ceiling: int
    stage: str | None = None  # a championship stage's level
    overseas_local: bool = False
    qualifying_results_count: bool = True
    pp: Sequence[int] = ()  # PP by place of the final general ranking
    national_final: Callable[[int], tuple[int, int]] | None = None  # place -> (PCN, PP)


@dataclass(frozen=True)
class Awarded:
    player: int
    pcn: int
    pp: int
    place: int | None
    line: str
    reason: str


@dataclass(frozen=True)
class Outcome:
    awards: list[Awarded]
    rule: str
    refusal: str = ""


def _ordinal(place: int) -> str:
    return "1er" if place == 1 else f"{place}ᵉ"


def _index_text(index: Decimal) -> str:
    return f"indice {index.normalize():f}".replace(".", ",")


def _share(ranks: dict[int, int | None], values: Sequence[int]) -> dict[int, int]:
    """{player: value} with ties sharing the total of their places."""
    order = sorted(ranks, key=lambda p: (ranks[p] is None, ranks[p] or 0, p))
    return dict(zip(order, pcn.shared([ranks[p] for p in order], values), strict=True))


def _tied(ranks: dict[int, int | None], player: int) -> bool:
    rank = ranks[player]
    return rank is not None and sum(r == rank for r in ranks.values()) > 1


def _one_session(facts: Facts, session: SessionPlay) -> tuple[dict, str]:
    """{player: (pcn, place, line, words)} of a one-session tournament, and the rule."""
    index = facts.index
    won = {}
    if session.howell:
        values = pcn.place_values(pcn.howell_values(session.tables), index, facts.ceiling)
        shares = _share(session.ranks, values)
        where = f"Howell {session.tables} tables, {_index_text(index)}"
        for player, rank in session.ranks.items():
            words = f"{_ordinal(rank)} du classement général, {where}" if rank else ""
            if rank and _tied(session.ranks, player):
                words += " (ex æquo)"
            won[player] = (shares[player], rank, "", words)
        return won, f"une séance Howell, {session.tables} tables"
    values = pcn.place_values(pcn.line_values(session.tables), index, facts.ceiling)
    for line in sorted({line for line in session.lines.values() if line}):
        ranks = {p: session.line_ranks[p] for p, lne in session.lines.items() if lne == line}
        shares = _share(ranks, values)
        for player, rank in ranks.items():
            name = LINE_NAMES.get(line, line)
            words = (
                f"{_ordinal(rank)} de la ligne {name}, {session.tables} tables, "
                f"{_index_text(index)}"
                if rank
                else ""
            )
            if rank and _tied(ranks, player):
                words += " (ex æquo)"
            won[player] = (shares[player], rank, line, words)
    return won, f"une séance en ligne, {session.tables} tables"


def _several_sessions(facts: Facts) -> tuple[dict, str]:
    tables = sum(s.tables for s in facts.sessions)
    first = len(facts.sessions[0].ranks)
    table = pcn.multi_session_values(tables, first)
    values = pcn.place_values(table, facts.index, facts.ceiling)
    shares = _share(facts.final_ranks, values)
    won = {}
    count = len(facts.sessions)
    for player, rank in facts.final_ranks.items():
        words = (
            f"{_ordinal(rank)} du classement général, {count} séances, {tables} tables, "
            f"{_index_text(facts.index)}"
            if rank
            else ""
        )
        if rank and _tied(facts.final_ranks, player):
            words += " (ex æquo)"
        won[player] = (shares[player], rank, "", words)
    return won, f"{count} séances, {tables} tables au total"


def _sessions_apart(facts: Facts) -> tuple[dict, str]:
    """Each session a stage of its own: a player earns the sum of their sessions."""
    won: dict[int, tuple] = {}
    for number, session in enumerate(facts.sessions, start=1):
        for player, (points, place, line, words) in _one_session(facts, session)[0].items():
            before = won.get(player, (0, None, "", ""))
            text = "; ".join(
                w for w in (before[3], f"séance {number} : {words}" if words else "") if w
            )
            won[player] = (before[0] + points, before[1] or place, before[2] or line, text)
    return won, "chaque séance est un stade distinct"


def awards_compute(facts: Facts, players: int) -> Outcome:
    """Every player's PCN and PP, with the reason in words; ``players``: the players of the
    first session."""
    if players < MIN_PLAYERS:
        refusal = f"moins de {MIN_PLAYERS} joueurs ({players}) : le tournoi n'attribue pas de PCN"
        return Outcome([], "", refusal)
    refusal = pcn.index_refusal(
        facts.index, players, stage=facts.stage, overseas_local=facts.overseas_local
    )
    if refusal:
        return Outcome([], "", refusal)
    if facts.national_final is not None:
        return _national_final(facts)
    if len(facts.sessions) == 1:
        won, rule = _one_session(facts, facts.sessions[0])
    else:
        failing = pcn.multi_session_conditions(
            [set(s.ranks) for s in facts.sessions],
            qualifying_results_count=facts.qualifying_results_count,
        )
        won, rule = _sessions_apart(facts) if failing else _several_sessions(facts)
        if failing:
            rule = f"{rule} ({'; '.join(failing)})"
    pp = _share(facts.final_ranks, facts.pp) if facts.pp else {}
    awards = []
    for player, (points, place, line, words) in won.items():
        earned = pp.get(player, 0)
        if not points and not earned:
            continue
        text = f"{words} : {points} PCN" + (f", {earned} PP" if earned else "")
        awards.append(Awarded(player, points, earned, place, line, text))
    return Outcome(awards, rule)


def _national_final(facts: Facts) -> Outcome:
    awards = []
    for player, rank in facts.final_ranks.items():
        if not rank:
            continue
        points, earned = facts.national_final(rank)
        if points or earned:
            text = f"{_ordinal(rank)} de la finale nationale : {points} PCN, {earned} PP"
            awards.append(Awarded(player, points, earned, rank, "", text))
    return Outcome(awards, "finale nationale : table de la finale")
