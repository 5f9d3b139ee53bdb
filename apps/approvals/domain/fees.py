"""Redevance nationale and committee participation (fascicule 3, ch. 5, « Redevance
nationale »; « Transmission des résultats »: the sending carries « la participation
financière fixée par le comité régional » and « la participation financière nationale »).

- A regularity tournament pays « par joueur participant et par tournoi »: 0,16 € at index 1,
  0,40 € at a higher index. The participants are the players of its first session: a
  tournament of several sessions is still one tournament and each participant pays once.
- A championship pays 1 € per participant when it has one session, else 0,50 € per player
  and per session: each session counts its own players, so a player cut after the first
  session pays for that session only.
- The committee's participation is a rate per participant the regional committee sets.

Amounts are exact decimals rounded to the cent (half up); a float is refused.
"""

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import TypeVar

CENT = Decimal("0.01")
ZERO = Decimal("0.00")
INDEX_ONE = Decimal(1)

# « Tournoi d'indice 1 : 0,16 Euro par joueur participant et par tournoi. »
INDEX_ONE_RATE = Decimal("0.16")
# « Tournoi d'indice supérieur : 0,40 Euro par joueur participant et par tournoi. »
HIGHER_INDEX_RATE = Decimal("0.40")
# « Championnat : si une seule séance : 1 Euro par joueur participant, »
CHAMPIONSHIP_SINGLE_SESSION_RATE = Decimal("1.00")
# « si plusieurs séances : 0,50€ par joueur participant et par séance. »
CHAMPIONSHIP_PER_SESSION_RATE = Decimal("0.50")


def _cents(amount: Decimal) -> Decimal:
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


def _exact(value: object, what: str) -> Decimal:
    """A Decimal (or int) as a finite Decimal; floats and booleans refused."""
    if isinstance(value, bool) or not isinstance(value, Decimal | int):
        raise TypeError(f"{what} doit être un nombre décimal exact, pas {value!r}")
    number = Decimal(value)
    if not number.is_finite():
        raise ValueError(f"{what} doit être un nombre fini, pas {value!r}")
    return number


@dataclass(frozen=True)
class TournamentFees:
    """What the fees of one tournament depend on.

    ``session_players``: the players of each session, in order (one number for a tournament
    of one session). ``overseas_local``: a local tournament of an overseas committee, whose
    stored index 3 is index 1 x the « coefficient 3 » of the PCN (« Application des
    Indices »): it pays the index 1 rate."""

    index: Decimal
    championship: bool
    session_players: tuple[int, ...]
    overseas_local: bool = False

    def __post_init__(self) -> None:
        index = _exact(self.index, "L'indice")
        if index < INDEX_ONE:
            raise ValueError(f"L'indice d'un tournoi vaut au moins 1, pas {index}")
        players = tuple(self.session_players)
        if not players:
            raise ValueError("Un tournoi compte au moins une séance")
        for count in players:
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ValueError(f"Nombre de joueurs d'une séance invalide : {count!r}")
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "session_players", players)

    @property
    def participants(self) -> int:
        """« joueur participant »: the players of the first session."""
        return self.session_players[0]


def national_fee(t: TournamentFees) -> Decimal:
    """The redevance nationale of one tournament (« Redevance nationale »)."""
    if t.championship:
        if len(t.session_players) == 1:
            amount = CHAMPIONSHIP_SINGLE_SESSION_RATE * t.participants
        else:
            amount = CHAMPIONSHIP_PER_SESSION_RATE * sum(t.session_players)
    elif t.index == INDEX_ONE or t.overseas_local:
        amount = INDEX_ONE_RATE * t.participants
    else:
        amount = HIGHER_INDEX_RATE * t.participants
    return _cents(amount)


def committee_fee(t: TournamentFees, rate: Decimal) -> Decimal:
    """The regional committee's participation: its ``rate`` (€ per participant, may be 0)
    x the participants, rounded to the cent (« la participation financière fixée par le
    comité régional »)."""
    per_player = _exact(rate, "Le taux du comité")
    if per_player < 0:
        raise ValueError(f"Le taux du comité ne peut pas être négatif : {per_player}")
    return _cents(per_player * t.participants)


@dataclass(frozen=True)
class Fees:
    """The amounts of one tournament, or of a group of them."""

    national: Decimal = ZERO
    committee: Decimal = ZERO

    def __post_init__(self) -> None:
        object.__setattr__(self, "national", _cents(_exact(self.national, "La redevance")))
        object.__setattr__(
            self, "committee", _cents(_exact(self.committee, "La participation du comité"))
        )

    @property
    def total(self) -> Decimal:
        return self.national + self.committee

    def __add__(self, other: "Fees") -> "Fees":
        if not isinstance(other, Fees):
            return NotImplemented
        return Fees(self.national + other.national, self.committee + other.committee)


def fees_of(t: TournamentFees, committee_rate: Decimal) -> Fees:
    """Both amounts of one tournament."""
    return Fees(national_fee(t), committee_fee(t, committee_rate))


K = TypeVar("K", bound=Hashable)
A = TypeVar("A", Decimal, Fees)


def fee_totals(items: Iterable[tuple[K, A]]) -> dict[K, A]:
    """The sum of the amounts of each key, keys in first-seen order. The key is any
    grouping: a sending, a club, a committee, a zone, a season, or a tuple of them."""
    totals: dict[K, A] = {}
    for key, amount in items:
        if not isinstance(amount, Fees):
            amount = _cents(_exact(amount, "Un montant"))
        totals[key] = totals[key] + amount if key in totals else amount
    return totals
