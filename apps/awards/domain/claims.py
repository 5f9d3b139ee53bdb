"""The control of claimed awards (fascicule 3, ch. 5, « Transmission »: the CCR president
« contrôle … la bonne attribution des Pcn et PP »): could a ranking of this tournament give
these PCN and PP? Used for files from other software, which carry awards but no scores.

A claim passes when its values can be laid on the places of one of the tables the
tournament could have used, given its players of each session and its index:

- one session: the en ligne table, each of the 4 lines paying half of its players (« Tournoi
  duplicate individuel en ligne »), or the Howell table over the whole room;
- several sessions: the several-sessions table for half of the first session's players
  (« Tournois Duplicates en plusieurs séances »); where the counts show a new stage (a
  player earns the sum of the stages, which no table gives), the claims are refused as
  not verifiable;
- each value times the index under the ceiling (« Plancher et plafonds »);
- tied players share the total of their places, rounded up (« Ex-æquo »), so a value
  between two places is a tie's share of consecutive places;
- PP: none in a regularity tournament; at index 1,5 the national opens' table, for the
  opens and the festivals (« Attribution de PP »). A championship stage's PP, and a
  national final's PCN, are those of the stage's own tables (``StageTables``, read from the
  stage Donne knows): never unchecked.

No declaration switches the check off: what it cannot verify (a new stage shown by the
counts, a room beyond the largest Donne seats) is refused with the reason, never passed.
The sessions are bounded (``sessions_bound_refusal``) before anything sized by them.

The claims are laid highest first, in a few greedy orders, then, if none lays them all, by
a bounded search. A room has ``tables = ⌈players / 4⌉`` tables, its vacant seats in any
line. A place may go to a player the file does not list (a guest): the check only refuses
what no ranking could produce — a value no place or tie gives, or more players at a value
than the places that give it.

Pure: plain numbers in, problems naming the expected values out.
"""

from bisect import bisect_left
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from itertools import accumulate, pairwise, product

from apps.awards.domain import pcn, pp
from apps.awards.domain.bounds import starts_stage
from apps.movements.domain.room import MAX_TABLES
from apps.tournaments.domain.indices import MIN_PLAYERS, Index
from apps.tournaments.domain.sessions import MAX_SESSIONS

SEATS = 4  # players at a table
LINES = 4  # N, S, E, W: en ligne each line is ranked on its own
MAX_SESSION_PLAYERS = SEATS * MAX_TABLES  # the largest room Donne seats: 600 players


def sessions_bound_refusal(session_players: Sequence[int]) -> str:
    """Why these sessions are beyond what Donne runs ("" when within): at most
    ``MAX_SESSIONS`` sessions, each of at most ``MAX_SESSION_PLAYERS`` players (the largest
    room, ``MAX_TABLES`` tables). Checked before any computation sized by them."""
    if len(session_players) > MAX_SESSIONS:
        return (
            f"{len(session_players)} séances déclarées : un tournoi en compte {MAX_SESSIONS}"
            " au plus"
        )
    largest = max(session_players, default=0)
    if largest > MAX_SESSION_PLAYERS:
        return (
            f"{largest} joueurs déclarés pour une séance : la plus grande salle en compte"
            f" {MAX_SESSION_PLAYERS} ({MAX_TABLES} tables)"
        )
    return ""


@dataclass(frozen=True)
class StageTables:
    """A championship stage's own tables, read from the stage Donne knows: its name, the PP
    of its places (0 past them: a semi-final pays none) and a national final's PCN by place
    (None: the PCN of its sessions' tables at the championships' ceiling)."""

    name: str
    pp: tuple[int, ...] = ()
    pcn: tuple[int, ...] | None = None


@dataclass(frozen=True)
class Scheme:
    """A table a ranking could use: its name in words and its rankings, each the value of
    its places in order (0 past the paid places, one place a player)."""

    name: str
    rankings: tuple[tuple[int, ...], ...]

    def expected(self) -> list[tuple[int, int]]:
        """(value, how many places give it), highest first; 0 left out."""
        counts = Counter(v for ranking in self.rankings for v in ranking if v)
        return sorted(counts.items(), reverse=True)


@dataclass(frozen=True)
class ClaimProblem:
    """``claimed`` players claim ``value`` ``points`` (« PCN » or « PP »), where a ranking
    gives it to at most ``possible``; ``scheme`` and ``expected`` name the table's values
    ((value, places) pairs, highest first)."""

    points: str
    value: int
    claimed: int
    possible: int
    scheme: str
    expected: tuple[tuple[int, int], ...]

    @property
    def message(self) -> str:
        players = f"{self.claimed} joueur" + ("s" if self.claimed > 1 else "")
        if self.possible:
            why = f"au plus {self.possible} place(s) le donnent"
        else:
            why = "aucune place ni aucun partage d'ex-æquo ne le donne"
        expected = ", ".join(
            f"{value} à {count} place" + ("s" if count > 1 else "")
            for value, count in self.expected
        )
        return (
            f"{self.points} {self.value} déclarés pour {players} : {why} ({self.scheme}) ;"
            f" attendus : {expected or 'aucun'}."
        )


@dataclass(frozen=True)
class ClaimRefusal:
    """Claims of ``points`` the check refuses as a whole: ``reason`` (French) says why it
    cannot verify them. Never a pass: what is not verified is refused."""

    points: str
    reason: str
    value: int = 0

    @property
    def message(self) -> str:
        return f"{self.points} invérifiables : {self.reason}."


def tables_of(players: int) -> int:
    """The tables a session of ``players`` players fills, a table of 4."""
    return -(-players // SEATS)


def _index_text(index: Decimal) -> str:
    return f"indice {index.normalize():f}".replace(".", ",")


def _padded(values: Sequence[int], places: int) -> tuple[int, ...]:
    return tuple(values[:places]) + (0,) * max(0, places - len(values))


def pcn_schemes(session_players: Sequence[int], index: Decimal, *, ceiling: int) -> list[Scheme]:
    """The tables a ranking of these sessions could pay PCN by."""
    first = session_players[0]
    if first < MIN_PLAYERS:
        return [Scheme(f"moins de {MIN_PLAYERS} joueurs : aucun PCN", ((),))]
    where = f"{_index_text(index)}"
    if len(session_players) > 1:
        tables = sum(tables_of(n) for n in session_players)
        values = pcn.place_values(pcn.multi_session_values(tables, first), index, ceiling)
        name = f"{len(session_players)} séances, {tables} tables, {where}"
        return [Scheme(name, (_padded(values, max(session_players)),))]
    tables = tables_of(first)
    schemes = []
    if tables >= pcn.LINE_FIRST_TABLES:
        values = pcn.place_values(pcn.line_values(tables, ceiling=None), index, ceiling)
        # Each line has one player a table but for the vacant seats, and pays half of its
        # players, rounded up: one scheme for each way the vacant seats fall in the lines.
        for sizes in line_sizes(first, tables):
            lines = tuple(_padded(values[: (size + 1) // 2], size) for size in sizes)
            schemes.append(Scheme(f"en ligne, {tables} tables, {where}", lines))
    values = pcn.place_values(pcn.howell_values(tables), index, ceiling)
    schemes.append(Scheme(f"Howell, {tables} tables, {where}", (_padded(values, first),)))
    return schemes


def line_sizes(players: int, tables: int) -> list[tuple[int, ...]]:
    """Every way ``players`` sit in the 4 lines of ``tables`` tables, as the lines' sizes
    (largest first): the vacant seats, fewer than 4, fall in any of the lines; the likeliest
    first, a seat in each line (the last table's)."""
    vacant = LINES * tables - players
    return sorted(
        {
            tuple(sorted((tables - v for v in split), reverse=True))
            for split in product(range(vacant + 1), repeat=LINES)
            if sum(split) == vacant
        },
        key=lambda sizes: (-min(sizes), sizes),
    )


def stages_split(session_players: Sequence[int]) -> bool:
    """Some session starts a new stage (``bounds.starts_stage``): each stage then pays on
    its own and a player earns the sum, which no table gives: the claims are refused."""
    return any(starts_stage(before, after) for before, after in pairwise(session_players))


def stage_pcn_scheme(stage: StageTables, players: int) -> Scheme:
    """A national final's own PCN table (« Finales nationales »), by place."""
    return Scheme(f"{stage.name}, {players} joueurs", (_padded(stage.pcn or (), players),))


def stage_pp_scheme(stage: StageTables, players: int) -> Scheme:
    """The PP the stage's table gives its places (« Attribution de PP »)."""
    if not any(stage.pp):
        return Scheme(f"{stage.name} : aucun PP", ((),))
    return Scheme(f"{stage.name}, PP de {players} joueurs", (_padded(stage.pp, players),))


def pp_schemes(players: int, index: Decimal) -> list[Scheme]:
    """The PP tables of a tournament that is not a championship, the likeliest first."""
    none = Scheme("tournoi de régularité : aucun PP", ((),))
    if index != Index.NATIONAL:
        return [none]
    values = [pp.national_open_pp(players, place) for place in range(1, players + 1)]
    return [Scheme(f"Open national, {players} joueurs", (tuple(values),)), none]


class _Rankings:
    """A scheme's rankings as claims are laid on them, highest claim first: each ranking's
    next free place (the places before it are taken, or went to a player the file does
    not list)."""

    def __init__(self, scheme: Scheme):
        self.rankings = scheme.rankings
        self.next = [0] * len(scheme.rankings)
        self.sums = [list(accumulate(ranking, initial=0)) for ranking in scheme.rankings]
        self.longest = max(map(len, scheme.rankings))

    def _share(self, which: int, start: int, size: int) -> int:
        """« Ex-æquo »: the rounded-up share of ``size`` tied players from ``start``."""
        sums = self.sums[which]
        return -(-(sums[start + size] - sums[start]) // size)

    def place(self, which: int, value: int, size: int, first: int) -> int | None:
        """The first place from ``first`` from which ``size`` tied players share ``value``
        in the ranking (1 player: their place's value). A share falls as its first place
        does, so it is found by bisection."""
        starts = range(first, len(self.rankings[which]) - size + 1)
        found = bisect_left(starts, -value, key=lambda s: -self._share(which, s, size))
        if found < len(starts) and self._share(which, starts[found], size) == value:
            return starts[found]
        return None

    def lay(self, value: int, most: int, order: "_Order") -> int:
        """Lay up to ``most`` players claiming ``value`` on one ranking, on the ranking that
        wastes the fewest places: as many tied as one tie allows, or as few; the least
        advanced ranking first (each line's best come first) or the most advanced; the
        shortest or the longest (``order``); how many were laid (0: no place or tie gives
        the value)."""
        sizes = range(1, min(most, self.longest) + 1)
        for size in reversed(sizes) if order.ties_first else sizes:
            fits = []
            for which in range(len(self.rankings)):
                start = self.place(which, value, size, self.next[which])
                if start is not None:
                    length = len(self.rankings[which])
                    fits.append(
                        (
                            start - self.next[which],
                            self.next[which] if order.spread else -self.next[which],
                            length if order.short_first else -length,
                            which,
                            start,
                        )
                    )
            if fits:
                *_order, which, start = min(fits)
                self.next[which] = start + size
                return size
        return 0


# The search that settles what the greedy orders could not: at most this many claims (a
# room of 150 tables) and this many places looked for (a fraction of a second).
MAX_SEARCHED_CLAIMS = 600
SEARCH_BUDGET = 100_000


@dataclass(frozen=True)
class _Order:
    """One way of laying the claims on a scheme's rankings (see ``_Rankings.lay``)."""

    ties_first: bool
    spread: bool
    short_first: bool


# Tied players together or apart, spread over the lines or packed, shorter lines first or
# longer: a greedy way each, one of which lays a real ranking's awards.
ORDERS = [_Order(*flags) for flags in product((True, False), repeat=3)]


def _unlaid(scheme: Scheme, values: Sequence[int], order: _Order) -> dict[int, tuple[int, int]]:
    """{value: (claimed, laid)} for the values of ``values`` the scheme's places do not all
    take, laid highest first."""
    rankings = _Rankings(scheme)
    missing = {}
    for value, claimed in sorted(Counter(v for v in values if v).items(), reverse=True):
        left = claimed
        while left:
            laid = rankings.lay(value, left, order)
            if not laid:
                break
            left -= laid
        if left:
            missing[value] = (claimed, claimed - left)
    return missing


class _Search:
    """The depth-first search of ``_laid_by_search``: at each claimed value, how many tied
    players it takes and in which ranking, the failed states remembered (identical
    rankings as one), every try counted against ``SEARCH_BUDGET``."""

    def __init__(self, scheme: Scheme, counts: list[tuple[int, int]]):
        self.counts = counts
        self.rankings = _Rankings(scheme)
        self.alike = [scheme.rankings.index(ranking) for ranking in scheme.rankings]
        self.failed: set = set()
        self.budget = SEARCH_BUDGET

    def _state(self, position: int, left: int, nexts: tuple[int, ...]) -> tuple:
        groups: dict[int, list[int]] = {}
        for which, first in enumerate(nexts):
            groups.setdefault(self.alike[which], []).append(first)
        return position, left, tuple(sorted((g, tuple(sorted(n))) for g, n in groups.items()))

    def _moves(self, value: int, left: int, nexts: tuple[int, ...]):
        """Each distinct way of laying tied players of ``value`` next, the most first: how
        many, and where each ranking then goes on; none once the budget is spent."""
        for size in range(min(left, self.rankings.longest), 0, -1):
            tried = set()
            for which, first in enumerate(nexts):
                if (self.alike[which], first) in tried:
                    continue
                tried.add((self.alike[which], first))
                self.budget -= 1
                if self.budget < 0:
                    return
                start = self.rankings.place(which, value, size, first)
                if start is not None:
                    yield size, (*nexts[:which], start + size, *nexts[which + 1 :])

    def solve(self, position: int, left: int, nexts: tuple[int, ...]) -> bool:
        if not left:
            position += 1
            if position == len(self.counts):
                return True
            left = self.counts[position][1]
        seen = self._state(position, left, nexts)
        if seen in self.failed or self.budget < 0:
            return False
        value = self.counts[position][0]
        for size, after in self._moves(value, left, nexts):
            if self.solve(position, left - size, after):
                return True
        if self.budget >= 0:
            self.failed.add(seen)
        return False


def _laid_by_search(scheme: Scheme, values: Sequence[int]) -> bool:
    """Whether some laying of the claims takes them all: a depth-first search over the
    ranking and the number of tied players each claim takes, highest value first, the
    failed states remembered (identical rankings as one); bounded, so that a made-up file
    costs little."""
    counts = sorted(Counter(v for v in values if v).items(), reverse=True)
    if not counts:
        return True
    if sum(count for _value, count in counts) > MAX_SEARCHED_CLAIMS:
        return False
    return _Search(scheme, counts).solve(0, counts[0][1], (0,) * len(scheme.rankings))


def _problems(points: str, values: Sequence[int], schemes: Sequence[Scheme]) -> list[ClaimProblem]:
    """None when a scheme takes every value; else the problems of the closest scheme, the
    first of equals (at least one scheme: no table is no pass)."""
    if not schemes:
        raise ValueError("aucun tableau pour contrôler les attributions")
    best: list[ClaimProblem] = []
    for number, scheme in enumerate(schemes):
        missing = min(
            (_unlaid(scheme, values, order) for order in ORDERS),
            key=lambda found: sum(claimed - laid for claimed, laid in found.values()),
        )
        if not missing or _laid_by_search(scheme, values):
            return []
        expected = tuple(scheme.expected())
        problems = [
            ClaimProblem(points, value, claimed, laid, scheme.name, expected)
            for value, (claimed, laid) in missing.items()
        ]
        if not number or _weight(problems) < _weight(best):
            best = problems
    return best


def _weight(problems: Sequence[ClaimProblem]) -> int:
    return sum(problem.claimed - problem.possible for problem in problems)


def awards_claim_problems(
    claimed: Sequence[tuple[int, int]],
    *,
    session_players: Sequence[int],
    index: Decimal,
    stage: StageTables | None = None,
) -> list[ClaimProblem | ClaimRefusal]:
    """What no ranking of the tournament could give among the claimed ``(pcn, pp)`` of its
    players: the problems with the values the tables expect, or a refusal saying why the
    claims cannot be verified; an empty list only when some ranking gives them all.
    ``session_players``: the players of each session, the first session first, bounded
    before anything is computed; ``stage``: a championship stage's tables (ceiling 5000,
    its PP, a national final's PCN)."""
    bound = sessions_bound_refusal(session_players)
    if bound:
        return [ClaimRefusal("PCN et PP", bound)]
    if not session_players or any(n < 0 for n in session_players):
        raise ValueError("donnez le nombre de joueurs de chaque séance")
    if len(session_players) > 1 and stages_split(session_players):
        counts = ", ".join(map(str, session_players))
        return [
            ClaimRefusal(
                "PCN",
                f"les joueurs des séances ({counts}) montrent un nouveau stade (des entrants, ou"
                " plus de la moitié éliminés) : chaque stade paie à part et un joueur reçoit"
                " leur somme, qu'aucun tableau ne donne",
            )
        ]
    first = session_players[0]
    if stage is not None and stage.pcn is not None:
        schemes = [stage_pcn_scheme(stage, first)]
    else:
        ceiling = pcn.REGIONAL_CHAMPIONSHIP_CEILING if stage else pcn.REGULARITY_CEILING
        schemes = pcn_schemes(session_players, index, ceiling=ceiling)
    problems: list[ClaimProblem | ClaimRefusal] = []
    problems += _problems("PCN", [points for points, _pp in claimed], schemes)
    pp_tables = [stage_pp_scheme(stage, first)] if stage else pp_schemes(first, index)
    problems += _problems("PP", [earned for _pcn, earned in claimed], pp_tables)
    return problems
