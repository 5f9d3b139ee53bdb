"""A team pinochle tournament (docs/reference/pinochle-tournament-rules.txt): the bids,
the score of each hand, a round's sheet to 500 points, the A/B table rotation, the bye's
score and the standings.

Rules as written:
- Bids from 50 by 1 up to 60, then by 5 (« BIDDING »).
- 20-point minimum for meld and tricks; the bidding team must hold a marriage to name
  trump: without one it is board set and the hand is not played; a bidding team that
  cannot make board is board set too, the opponents receive their meld (20 or more) and
  the hand is not played.
- A renege costs its team 100, or the bid when the bid is over 100; the opponents score
  their meld (20 or more) and the hand's 50 trick points.
- A Boston (one team takes all 20 tricks) is an automatic win.
- Eight rounds of 50 minutes or 500 points, whichever comes first; « A » teams keep
  their table, « B » teams move up one table each round; with an odd number of teams the
  bye receives the average score of the round's winning teams; standings by wins and
  losses, total points breaking ties.

Where the rules are silent, we chose:
- The 20-point minimum: a team's trick points count only when they reach 20, and its
  meld only when it reaches 20 and the team's trick points do too (« 20 to save meld »).
- A team without a marriage is set by its bid and the opponents score nothing (the rule
  gives them nothing, unlike « cannot make board »).
- A bid is made when the team's counted meld and trick points reach it; a team set loses
  its bid.
- A Boston's hand is scored as played (its team took the 50 trick points) and ends the
  round, won by that team.
- When both teams pass 500 on the same hand, the bidding team wins (it counts out first).
  When time is called, the higher total wins; equal, another hand is played.
- With an odd number of teams the missing team is the last « A »: the « B » team that
  reaches its table has the bye. The bye counts as a win, with the average of the round's
  winning scores rounded to the nearest point (a half up).
- A team that leaves a round, or does not come to play it (a forfeit), loses it with the
  points it wrote; the team left without opponents wins it and scores as the bye does,
  the average of the round's other winning scores.
"""

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from math import ceil, floor

GAME = 500
ROUNDS = 8
ROUND_MINUTES = 50
TRICK_POINTS = 50  # the counters of a hand, last trick included
TRICKS = 20
MINIMUM = 20
LOWEST_BID = 50
STEP_FROM = 60  # bids go by 1 up to 60, then by 5
RENEGE = 100
TEAMS = (0, 1)


def bid_valid(bid: int) -> bool:
    """« The lowest bid is 50 and continues in multiples of 1 until 60 and in multiples of
    5 after 60. »"""
    return bid >= LOWEST_BID and (bid <= STEP_FROM or bid % 5 == 0)


class Outcome(StrEnum):
    PLAYED = "played"
    NO_MARRIAGE = "no_marriage"  # board set, not played
    CANNOT_MAKE_BOARD = "cannot_make_board"  # board set, not played
    RENEGE = "renege"
    BOSTON = "boston"  # one team took all 20 tricks


@dataclass(frozen=True)
class PinochleHand:
    """One hand of the score sheet; teams are 0 and 1."""

    bidder: int
    bid: int
    meld: tuple[int, int]
    tricks: tuple[int, int] = (0, 0)  # trick points, 50 together once played
    outcome: Outcome = Outcome.PLAYED
    team: int | None = None  # the team that reneged, or that took every trick (Boston)

    def __post_init__(self):
        outcome = Outcome(self.outcome)
        object.__setattr__(self, "outcome", outcome)
        if self.bidder not in TEAMS:
            raise ValueError("l'équipe qui a annoncé : 0 ou 1")
        if not bid_valid(self.bid):
            raise ValueError(f"enchère {self.bid} : de 50 à 60 de 1 en 1, puis de 5 en 5 (65, 70…)")
        if any(value < 0 for value in (*self.meld, *self.tricks)):
            raise ValueError("la déclaration et les points de levées sont positifs")
        played = outcome in (Outcome.PLAYED, Outcome.BOSTON)
        if played and sum(self.tricks) != TRICK_POINTS:
            raise ValueError(f"les points de levées d'une donne jouée font {TRICK_POINTS}")
        if not played and any(self.tricks):
            raise ValueError("une donne non jouée n'a pas de points de levées")
        needs_team = outcome in (Outcome.RENEGE, Outcome.BOSTON)
        if needs_team != (self.team in TEAMS):
            raise ValueError("la renonce ou le Boston nomme son équipe, et eux seuls")
        if outcome is Outcome.BOSTON and self.tricks[self.team] != TRICK_POINTS:
            raise ValueError("un Boston prend les 20 levées et leurs 50 points")
        if outcome is Outcome.PLAYED and not can_make_board(self.meld[self.bidder], self.bid):
            raise ValueError(
                f"avec {self.meld[self.bidder]} de déclaration, l'équipe qui a l'enchère ne "
                f"peut pas atteindre {self.bid} même avec les {TRICK_POINTS} points de levées : "
                "elle est mise au tableau et la donne ne se joue pas (« ne peut pas faire "
                "le tableau »)"
            )


def can_make_board(meld: int, bid: int) -> bool:
    """« If the team with the bid cannot make board … the hand is not played »: its meld
    as it can count (20 at least) and every trick point (50) reach the bid."""
    return _meld_only(meld) + TRICK_POINTS >= bid


def _counted(meld: int, tricks: int) -> int:
    """Meld and trick points as the 20-point minimum lets them count."""
    counted_tricks = tricks if tricks >= MINIMUM else 0
    counted_meld = meld if meld >= MINIMUM and counted_tricks else 0
    return counted_meld + counted_tricks


def _meld_only(meld: int) -> int:
    """The opponents' meld when the bidding team cannot make board: « (if 20 plus) »."""
    return meld if meld >= MINIMUM else 0


def _meld_over_20(meld: int) -> int:
    """The opponents' meld after a renege: « their meld (if over 20) », 20 not included."""
    return meld if meld > MINIMUM else 0


def renege_penalty(bid: int) -> int:
    """100, or the bid when it is over 100."""
    return bid if bid > RENEGE else RENEGE


@dataclass(frozen=True)
class HandScore:
    scores: tuple[int, int]
    set: bool  # the bidding team went set (the hand circled on the sheet)


def hand_score(hand: PinochleHand) -> HandScore:
    """What the hand writes for each team."""
    bidder, other = hand.bidder, 1 - hand.bidder
    scores = [0, 0]
    if hand.outcome is Outcome.RENEGE:
        offender = hand.team
        scores[offender] = -renege_penalty(hand.bid)
        scores[1 - offender] = _meld_over_20(hand.meld[1 - offender]) + TRICK_POINTS
        return HandScore(tuple(scores), set=offender == bidder)
    if hand.outcome is Outcome.NO_MARRIAGE:
        scores[bidder] = -hand.bid
        return HandScore(tuple(scores), set=True)
    if hand.outcome is Outcome.CANNOT_MAKE_BOARD:
        scores[bidder] = -hand.bid
        scores[other] = _meld_only(hand.meld[other])
        return HandScore(tuple(scores), set=True)
    made = _counted(hand.meld[bidder], hand.tricks[bidder])
    went_set = made < hand.bid
    scores[bidder] = -hand.bid if went_set else made
    scores[other] = _counted(hand.meld[other], hand.tricks[other])
    return HandScore(tuple(scores), set=went_set)


@dataclass(frozen=True)
class RoundLine:
    hand: PinochleHand
    score: HandScore
    totals: tuple[int, int]


@dataclass(frozen=True)
class RoundSheet:
    lines: tuple[RoundLine, ...]
    totals: tuple[int, int]
    winner: int | None  # None while the round goes on
    ended_by: str = ""  # "game" (500), "boston", "time" or "left" (a team left)


def _round_winner(hand: PinochleHand, totals: tuple[int, int], game: int) -> tuple[int | None, str]:
    if hand.outcome is Outcome.BOSTON:
        return hand.team, "boston"
    out = [team for team in TEAMS if totals[team] >= game]
    if len(out) == 2:
        return hand.bidder, "game"
    if out:
        return out[0], "game"
    return None, ""


def round_left(sheet: RoundSheet, team: int) -> RoundSheet:
    """The sheet of a round that ``team`` left, or did not come to play (a forfeit): the
    other team wins; the hands written stand. The winner scores as the bye does
    (``bye_score``, in the standings). Raises ValueError when the round is over already."""
    if sheet.winner is not None:
        raise ValueError("la manche est finie : personne ne l'abandonne")
    if team not in TEAMS:
        raise ValueError("l'équipe A ou l'équipe B")
    return RoundSheet(sheet.lines, sheet.totals, 1 - team, "left")


def round_sheet(
    hands: Sequence[PinochleHand], *, time_called: bool = False, game: int = GAME
) -> RoundSheet:
    """A round's sheet hand by hand, and its winner: 500 points, a Boston, or the higher
    total once time is called. Raises ValueError for a hand after the end."""
    totals = (0, 0)
    lines: list[RoundLine] = []
    winner, ended_by = None, ""
    for hand in hands:
        if winner is not None:
            raise ValueError("la manche est finie : aucune donne ne la suit")
        score = hand_score(hand)
        totals = (totals[0] + score.scores[0], totals[1] + score.scores[1])
        lines.append(RoundLine(hand, score, totals))
        winner, ended_by = _round_winner(hand, totals, game)
    if winner is None and time_called and totals[0] != totals[1]:
        winner, ended_by = (0 if totals[0] > totals[1] else 1), "time"
    return RoundSheet(tuple(lines), totals, winner, ended_by)


# --- the tournament ----------------------------------------------------------------


def tables_for(teams: int) -> int:
    return ceil(teams / 2)


def team_numbers(teams: int) -> list[str]:
    """The numbers the teams draw: 1A, 1B, 2A, 2B… With an odd number of teams the last
    « A » is left out: its table gives the bye."""
    if teams < 2:
        raise ValueError("un tournoi se joue à deux équipes au moins")
    tables = tables_for(teams)
    numbers = [f"{table}{side}" for table in range(1, tables + 1) for side in "AB"]
    if teams % 2:
        numbers.remove(f"{tables}A")
    return numbers


def table_of(number: str, round_number: int, tables: int) -> int:
    """The table of a team's number at a round (1…): « A » teams stay, « B » teams move
    up one table each round, from the last back to the first."""
    table, side = int(number[:-1]), number[-1]
    if side == "A":
        return table
    return (table - 1 + round_number - 1) % tables + 1


@dataclass(frozen=True)
class Pairing:
    table: int
    a: str | None  # None: nobody (the bye's table)
    b: str


def round_pairings(teams: int, round_number: int) -> list[Pairing]:
    """Who plays whom at each table in a round, by team number; the table without an
    « A » team is the bye."""
    tables = tables_for(teams)
    numbers = team_numbers(teams)
    a_teams = {int(n[:-1]): n for n in numbers if n.endswith("A")}
    b_at = {table_of(n, round_number, tables): n for n in numbers if n.endswith("B")}
    return [Pairing(table, a_teams.get(table), b_at[table]) for table in range(1, tables + 1)]


def bye_score(winning_scores: Sequence[int]) -> int:
    """The average score of the round's winning teams, to the nearest point (a half up)."""
    if not winning_scores:
        raise ValueError("la moyenne des gagnants d'une manche sans gagnant n'existe pas")
    mean = Fraction(sum(winning_scores), len(winning_scores))
    return floor(mean + Fraction(1, 2))


@dataclass(frozen=True)
class TeamResult:
    """One team's round: won (a bye counts as a win) and the points scored."""

    won: bool
    points: int


@dataclass(frozen=True)
class Standing:
    team: str
    rank: int
    wins: int
    losses: int
    points: int


def standings(results: Mapping[str, Sequence[TeamResult]]) -> list[Standing]:
    """Teams by wins, then total points; equal on both, they share the rank."""
    rows = [
        (
            team,
            sum(r.won for r in rounds),
            sum(not r.won for r in rounds),
            sum(r.points for r in rounds),
        )
        for team, rounds in results.items()
    ]
    rows.sort(key=lambda row: (-row[1], -row[3], row[0]))
    ranked, previous = [], None
    for index, (team, wins, losses, points) in enumerate(rows, start=1):
        rank = previous[1] if previous and previous[0] == (wins, points) else index
        ranked.append(Standing(team, rank, wins, losses, points))
        previous = ((wins, points), rank)
    return ranked


# --- the extras: the set cup and the specials ----------------------------------------

SET_TEAM_PLAYERS = 2


def set_cup_total(set_hands: int, amount_per_player: int) -> int:
    """The set cup (« SET CUP »): each player of a team that goes set puts the amount in
    (in cents)."""
    return set_hands * SET_TEAM_PLAYERS * amount_per_player


def specials_draw(entries: Sequence[str], seed: int) -> str:
    """The name drawn from the specials' container (« SPECIALS »): a player enters once
    per dealt special, both players of a team once each for a Boston. The same entries and
    seed always draw the same name, so the drawing can be checked afterwards."""
    if not entries:
        raise ValueError("aucun nom dans le tirage des « specials »")
    return entries[random.Random(seed).randrange(len(entries))]


# --- the 50/50 drawing ----------------------------------------------------------------

# « Tickets will be sold between each round for a 50/50 drawing. The price will be 3 for
# $1 or 20 for $5 »: tickets in a bundle -> its price in cents (the rules' dollars read as
# the club's euros).
TICKET_BUNDLES = {3: 100, 20: 500}


@dataclass(frozen=True)
class FiftyFifty:
    """The 50/50's container: « one ticket drawn for 50% of the money paid. The balance of
    the money will be aggregated with the prize fund. » Amounts in cents."""

    tickets: int
    paid: int

    @property
    def prize(self) -> int:
        return self.paid // 2

    @property
    def fund(self) -> int:
        return self.paid - self.prize


def fifty_fifty(sales: Sequence[tuple[int, int]]) -> FiftyFifty:
    """The tickets and money of ``sales``, each (tickets in the bundle, bundles bought)."""
    for bundle, count in sales:
        if bundle not in TICKET_BUNDLES:
            raise ValueError("les billets se vendent 3 pour 1 € ou 20 pour 5 €")
        if count < 1:
            raise ValueError("au moins un lot de billets")
    return FiftyFifty(
        sum(bundle * count for bundle, count in sales),
        sum(TICKET_BUNDLES[bundle] * count for bundle, count in sales),
    )


def ticket_draw(tickets: int, seed: int) -> int:
    """The ticket drawn, numbered from 1 in the order sold; the same number of tickets and
    seed always draw the same one, so the drawing can be checked afterwards."""
    if tickets < 1:
        raise ValueError("aucun billet dans le tirage 50/50")
    return random.Random(seed).randint(1, tickets)


def ticket_holder(sold: Sequence[int], ticket: int) -> int:
    """The index of the sale that holds ``ticket``, the sales holding ``sold`` tickets each
    and numbered on from one sale to the next."""
    last = 0
    for index, tickets in enumerate(sold):
        last += tickets
        if ticket <= last:
            return index
    raise ValueError("ce billet n'a pas été vendu")
