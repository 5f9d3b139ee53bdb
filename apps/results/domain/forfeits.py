"""Who a session ranks once players changed seats during play (fascicule 3, ch. 2 art. 18
« Retards »: forfait, then « le (ou les) remplaçant(s) prévu(s) »; ch. 1 « Le classement
en duplicate individuel »). The reading is written in docs/interpretations.md, « Only
what was played is ranked ».

A seat of the movement (a player code of a section) is held position after position; a
replacement gives it to another player from the position in play on, a late arrival
takes it while vacant (at a table where étuis of that position were scored, from the étui
after them: the position is then held in two parts). The session ranks:

- at most one player per seat: the one who holds it at its last position, and only if
  they played at least half of the seat's étuis themselves (``SHORT`` otherwise);
- never a player who left their seat before its last position: declared forfait and
  replaced (``FORFEIT``), they earn nothing, whatever étuis they played.

Every play stays in its étui's topage (the other players' notes do not change): only
the ranking leaves these players out, and lists them apart.
"""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import NamedTuple

from apps.results.domain.model import FORFEIT, SHORT, SessionResults, Unranked
from apps.results.domain.rankings import Standing, alternate_places, general_ranking


class SeatTurn(NamedTuple):
    """Who holds one seat at one position, and the étuis the seat plays there."""

    seat: str  # the movement's place: its section and player code
    position: int  # the order of play
    player: str | None  # None: the place is vacant
    etuis: int
    part: int = 0  # 1: the étuis taken over during the position, after the earlier holder's


@dataclass(frozen=True)
class SessionField:
    """The players a session ranks, and those it lists apart."""

    ranked: frozenset[str]
    unranked: tuple[Unranked, ...]

    @property
    def forfeits(self) -> frozenset[str]:
        return frozenset(u.player for u in self.unranked if u.reason == FORFEIT)


def _seats(turns: Iterable[SeatTurn]) -> dict[str, list[SeatTurn]]:
    """Each seat's turns in order of play. Raises ValueError for a player seen in two
    seats, or a seat held twice at one position."""
    seats: dict[str, list[SeatTurn]] = defaultdict(list)
    seat_of: dict[str, str] = {}
    for turn in turns:
        if turn.player is not None and seat_of.setdefault(turn.player, turn.seat) != turn.seat:
            raise ValueError(f"le joueur {turn.player} occupe deux places de la séance")
        seats[turn.seat].append(turn)
    for seat, held in seats.items():
        held.sort(key=lambda turn: (turn.position, turn.part))
        positions = [(turn.position, turn.part) for turn in held]
        if len(set(positions)) != len(positions):
            raise ValueError(f"la place {seat} est occupée deux fois à une même position")
    return seats


def _previous(held: list[SeatTurn], player: str) -> str | None:
    """Who held the seat just before the player first sat in it (None: vacant or nobody)."""
    first = next(index for index, turn in enumerate(held) if turn.player == player)
    return held[first - 1].player if first else None


def _next(held: list[SeatTurn], player: str) -> str | None:
    """Who took the seat once the player left it for the last time."""
    last = max(index for index, turn in enumerate(held) if turn.player == player)
    return held[last + 1].player


def session_field(turns: Iterable[SeatTurn]) -> SessionField:
    """The players the session ranks and those it lists apart, from who held each seat
    at each position (``SeatTurn``): every player appears once, ranked or not, and no
    seat ranks more than one player."""
    ranked: set[str] = set()
    unranked: list[Unranked] = []
    for held in _seats(turns).values():
        total = sum(turn.etuis for turn in held)
        played: dict[str, int] = defaultdict(int)
        for turn in held:
            if turn.player is not None:
                played[turn.player] += turn.etuis
        last = held[-1].player
        for player, etuis in played.items():
            if player != last:
                unranked.append(Unranked(player, FORFEIT, etuis, total, _next(held, player)))
            elif 2 * etuis >= total:
                ranked.add(player)
            else:
                unranked.append(Unranked(player, SHORT, etuis, total, _previous(held, player)))
    unranked.sort(key=lambda u: u.player)
    return SessionField(frozenset(ranked), tuple(unranked))


def ranked_results(
    results: SessionResults, field: SessionField, *, by_tops: bool
) -> SessionResults:
    """The results of the players the session ranks, ranked again among themselves (vacant
    places and the players listed apart take no place; their plays stay topés), with the
    players listed apart and their results, unranked."""
    players = {p.player: p for p in results.players if p.player in field.ranked}
    if len(players) == len(results.players) and not field.unranked:
        return results
    every = {p.player: replace(p, rank=None, rank_alternate=None) for p in results.players}
    unranked = tuple(replace(u, result=every.get(u.player)) for u in field.unranked)
    standings = [Standing(p.player, p.final, p.tops, p.line) for p in players.values()]
    alternate = alternate_places(standings, by_tops=by_tops)
    ranking = tuple(
        replace(players[s.player], rank=rank, rank_alternate=alternate.get(s.player))
        for s, rank in general_ranking(standings, by_tops=by_tops)
    )
    return replace(results, players=ranking, unranked=unranked)
