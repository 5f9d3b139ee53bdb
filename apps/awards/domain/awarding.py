"""Who earns which PCN and PP in one tournament, and why in words (fascicule 3, ch. 5).

- Under 12 players, or with an index its participation does not reach, nothing
  (« Organisation technique », « Application des Indices »).
- One session: en ligne, each line's players ranked on their own, half of the line's
  players (rounded up) by the en ligne table for the room's tables; where a section is a
  Howell (no classement alterné), the general ranking and the Howell table.
- Several sessions: the final general ranking and the several-sessions table, for half of
  the first session's players. Where a later session breaks the three conditions (a
  newcomer, more than half cut), it starts a new stage: « une demi-finale et une finale en
  deux séances ». Each stage is awarded on its own (its sessions' total ranking), and a
  player earns the sum.
- A national final: its own table of PCN and PP by place, shared by tied players.
- Each place's value is the table's times the index, rounded (.5 up), under the ceiling;
  tied players share the total of their places, rounded up (« Ex-æquo »): the ranking
  carries the ties (a championship breaks them by TOPs first, art. 20).
- PP (« Attribution de PP ») by place of the final ranking, shared alike. A tournament in
  one session outside the championships (a national open) is ranked by its classement
  alterné, « la référence pour l'homologation des tournois en une séance » (ch. 1,
  « 3ème étape »; a Howell has none: its general ranking). A championship stage keeps the
  general ranking that gives its titles and its qualified players (ch. 2).
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from itertools import pairwise

from apps.awards.domain import pcn
from apps.results.domain.rankings import (
    Standing,
    alternate_places,
    general_ranking,
    tournament_standings,
)
from apps.tournaments.domain.indices import MIN_PLAYERS

LINE_NAMES = {"N": "Nord", "S": "Sud", "E": "Est", "W": "Ouest"}
GENERAL, ALTERNATE = "général", "alterné"  # the rankings PP go by (« classement … »)


@dataclass(frozen=True)
class SessionPlay:
    """One session as the awards read it: its tables, whether a section is a Howell, each
    player's final percentage and TOPs, and their line (None in a Howell section)."""

    tables: int
    howell: bool
    results: dict[int, tuple[float | None, int]]  # player -> (final %, TOPs)
    lines: dict[int, str | None] = field(default_factory=dict)
    coefficient: float = 1.0


@dataclass(frozen=True)
class Facts:
    sessions: Sequence[SessionPlay]
    index: Decimal
    ceiling: int
    by_tops: bool = False  # a championship breaks ties by TOPs (art. 20)
    stage: str | None = None  # a championship stage's level
    overseas_local: bool = False
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
    inputs: dict


@dataclass(frozen=True)
class Outcome:
    awards: list[Awarded]
    rule: str
    refusal: str = ""


@dataclass
class _Won:
    """What a player earned so far: PCN, place, line, words, inputs."""

    pcn: int = 0
    place: int | None = None
    line: str = ""
    words: list[str] = field(default_factory=list)
    inputs: list[dict] = field(default_factory=list)


def _ordinal(place: int) -> str:
    return "1er" if place == 1 else f"{place}ᵉ"


def _index_text(index: Decimal) -> str:
    return f"indice {index.normalize():f}".replace(".", ",")


def _ranks(results: dict[int, tuple[float | None, int]], by_tops: bool) -> dict[int, int | None]:
    standings = [Standing(str(p), final, tops) for p, (final, tops) in results.items()]
    return {int(s.player): rank for s, rank in general_ranking(standings, by_tops=by_tops)}


def _share(ranks: dict[int, int | None], values: Sequence[int]) -> dict[int, int]:
    """{player: value} with ties sharing the total of their places."""
    order = sorted(ranks, key=lambda p: (ranks[p] is None, ranks[p] or 0, p))
    return dict(zip(order, pcn.shared([ranks[p] for p in order], values), strict=True))


def _tied(ranks: dict[int, int | None], player: int) -> bool:
    rank = ranks[player]
    return rank is not None and sum(r == rank for r in ranks.values()) > 1


def _credit(won: dict, ranks: dict, shares: dict, words: Callable, inputs: dict, line="") -> None:
    for player, rank in ranks.items():
        entry = won.setdefault(player, _Won())
        if not rank or not shares[player]:
            continue
        text = words(rank) + (" (ex æquo)" if _tied(ranks, player) else "")
        entry.pcn += shares[player]
        entry.place = entry.place or rank
        entry.line = entry.line or line
        entry.words.append(text)
        entry.inputs.append({**inputs, "place": rank, "shared": _tied(ranks, player)})


def _one_session(facts: Facts, session: SessionPlay, won: dict) -> str:
    index, tables = facts.index, session.tables
    if session.howell:
        values = pcn.place_values(pcn.howell_values(tables), index, facts.ceiling)
        ranks = _ranks(session.results, facts.by_tops)
        where = f"Howell {tables} tables, {_index_text(index)}"
        inputs = {"table": "howell", "tables": tables, "index": str(index)}
        _credit(
            won,
            ranks,
            _share(ranks, values),
            lambda rank: f"{_ordinal(rank)} du classement général, {where}",
            inputs,
        )
        return f"une séance Howell, {tables} tables"
    values = pcn.place_values(pcn.line_values(tables, ceiling=None), index, facts.ceiling)
    for line in sorted({line for line in session.lines.values() if line}):
        players = {p: r for p, r in session.results.items() if session.lines.get(p) == line}
        # « Dans chaque ligne la moitié des joueurs y a droit (arrondi … supérieure) ».
        line_values = values[: (len(players) + 1) // 2]
        ranks = _ranks(players, facts.by_tops)
        name = LINE_NAMES.get(line, line)
        where = f"{tables} tables, {_index_text(index)}"
        inputs = {"table": "ligne", "tables": tables, "index": str(index), "line": line}
        _credit(
            won,
            ranks,
            _share(ranks, line_values),
            lambda rank, name=name, where=where: f"{_ordinal(rank)} de la ligne {name}, {where}",
            inputs,
            line,
        )
    return f"une séance en ligne, {tables} tables"


def _stages(sessions: Sequence[SessionPlay]) -> list[list[SessionPlay]]:
    """The sessions grouped into stages: a session breaking the three conditions against
    the previous one starts a new stage (« Tournois Duplicates en plusieurs séances »)."""
    stages = [[sessions[0]]]
    for before, after in pairwise(sessions):
        broken = pcn.multi_session_conditions(
            [set(before.results), set(after.results)], qualifying_results_count=True
        )
        if broken:
            stages.append([after])
        else:
            stages[-1].append(after)
    return stages


def _final_ranks(sessions: Sequence[SessionPlay], by_tops: bool) -> dict[int, int | None]:
    """The stage's general ranking: the sessions' percentages times their coefficients."""
    standings = tournament_standings(
        [[Standing(str(p), f, t) for p, (f, t) in s.results.items()] for s in sessions],
        [s.coefficient for s in sessions],
    )
    return {int(s.player): rank for s, rank in general_ranking(standings, by_tops=by_tops)}


def _several_sessions(facts: Facts, sessions: Sequence[SessionPlay], won: dict) -> str:
    tables = sum(s.tables for s in sessions)
    table = pcn.multi_session_values(tables, len(sessions[0].results))
    values = pcn.place_values(table, facts.index, facts.ceiling)
    ranks = _final_ranks(sessions, facts.by_tops)
    count = len(sessions)
    where = f"{count} séances, {tables} tables, {_index_text(facts.index)}"
    inputs = {"table": "plusieurs séances", "tables": tables, "index": str(facts.index)}
    _credit(
        won,
        ranks,
        _share(ranks, values),
        lambda rank: f"{_ordinal(rank)} du classement général, {where}",
        inputs,
    )
    return f"{count} séances, {tables} tables au total"


def _refusal(facts: Facts, players: int) -> str:
    if players < MIN_PLAYERS:
        return f"moins de {MIN_PLAYERS} joueurs ({players}) : le tournoi n'attribue pas de PCN"
    refused = pcn.index_refusal(
        facts.index, players, stage=facts.stage, overseas_local=facts.overseas_local
    )
    return refused or ""


def _pp_ranks(facts: Facts, final: dict[int, int | None]) -> tuple[dict, str]:
    """The ranking PP go by, and its name: the classement alterné of a tournament in one
    session with lines outside the championships (ch. 1, « 3ème étape »), else the
    general ranking."""
    session = facts.sessions[0]
    if facts.stage is None and len(facts.sessions) == 1 and not session.howell:
        standings = [
            Standing(str(p), final_, tops, session.lines.get(p))
            for p, (final_, tops) in session.results.items()
        ]
        places = alternate_places(standings, by_tops=facts.by_tops)
        if places:
            return {int(p): place for p, place in places.items()}, ALTERNATE
    return final, GENERAL


def _stages_won(facts: Facts) -> tuple[dict[int, _Won], list[str]]:
    """What each player won stage by stage (each stage's rule named when there are
    several), and the rules applied."""
    won: dict[int, _Won] = {}
    stages = _stages(facts.sessions)
    rules = []
    for number, stage in enumerate(stages, start=1):
        before = {p: len(w.words) for p, w in won.items()}
        if len(stage) == 1:
            rule = _one_session(facts, stage[0], won)
        else:
            rule = _several_sessions(facts, stage, won)
        if len(stages) > 1:
            rules.append(f"stade {number} : {rule}")
            for player, entry in won.items():
                if len(entry.words) > before.get(player, 0):
                    entry.words[-1] = f"stade {number} : {entry.words[-1]}"
        else:
            rules.append(rule)
    return won, rules


def _awarded(player: int, entry: _Won, earned: int, pp_rank: int, pp_ranking: str) -> Awarded:
    """A player's award with the reason in words."""
    where = f"{_ordinal(pp_rank)} du classement {pp_ranking}"
    words = "; ".join(entry.words) or where
    text = f"{words} : {entry.pcn} PCN"
    if earned:
        alternate = pp_ranking == ALTERNATE and entry.words
        text += f", {earned} PP" + (f" ({where})" if alternate else "")
    inputs = {"places": entry.inputs}
    if earned:
        inputs |= {"pp_place": pp_rank, "pp_ranking": pp_ranking}
    place = entry.place or pp_rank
    return Awarded(player, entry.pcn, earned, place, entry.line, text, inputs)


def awards_compute(facts: Facts) -> Outcome:
    """Every player's PCN and PP, with the reason in words."""
    players = len(facts.sessions[0].results)
    refusal = _refusal(facts, players)
    if refusal:
        return Outcome([], "", refusal)
    final = _final_ranks(facts.sessions, facts.by_tops)
    if facts.national_final is not None:
        return _national_final(facts, final)
    won, rules = _stages_won(facts)
    pp_ranks, pp_ranking = _pp_ranks(facts, final)
    pp = _share(pp_ranks, facts.pp) if facts.pp else {}
    awards = [
        _awarded(player, entry, pp.get(player, 0), pp_ranks[player], pp_ranking)
        for player, entry in won.items()
        if entry.pcn or pp.get(player, 0)
    ]
    return Outcome(awards, " ; ".join(rules))


def _national_final(facts: Facts, final: dict[int, int | None]) -> Outcome:
    """The national final's table by place; players still equal after TOPs (art. 20) share
    the PCN and the PP of their places, as everywhere else (« Ex-æquo »)."""
    table = [facts.national_final(place) for place in range(1, len(final) + 1)]
    points = _share(final, [value for value, _pp in table])
    performance = _share(final, [value for _pcn, value in table])
    awards = []
    for player, rank in final.items():
        if not rank or not (points[player] or performance[player]):
            continue
        tied = _tied(final, player)
        text = (
            f"{_ordinal(rank)} de la finale nationale{' (ex æquo)' if tied else ''} : "
            f"{points[player]} PCN, {performance[player]} PP"
        )
        inputs = {"table": "finale nationale", "place": rank, "shared": tied}
        awards.append(Awarded(player, points[player], performance[player], rank, "", text, inputs))
    return Outcome(awards, "finale nationale : table de la finale")
