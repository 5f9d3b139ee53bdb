"""The PCN indices a tournament may have, with what each needs (fascicule 3, ch. 5
« Application des Indices », « Tournois Régionaux - Indice 1,2 », « Tournois Nationaux -
Indice 1,5 », « Championnats Régionaux », and the « coefficient 3 » of the overseas
committees' local tournaments). The one home of the index: the awards' tables, the
homologation's conditions, the grants, the forms and the models read it here.

- 1: every tournament, no condition;
- 1,2 « Tournoi Régional »: 52 players at least, granted by the C.C.R. (the club's
  committee) before the tournament;
- 1,5 « Tournoi National »: 100 players at least, granted by the C.C.N. (the federation)
  before the tournament; also the index of a regional semi-final;
- 1,8: a regional final;
- 3: index 1 x « coefficient 3 », a local tournament of an overseas committee.
"""

from dataclasses import dataclass
from decimal import Decimal


class Index:
    """The indices of « Application des Indices » and « Championnats Régionaux »."""

    BASE = Decimal(1)
    REGIONAL = Decimal("1.2")  # « Tournoi Régional », by the CCR, 52 players at least
    NATIONAL = Decimal("1.5")  # « Tournoi National », by the CCN, 100 players at least
    REGIONAL_SEMI_FINAL = Decimal("1.5")
    REGIONAL_FINAL = Decimal("1.8")
    OVERSEAS_LOCAL = Decimal(3)  # index 1 x « coefficient 3 » of the overseas committees


# Every index the regulation grants, in order.
INDICES = (Index.BASE, Index.REGIONAL, Index.NATIONAL, Index.REGIONAL_FINAL, Index.OVERSEAS_LOCAL)


@dataclass(frozen=True)
class GrantedIndex:
    """An index above 1 that a body grants before the tournament to a large one:
    ``granted_by`` as the regulation names it, ``grantor`` the role that records the grant
    in Donne (« committee », « federation »)."""

    title: str
    min_players: int
    granted_by: str
    grantor: str


GRANTED_INDICES = {
    Index.REGIONAL: GrantedIndex("Tournoi Régional", 52, "la C.C.R.", "committee"),
    Index.NATIONAL: GrantedIndex(
        "Tournoi National", 100, "la C.C.N. (la fédération)", "federation"
    ),
}
# Every tournament, whatever its index (ch. 5, « Conditions pour l'homologation d'un
# tournoi »): « Tournoi duplicate individuel : minimum 12 joueurs ».
MIN_PLAYERS = 12
# The minimum participation of each index a regularity tournament may have.
REGULARITY_MINIMUM_PLAYERS = {
    Index.BASE: 0,
    **{index: granted.min_players for index, granted in GRANTED_INDICES.items()},
}


# The index of each championship stage by its level (« Championnats Régionaux »): only
# regional semi-finals and finals get a higher one; national finals have their own fixed
# tables.
STAGE_INDICES = {
    "local_final": Index.BASE,
    "regional_semi_final": Index.REGIONAL_SEMI_FINAL,
    "regional_final": Index.REGIONAL_FINAL,
    "national_final": Index.BASE,
}


def index_text(index: Decimal) -> str:
    """The index as the regulation writes it: Decimal("1.20") -> "1,2"."""
    if not index.is_finite():
        return str(index)
    return f"{index.normalize():f}".replace(".", ",")


STORED = Decimal("0.1")  # an index is stored with one decimal place: 1.0, 1.2, 3.0


def index_choices(indices=INDICES) -> list[tuple[Decimal, str]]:
    """(value as stored, as written) of each index, for a choice of them."""
    return [(index.quantize(STORED), index_text(index)) for index in indices]


def index_problem(index: Decimal, indices=INDICES) -> str:
    """Why ``index`` is not one of ``indices`` ("" when it is), in French."""
    if index.is_finite() and index in indices:
        return ""
    shown = [index_text(value) for value in indices]
    return (
        f"L'indice {index_text(index)} n'est pas un indice du règlement : "
        f"{', '.join(shown[:-1])} ou {shown[-1]}."
    )
