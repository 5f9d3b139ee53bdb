"""The score of one Tarot deal, by the FFT official rules: contracts and their multipliers,
bouts and the points they need, petit au bout, poignées and chelem; the free-play marks of
a deal with 3, 4 or 5 players; and the imposed Garde of duplicate (fascicule 3,
« La marque »: the score is computed « tel en tournoi libre » and written on the traveller
in the + or - column).

A score is the taker's score against each defender:
(25 + difference ± petit au bout) x multiplier ± poignées + chelem.
"""

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations_with_replacement, product
from math import ceil

CARD_POINTS = 91  # the points of the 78 cards
BOUT_POINTS = 4.5  # the Petit, the 21 and the Excuse
LOW_CARD_POINTS = 0.5  # the least any other card is worth
TRUMPS = 22  # the 21 trumps and the Excuse, which may complete a poignée
POINTS_NEEDED = (56, 51, 41, 36)  # by the number of bouts the taker's side holds
BASE = 25
PETIT_AU_BOUT = 10  # multiplied by the contract
DOG_CARDS = {3: 6, 4: 6, 5: 3}  # by the number of players


class Contract(StrEnum):
    """« HOLD 25 + points; TAKE 50 + points x 2; KEEP 100 + points x 4; DOUBLE KEEP
    150 + points x 6 »: Prise (Petite) x1, Garde x2, Garde sans x4, Garde contre x6."""

    PRISE = "prise"
    GARDE = "garde"
    GARDE_SANS = "garde_sans"
    GARDE_CONTRE = "garde_contre"

    @property
    def multiplier(self) -> int:
        return _MULTIPLIERS[self]

    @property
    def label(self) -> str:
        return _CONTRACT_LABELS[self]


_MULTIPLIERS = {
    Contract.PRISE: 1,
    Contract.GARDE: 2,
    Contract.GARDE_SANS: 4,
    Contract.GARDE_CONTRE: 6,
}
_CONTRACT_LABELS = {
    Contract.PRISE: "Prise",
    Contract.GARDE: "Garde",
    Contract.GARDE_SANS: "Garde sans",
    Contract.GARDE_CONTRE: "Garde contre",
}


class Poignee(StrEnum):
    """« A hand of 10 trumps = 20 pts, 13 trumps = 30 pts, 15 trumps = 40 pts (with 4
    players), always identical whatever the contract »."""

    SIMPLE = "simple"
    DOUBLE = "double"
    TRIPLE = "triple"

    @property
    def points(self) -> int:
        return _POIGNEE_POINTS[self]


_POIGNEE_POINTS = {Poignee.SIMPLE: 20, Poignee.DOUBLE: 30, Poignee.TRIPLE: 40}
_TRUMPS_NEEDED = {
    3: {Poignee.SIMPLE: 13, Poignee.DOUBLE: 15, Poignee.TRIPLE: 18},
    4: {Poignee.SIMPLE: 10, Poignee.DOUBLE: 13, Poignee.TRIPLE: 15},
    5: {Poignee.SIMPLE: 8, Poignee.DOUBLE: 10, Poignee.TRIPLE: 13},
}


def trumps_needed(poignee: Poignee, players: int = 4) -> int:
    """The trumps (the Excuse may stand for one) a poignée shows with 3, 4 or 5 players."""
    return _TRUMPS_NEEDED[_players(players)][Poignee(poignee)]


class Side(StrEnum):
    """A side of the deal: the taker's (with his partner at 5 players) or the defence."""

    TAKER = "taker"
    DEFENSE = "defense"


class Chelem(StrEnum):
    """« Slam declared and achieved +400; undeclared and achieved +200; declared and not
    achieved -200; achieved by the defence: an award of 200 to the defence », so -200 on
    the taker's score. None of these is multiplied.

    ANNOUNCED_FAILED is a failed announcement after which each side took a trick; DEFENSE
    is the defence taking every trick (the rules give no combined value for an announced
    chelem the defence turns into its own: it is entered as DEFENSE)."""

    ANNOUNCED_MADE = "announced_made"
    MADE = "made"
    ANNOUNCED_FAILED = "announced_failed"
    DEFENSE = "defense"

    @property
    def bonus(self) -> int:
        return _CHELEM_BONUSES[self]

    @property
    def label(self) -> str:
        return _CHELEM_LABELS[self]


_CHELEM_BONUSES = {
    Chelem.ANNOUNCED_MADE: 400,
    Chelem.MADE: 200,
    Chelem.ANNOUNCED_FAILED: -200,
    Chelem.DEFENSE: -200,
}
_CHELEM_LABELS = {
    Chelem.ANNOUNCED_MADE: "chelem annoncé réussi",
    Chelem.MADE: "chelem réussi sans annonce",
    Chelem.ANNOUNCED_FAILED: "chelem annoncé chuté",
    Chelem.DEFENSE: "chelem de la défense",
}
TAKER_CHELEMS = frozenset({Chelem.ANNOUNCED_MADE, Chelem.MADE})


def points_needed(bouts: int) -> int:
    """The card points the taker's side needs with 0, 1, 2 or 3 bouts: 56, 51, 41, 36."""
    return POINTS_NEEDED[bouts]


@dataclass(frozen=True)
class Deal:
    """One deal as the table counts it: the bouts and card points of the taker's side
    (halves allowed), the contract, the number of players, the poignées shown (by either
    side), who took the Petit in the last trick, and the chelem.

    Besides the ranges of each field, a deal must be one the cards allow: each bout is
    worth 4.5 and every other card at least 0.5; the dog (or the discard made from it)
    counts for the taker, for the defence in a Garde contre; a side that took a trick holds
    at least one card per player, and a side that took none keeps, besides the dog if it
    is its own, at most the Excuse (kept when played). So a Garde taker with 91 points
    made a chelem, and one with 0 points is impossible (he holds his discard)."""

    bouts: int
    points: float
    contract: Contract = Contract.GARDE
    players: int = 4
    poignees: tuple[Poignee, ...] = ()
    petit_au_bout: Side | None = None
    chelem: Chelem | None = None

    def __post_init__(self):
        _players(self.players)
        coerced = {
            "contract": _member(Contract, self.contract, "contrat inconnu"),
            "poignees": tuple(
                _member(Poignee, poignee, "poignée inconnue") for poignee in self.poignees
            ),
            "petit_au_bout": _member(Side, self.petit_au_bout, "camp du petit au bout inconnu"),
            "chelem": _member(Chelem, self.chelem, "chelem inconnu"),
        }
        for name, value in coerced.items():
            object.__setattr__(self, name, value)
        _check_numbers(self)
        _check_poignees(self)
        _check_tricks(self)

    @property
    def needed(self) -> int:
        return points_needed(self.bouts)

    @property
    def made(self) -> bool:
        """The contract is made with at least the points needed."""
        return self.points >= self.needed

    @property
    def difference(self) -> int:
        """The points made or failed by, the half point going to the side that wins."""
        return ceil(abs(self.points - self.needed))


def _players(players: int) -> int:
    if players not in DOG_CARDS:
        raise ValueError(f"le nombre de joueurs doit être 3, 4 ou 5 (reçu : {players})")
    return players


def _member(enum: type[StrEnum], value, message: str):
    if value is None:
        return None
    try:
        return enum(value)
    except ValueError:
        raise ValueError(f"{message} : {value!r}") from None


def _fr(number: float) -> str:
    return f"{number:g}".replace(".", ",")


def _bouts(count: int) -> str:
    return f"{count} bout" if count < 2 else f"{count} bouts"


def _check_numbers(deal: Deal) -> None:
    if isinstance(deal.bouts, bool) or not isinstance(deal.bouts, int) or not 0 <= deal.bouts <= 3:
        raise ValueError(f"le nombre de bouts doit être compris entre 0 et 3 (reçu : {deal.bouts})")
    if isinstance(deal.points, bool) or not isinstance(deal.points, int | float):
        raise ValueError(f"les points du preneur doivent être un nombre (reçu : {deal.points!r})")
    if not 0 <= deal.points <= CARD_POINTS:
        raise ValueError(
            f"les points du preneur doivent être compris entre 0 et {CARD_POINTS} "
            f"(reçu : {_fr(deal.points)})"
        )
    if deal.points * 2 != int(deal.points * 2):
        raise ValueError(
            f"les points du preneur se comptent par demi-points (reçu : {_fr(deal.points)})"
        )


def _check_poignees(deal: Deal) -> None:
    """The poignées shown share the 22 trumps (Excuse included): each player shows at
    most one, made of his own trumps."""
    trumps = sum(trumps_needed(poignee, deal.players) for poignee in deal.poignees)
    if trumps > TRUMPS:
        shown = " et ".join(
            f"{poignee} ({trumps_needed(poignee, deal.players)} atouts)"
            for poignee in deal.poignees
        )
        raise ValueError(
            f"poignées impossibles à {deal.players} joueurs : {shown} demandent {trumps} "
            f"atouts, il n'y en a que {TRUMPS} (Excuse comprise)"
        )


_TO_SIDE = {Side.TAKER: "au preneur", Side.DEFENSE: "à la défense"}


@dataclass(frozen=True)
class _Hand:
    """What one side holds at the end of a deal."""

    side: Side
    name: str  # « le preneur », « la défense »
    to_name: str  # « au preneur », « à la défense »
    bouts: int
    dog: bool  # the dog, or the discard made from it, counts for this side
    tricks: bool  # the side took a trick
    unseen_dog: bool  # the dog counts for this side unseen (Garde sans, Garde contre)

    def points(self, players: int) -> tuple[float, float]:
        """The least and most card points of the side: 4.5 per bout, 0.5 at least for
        every other card it must hold; with neither dog nor trick, at most the Excuse."""
        cards = DOG_CARDS[players] * self.dog + players * self.tricks
        least = self.bouts * BOUT_POINTS + max(0, cards - self.bouts) * LOW_CARD_POINTS
        return least, CARD_POINTS if self.dog or self.tricks else self.bouts * BOUT_POINTS


def _hands(contract: Contract, bouts: int, chelem: Chelem | None) -> tuple[_Hand, _Hand]:
    """The taker's side (with ``bouts``) and the defence: the dog is the taker's but in a
    Garde contre, and a chelem leaves the other side without a trick."""
    dog_to_taker = contract is not Contract.GARDE_CONTRE
    unseen = contract in (Contract.GARDE_SANS, Contract.GARDE_CONTRE)
    return (
        _Hand(
            Side.TAKER,
            "le preneur",
            _TO_SIDE[Side.TAKER],
            bouts,
            dog_to_taker,
            chelem is not Chelem.DEFENSE,
            unseen and dog_to_taker,
        ),
        _Hand(
            Side.DEFENSE,
            "la défense",
            _TO_SIDE[Side.DEFENSE],
            3 - bouts,
            not dog_to_taker,
            chelem not in TAKER_CHELEMS,
            unseen and not dog_to_taker,
        ),
    )


def _taker_points(taker: _Hand, defence: _Hand, players: int) -> tuple[float, float]:
    """The least and most card points the taker can have: his side's bounds and what the
    defence's leave him."""
    taker_least, taker_most = taker.points(players)
    defence_least, defence_most = defence.points(players)
    return max(taker_least, CARD_POINTS - defence_most), min(
        taker_most, CARD_POINTS - defence_least
    )


def _check_tricks(deal: Deal) -> None:
    """What the tricks and the cards allow: the points of each side, a chelem on the side
    that wins, the Petit led to the end by a side that holds it and took a trick."""
    taker, defence = _hands(deal.contract, deal.bouts, deal.chelem)
    winner = Side.TAKER if deal.made else Side.DEFENSE
    for hand, other in ((taker, defence), (defence, taker)):
        # Without a trick, a side keeps the Excuse at most, and its discard if it made
        # one: no bout may be discarded. Only a dog it never saw can hold bouts.
        if not (hand.tricks or hand.unseen_dog) and hand.bouts > 1:
            kept = "son écart (sans bout) et l'Excuse" if hand.dog else "l'Excuse"
            raise ValueError(
                f"{other.name} a fait tous les plis : {hand.name} ne garde que {kept} au "
                f"plus, donc 1 bout au plus (reçu : {_bouts(deal.bouts)} au preneur)"
            )
    least, most = _taker_points(taker, defence, deal.players)
    if not least <= deal.points <= most:
        dog = taker.name if taker.dog else defence.name
        tricks = next(
            (f"{hand.name} n'a fait aucun pli" for hand in (taker, defence) if not hand.tricks),
            f"chaque camp a fait au moins un pli de {deal.players} cartes",
        )
        raise ValueError(
            f"points impossibles : avec {_bouts(deal.bouts)}, en {deal.contract.label} à "
            f"{deal.players} joueurs, le preneur a entre {_fr(least)} et {_fr(most)} points "
            f"(reçu : {_fr(deal.points)}) ; chaque bout vaut 4,5 points, toute autre carte "
            f"au moins 0,5, le chien compte pour {dog} et {tricks}"
        )
    for hand, other in ((taker, defence), (defence, taker)):
        if not hand.tricks and winner is hand.side:
            outcome = "réussi" if deal.made else "chuté"
            raise ValueError(
                f"{other.name} a fait tous les plis : le contrat ne peut être {outcome}"
            )
        if deal.petit_au_bout is hand.side and not (hand.bouts and hand.tricks):
            raise ValueError(
                "le petit au bout revient au camp qui tient le Petit et remporte le dernier "
                f"pli : pas {hand.to_name}, " + ("sans pli" if hand.bouts else "sans bout")
            )


def deal_score(deal: Deal) -> int:
    """The taker's score against each defender, positive when made, negative when failed:
    (25 + difference) x multiplier; the petit au bout, 10 x multiplier, to the side that
    led it to the end whoever wins; the poignées to the side that wins the deal, whoever
    showed them; the chelem bonus. Poignées and chelem are not multiplied."""
    sign = 1 if deal.made else -1
    petit = {None: 0, Side.TAKER: PETIT_AU_BOUT, Side.DEFENSE: -PETIT_AU_BOUT}[deal.petit_au_bout]
    poignees = sum(poignee.points for poignee in deal.poignees)
    chelem = deal.chelem.bonus if deal.chelem else 0
    return (
        (sign * (BASE + deal.difference) + petit) * deal.contract.multiplier
        + sign * poignees
        + chelem
    )


def score_sheet(
    deal: Deal, taker: str, defenders: Sequence[str], partner: str | None = None
) -> dict[str, int]:
    """The free-play marks of one deal, summing to zero: each defender loses the taker's
    score; the taker's side wins it once per defender, the taker alone (x2 with 3 players,
    x3 with 4, x4 with 5 when he called himself), or with 5 players two thirds to the taker
    and one third to the partner he called (x2 and x1)."""
    defenders = tuple(defenders)
    if partner is not None and deal.players != 5:
        raise ValueError("un partenaire n'est appelé qu'à 5 joueurs")
    expected = deal.players - 1 - (partner is not None)
    if len(defenders) != expected:
        raise ValueError(
            f"à {deal.players} joueurs, il faut {expected} défenseurs (reçu : {len(defenders)})"
        )
    names = [name for name in (taker, partner, *defenders) if name is not None]
    if len(set(names)) != len(names):
        raise ValueError("un joueur figure deux fois sur la feuille de marque")
    score = deal_score(deal)
    sheet = {taker: score * (len(defenders) - (partner is not None))}
    if partner is not None:
        sheet[partner] = score
    sheet.update(dict.fromkeys(defenders, -score))
    return sheet


def duplicate_score(deal: Deal) -> int:
    """The score of a duplicate deal: the contract is an imposed Garde, at 4 players."""
    if deal.contract is not Contract.GARDE or deal.players != 4:
        raise ValueError("en duplicate, le contrat est une Garde imposée, à 4 joueurs")
    return deal_score(deal)


def duplicate_score_reason(score: int) -> str | None:
    """None when some Garde deal with 4 players gives this score, else why none does."""
    scores = _garde_scores()
    if score in scores:
        return None
    if score % 2:
        return (
            "un score de Garde est pair : le double de (25 + écart), le petit au bout (20), "
            "les poignées (20, 30, 40) et le chelem (200, 400) sont tous pairs"
        )
    highest, lowest = max(scores), min(scores)
    if score > highest:
        return f"un score de Garde vaut au plus {highest} : {_describe(scores[highest])}"
    if score < lowest:
        return f"un score de Garde vaut au moins {lowest} : {_describe(scores[lowest])}"
    below = max(reachable for reachable in scores if reachable < score)
    above = min(reachable for reachable in scores if reachable > score)
    return (
        "aucune donne ne donne ce score ; les scores de Garde les plus proches sont "
        f"{below} ({_describe(scores[below])}) et {above} ({_describe(scores[above])})"
    )


def garde_scores_prepare() -> None:
    """Find every Garde score now (a second or two): the web server's workers do it as
    they start, rather than keeping a table's first score waiting."""
    _garde_scores()


@cache
def _garde_scores() -> dict[int, Deal]:
    """Every score of a Garde deal with 4 players, each with the simplest deal giving it:
    found by trying every chelem, petit au bout, set of poignées, bouts and points."""
    scores: dict[int, Deal] = {}
    for deal in _garde_deals():
        scores.setdefault(duplicate_score(deal), deal)
    return scores


def _garde_deals() -> Iterator[Deal]:
    """Every valid Garde deal with 4 players, the ones without chelem, petit au bout or
    poignée first; of the points, only those the cards allow are tried."""
    for chelem, petit, poignees, bouts in product(
        (None, *Chelem), (None, *Side), _poignee_sets(4), range(4)
    ):
        least, most = _taker_points(*_hands(Contract.GARDE, bouts, chelem), players=4)
        for halves in range(ceil(2 * least), int(2 * most) + 1):
            try:
                yield Deal(bouts, halves / 2, poignees=poignees, petit_au_bout=petit, chelem=chelem)
            except ValueError:
                continue


def _poignee_sets(players: int) -> list[tuple[Poignee, ...]]:
    """The poignées that can be shown together in one deal."""
    return [
        poignees
        for count in range(players + 1)
        for poignees in combinations_with_replacement(Poignee, count)
        if sum(trumps_needed(poignee, players) for poignee in poignees) <= TRUMPS
    ]


def _describe(deal: Deal) -> str:
    """The deal in words, e.g. « Garde réussie de 3 avec 2 bouts et 44 points »."""
    outcome = "réussie" if deal.made else "chutée"
    parts = [
        f"{deal.contract.label} {outcome} de {deal.difference} avec {_bouts(deal.bouts)} "
        f"et {_fr(deal.points)} points"
    ]
    if deal.petit_au_bout:
        parts.append(f"petit au bout {_TO_SIDE[deal.petit_au_bout]}")
    if deal.poignees:
        plural = "s" if len(deal.poignees) > 1 else ""
        parts.append(f"poignée{plural} " + " et ".join(deal.poignees))
    if deal.chelem:
        parts.append(deal.chelem.label)
    return ", ".join(parts)
