"""Front belote, two players (docs/reference/front-belote-rules.txt): the score of each
deal, the match sheet to 1001 and its end.

A deal's points for a player: the card points of the tricks they took, 10 for the last
trick, their declared combinations (as the comparison of the first trick left them) and
20 for each belote (the king and queen of trumps); the whole is doubled in a no-trumps
game (« WT »). The player who chose the contract (« the playing player ») keeps their
points when they made more than the other player; made less, it is a « bide » and their
points go to the other player; the same, a « bide pendante »: they score nothing, the
other player keeps their own points, and the chooser's points go to whoever wins the next
deal. When both players pass twice, the deal is an all-pass round and counts as minus
(``ALL_PASS``, below).

Where the rules are silent, we chose:
- Card points: the tricks of a deal make at most what the eighteen cards in play can
  make under the contract, by the common belote values (``card_points_bound``).
- Combinations: « it is found out which one of the players can write points for the
  combinations »: one player at most writes combinations in a deal (the sheet asks who);
  belotes are declared apart, on any lead, by either player.
- All-pass round: the sheet records whether each player took a trick, as a trick of
  cards worth nothing shows no points. Each player's points in tricks (and the last
  trick's 10) count against them; a player who took at least one trick also has the
  other player's declared combinations counted against them; the other player's declared
  belote always counts against them. A player's own combinations and belote count for
  nothing.
- The points of a bide pendante wait for the next deal that one player wins (more points
  than the other in it): all-pass rounds and further bides pendantes carry them on.
- A player who leaves a match, or does not come to play it (a forfeit), loses it: the
  deals written stand and the other player's total is brought up to 1001 when lower
  (``match_left``), so that a player who stays is not held back by one who left.
- The match ends after the deal in which a player reaches 1001: both at once, the player
  who did not choose the contract wins (« the whisting player »); a « finish » declared in
  the deal ends it at once, won by the declarer if their total reaches 1001, else by the
  other player. No deal follows the end.
"""

from dataclasses import dataclass
from enum import StrEnum

TARGET = 1001
LAST_TRICK = 10
BELOTE = 20
PLAYERS = (0, 1)


class Contract(StrEnum):
    TRUMP = "trump"  # a trump suit: the opened card's, or one named in the second round
    ALL_TRUMPS = "all_trumps"  # « TS »
    NO_TRUMPS = "no_trumps"  # « WT »: the points are doubled
    ALL_PASS = "all_pass"  # nobody chose: played with the opened card's suit as trumps

    @property
    def multiplier(self) -> int:
        return 2 if self is Contract.NO_TRUMPS else 1


# A belote is the king and queen of trumps: one per trump suit. An all-pass round is
# played « with a trump suit of the opened card »: one.
MAX_BELOTES = {
    Contract.TRUMP: 1,
    Contract.ALL_TRUMPS: 4,
    Contract.NO_TRUMPS: 0,
    Contract.ALL_PASS: 1,
}


def trick_shown(tricks: tuple[int, int], last_trick: int, player: int) -> bool:
    """Whether the sheet shows that the player took a trick: card points, or the last
    trick (a trick of sevens, eights and nines is worth nothing, and shows nothing)."""
    return tricks[player] > 0 or last_trick == player


# The « cost of cards » the rules count tricks by, given on the main belote rules' page
# they refer to (the common belote values): a trump suit's jack, nine, ace, ten, king,
# queen, eight and seven; a plain suit's ace, ten, king, queen, jack, nine, eight, seven.
TRUMP_VALUES = (20, 14, 11, 10, 4, 3, 0, 0)
PLAIN_VALUES = (11, 10, 4, 3, 2, 0, 0, 0)
SUITS = 4
HAND = 9  # « So, 9 cards at hands »: nine tricks of two cards
TRUMP_SUITS = {
    Contract.TRUMP: 1,
    Contract.ALL_PASS: 1,
    Contract.ALL_TRUMPS: 4,
    Contract.NO_TRUMPS: 0,
}


def card_points_bound(contract: Contract) -> int:
    """The most card points the eighteen cards in play can make under ``contract``: the
    eighteen best of the deck's values, the contract's trump suits counted as trumps
    (one trump suit: 146; all trumps: 228; no trumps: 116, before it is doubled). The
    last trick's 10 comes on top."""
    trumps = TRUMP_SUITS[contract]
    values = TRUMP_VALUES * trumps + PLAIN_VALUES * (SUITS - trumps)
    return sum(sorted(values, reverse=True)[: 2 * HAND])


@dataclass(frozen=True)
class BeloteDeal:
    """One deal as the score sheet records it; players are 0 and 1."""

    contract: Contract
    chooser: int | None  # the playing player; None in an all-pass round
    tricks: tuple[int, int]  # card points of the tricks each player took
    last_trick: int  # who took the last trick
    combinations: tuple[int, int] = (0, 0)  # declared combinations that count
    belotes: tuple[int, int] = (0, 0)  # belotes declared (0 or 1; up to 4 in all trumps)
    took_a_trick: tuple[bool, bool] | None = None  # None: read from tricks and last trick
    finish: int | None = None  # the player who declared « finish » on their lead

    def __post_init__(self):
        contract = Contract(self.contract)
        object.__setattr__(self, "contract", contract)
        if (self.chooser is None) != (contract is Contract.ALL_PASS):
            raise ValueError("un joueur choisit le contrat, sauf quand tous deux passent")
        for name in ("chooser", "last_trick", "finish"):
            if getattr(self, name) not in (*PLAYERS, None):
                raise ValueError(f"{name} : le joueur 0 ou le joueur 1")
        if self.last_trick is None:
            raise ValueError("qui a pris le dernier pli ?")
        for name in ("tricks", "combinations", "belotes"):
            values = getattr(self, name)
            if len(values) != 2 or any(not isinstance(v, int) or v < 0 for v in values):
                raise ValueError(f"{name} : deux nombres entiers positifs ou nuls")
        self._check_points(contract)
        if self.took_a_trick is not None and any(
            self._won(player) and not self.took_a_trick[player] for player in PLAYERS
        ):
            raise ValueError("un joueur qui a des points ou le dernier pli a pris un pli")
        if self.finish is not None and contract is Contract.ALL_PASS:
            raise ValueError("« fini » se déclare dans une donne jouée à un contrat")

    def _check_points(self, contract: Contract) -> None:
        """Card points the cards in play can make; combinations by one player, in tens;
        belotes as the contract's trumps allow."""
        if sum(self.tricks) > (bound := card_points_bound(contract)):
            raise ValueError(
                f"les cartes en jeu font au plus {bound} points à ce contrat "
                "(le dernier pli compte 10 en plus)"
            )
        if any(points % 10 for points in self.combinations):
            raise ValueError("les combinaisons valent des dizaines")
        if all(self.combinations):
            raise ValueError(
                "un seul joueur marque ses combinaisons dans une donne : celui dont la "
                "combinaison l'emporte au premier pli"
            )
        if sum(self.belotes) > MAX_BELOTES[contract]:
            raise ValueError("trop de belotes pour ce contrat")

    def _won(self, player: int) -> bool:
        return trick_shown(self.tricks, self.last_trick, player)

    def took(self, player: int) -> bool:
        if self.took_a_trick is not None:
            return self.took_a_trick[player]
        return self._won(player)

    def points(self, player: int) -> int:
        """The player's points in the deal before the bide rules."""
        won = self.tricks[player] + (LAST_TRICK if self.last_trick == player else 0)
        declared = self.combinations[player] + BELOTE * self.belotes[player]
        return (won + declared) * self.contract.multiplier


def other(player: int) -> int:
    return 1 - player


def all_pass_scores(deal: BeloteDeal) -> tuple[int, int]:
    """The minus of an all-pass round (see the module's interpretation)."""

    def minus(player: int) -> int:
        opponent = other(player)
        won = deal.tricks[player] + (LAST_TRICK if deal.last_trick == player else 0)
        combinations = deal.combinations[opponent] if deal.took(player) else 0
        return -(won + combinations + BELOTE * deal.belotes[opponent])

    return minus(0), minus(1)


@dataclass(frozen=True)
class DealScore:
    """What a deal writes on the sheet: each player's points, and the points of a bide
    pendante left waiting for the next deal's winner."""

    scores: tuple[int, int]
    kind: str  # "made", "bide", "bide_pendante" or "all_pass"
    hanging: int = 0
    winner: int | None = None  # who won the deal: none in an all-pass round or a bide pendante


def deal_score(deal: BeloteDeal) -> DealScore:
    """A deal's points by the bide rules."""
    if deal.contract is Contract.ALL_PASS:
        return DealScore(all_pass_scores(deal), "all_pass")
    chooser, whister = deal.chooser, other(deal.chooser)
    mine, theirs = deal.points(chooser), deal.points(whister)
    scores = [0, 0]
    if mine > theirs:
        scores[chooser], scores[whister] = mine, theirs
        return DealScore(tuple(scores), "made", winner=chooser)
    if mine < theirs:
        scores[whister] = mine + theirs
        return DealScore(tuple(scores), "bide", winner=whister)
    scores[whister] = theirs
    return DealScore(tuple(scores), "bide_pendante", hanging=mine)


@dataclass(frozen=True)
class SheetLine:
    deal: BeloteDeal
    score: DealScore
    written: tuple[int, int]  # what the line adds: its score and the waiting points won
    totals: tuple[int, int]
    waiting: int  # bide pendante points still waiting after this deal

    @property
    def collected(self) -> int:
        """The waiting points of earlier bides pendantes that this deal's winner took."""
        return sum(self.written) - sum(self.score.scores)


@dataclass(frozen=True)
class MatchSheet:
    lines: tuple[SheetLine, ...]
    totals: tuple[int, int]
    winner: int | None  # None while the match goes on
    ended_by: str = ""  # "target", "both" (both past the target), "finish" or "left"


def _winner(deal: BeloteDeal, totals: tuple[int, int], target: int) -> tuple[int | None, str]:
    if deal.finish is not None:
        declarer = deal.finish
        return (declarer if totals[declarer] >= target else other(declarer)), "finish"
    reached = [player for player in PLAYERS if totals[player] >= target]
    if len(reached) == 2:
        return other(deal.chooser), "both"
    if reached:
        return reached[0], "target"
    return None, ""


def match_left(sheet: MatchSheet, player: int, target: int = TARGET) -> MatchSheet:
    """The sheet of a match that ``player`` left, or did not come to play (a forfeit): the
    other player wins; the deals written stand, and the winner's total is brought up to
    the points the match needed when it was lower. Raises ValueError when the match is
    over already."""
    if sheet.winner is not None:
        raise ValueError("la partie est finie : personne ne l'abandonne")
    if player not in PLAYERS:
        raise ValueError("le joueur 0 ou le joueur 1")
    winner = other(player)
    totals = list(sheet.totals)
    totals[winner] = max(totals[winner], target)
    return MatchSheet(sheet.lines, tuple(totals), winner, "left")


def match_sheet(deals: list[BeloteDeal], target: int = TARGET) -> MatchSheet:
    """The sheet of a match, deal by deal, with its running totals and its winner.
    Raises ValueError for a deal after the end."""
    totals, waiting = (0, 0), 0
    lines: list[SheetLine] = []
    winner, ended_by = None, ""
    for deal in deals:
        if winner is not None:
            raise ValueError("la partie est finie : aucune donne ne la suit")
        score = deal_score(deal)
        written = list(score.scores)
        if score.winner is not None and waiting:
            written[score.winner] += waiting
            waiting = 0
        waiting += score.hanging
        totals = (totals[0] + written[0], totals[1] + written[1])
        lines.append(SheetLine(deal, score, tuple(written), totals, waiting))
        winner, ended_by = _winner(deal, totals, target)
    return MatchSheet(tuple(lines), totals, winner, ended_by)
