"""A club tournament of two-player matches (belote): the rounds of a round robin, rounds
paired by the standings, and the standings.

Where the rules are silent, we chose:
- Round robin by the circle method: with an odd number of players, each round one player
  has the bye, every player once.
- Rounds paired by the standings: the best placed player meets the next best placed one
  they have not met yet, and so on down the standings (going back on a pairing when the
  players left could not all be paired otherwise); with an odd number of players the
  lowest placed player who has not had the bye has it.
- A bye counts as a match won, without points.
- Standings by matches won; between players equal on that, the matches they won against
  one another (for two players, the match between them) before the other criteria; then
  the difference of points over the matches (the player's totals less their opponents'),
  then the points scored; players equal on all four share the rank.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

Pair = tuple[str, str | None]  # (player, opponent); opponent None: the bye


def round_robin(players: Sequence[str]) -> list[list[Pair]]:
    """Every round of a round robin: each player meets each other once."""
    if len(set(players)) != len(players) or len(players) < 2:
        raise ValueError("au moins deux joueurs, chacun une fois")
    seats: list[str | None] = list(players)
    if len(seats) % 2:
        seats.append(None)
    rounds = []
    for _ in range(len(seats) - 1):
        half = len(seats) // 2
        pairs = []
        for first, second in zip(seats[:half], reversed(seats[half:]), strict=True):
            if first is None:
                first, second = second, None
            pairs.append((first, second))
        rounds.append(pairs)
        seats = [seats[0], seats[-1], *seats[1:-1]]
    return rounds


def standings_pairing(
    ranked: Sequence[str], met: Mapping[str, set[str]], had_bye: Iterable[str] = ()
) -> list[Pair]:
    """The next round paired by the standings (``ranked``: best first), no two players
    meeting again; ValueError when no such pairing exists."""
    players = list(ranked)
    byes = set(had_bye)
    pairs: list[Pair] = []
    if len(players) % 2:
        candidates = [p for p in reversed(players) if p not in byes] or list(reversed(players))
        bye = candidates[0]
        players.remove(bye)
        pairs.append((bye, None))
    paired = _pair(players, met)
    if paired is None:
        raise ValueError("aucun appariement sans revoir un adversaire déjà rencontré")
    return paired + pairs


def _pair(players: list[str], met: Mapping[str, set[str]]) -> list[Pair] | None:
    if not players:
        return []
    first, rest = players[0], players[1:]
    for index, opponent in enumerate(rest):
        if opponent in met.get(first, set()):
            continue
        others = _pair(rest[:index] + rest[index + 1 :], met)
        if others is not None:
            return [(first, opponent), *others]
    return None


@dataclass(frozen=True)
class MatchResult:
    """A match played: each player's total and the winner; or a bye (``second`` None)."""

    first: str
    second: str | None
    totals: tuple[int, int] = (0, 0)
    winner: str | None = None


@dataclass(frozen=True)
class MatchStanding:
    player: str
    rank: int
    played: int
    won: int
    difference: int
    points: int


def _among_themselves(rows: dict, results: list[MatchResult]) -> dict[str, int]:
    """For each player, the matches won against the players with as many wins as theirs."""
    beaten = dict.fromkeys(rows, 0)
    for result in results:
        if result.second is None or result.winner is None:
            continue
        loser = result.second if result.winner == result.first else result.first
        if rows[result.winner][1] == rows[loser][1]:
            beaten[result.winner] += 1
    return beaten


def match_standings(players: Iterable[str], results: Iterable[MatchResult]) -> list[MatchStanding]:
    """The standings after these matches (see the module for the order)."""
    results = list(results)
    rows = {player: [0, 0, 0, 0] for player in players}  # played, won, difference, points
    for result in results:
        if result.second is None:
            rows[result.first][0] += 1
            rows[result.first][1] += 1
            continue
        for me, mine, theirs in (
            (result.first, result.totals[0], result.totals[1]),
            (result.second, result.totals[1], result.totals[0]),
        ):
            rows[me][0] += 1
            rows[me][1] += result.winner == me
            rows[me][2] += mine - theirs
            rows[me][3] += mine
    among = _among_themselves(rows, results)
    order = {p: (-rows[p][1], -among[p], -rows[p][2], -rows[p][3]) for p in rows}
    standings: list[MatchStanding] = []
    previous = None
    for index, player in enumerate(sorted(rows, key=lambda p: (order[p], p)), start=1):
        played, won, difference, points = rows[player]
        rank = standings[-1].rank if order[player] == previous else index
        standings.append(MatchStanding(player, rank, played, won, difference, points))
        previous = order[player]
    return standings
