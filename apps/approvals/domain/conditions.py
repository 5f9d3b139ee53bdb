"""The conditions for the homologation of a tournament, checked when it is sent (fascicule 3,
ch. 5, « Conditions pour l'homologation d'un tournoi », « Application des Indices »,
« Tournois Régionaux - Indice 1,2 », « Tournois Nationaux - Indice 1,5 »).

Pure: plain facts in, one French message per failing condition out.
"""

from dataclasses import dataclass
from decimal import Decimal

from apps.tournaments.domain.indices import (
    GRANTED_INDICES,
    MIN_PLAYERS,
    GrantedIndex,
    Index,
    index_text,
)


@dataclass(frozen=True)
class HomologationFacts:
    """What the conditions look at.

    ``referee_played``: the referee played in the tournament they directed;
    ``official_event``: the tournament is an official championship, a team match or a
    festival; ``index_granted``: the body that grants ``claimed_index`` (the CCR for 1,2,
    the CCN for 1,5) recorded the grant before the tournament; ``overseas_local``: a local
    tournament of an overseas committee.
    """

    organiser_affiliated: bool
    referee_official: bool
    referee_played: bool
    official_event: bool
    players: int
    claimed_index: Decimal
    index_granted: bool
    overseas_local: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.claimed_index, Decimal):
            raise TypeError("l'indice demandé doit être un Decimal")
        if self.players < 0:
            raise ValueError("le nombre de joueurs ne peut pas être négatif")


def homologation_refusals(facts: HomologationFacts) -> list[str]:
    """One message per failing condition, in the regulation's order: organiser, referee,
    participation, index. An empty list: the tournament may be sent."""
    refusals = []
    if not facts.organiser_affiliated:
        refusals.append(
            "Organisateur : les tournois sont organisés par la FFT, l'une de ses ligues"
            " régionales, l'un de ses comités régionaux, ou un club qui doit être affilié à"
            " la FFT ; l'organisateur de ce tournoi n'est pas affilié."
        )
    if not facts.referee_official:
        refusals.append(
            "Arbitrage : les tournois doivent être dirigés par un arbitre officiel de la"
            " Fédération Française de Tarot."
        )
    if facts.referee_played and facts.official_event:
        refusals.append(
            "Arbitrage : l'arbitre peut participer au tournoi qu'il dirige sauf lors des"
            " Championnats Officiels, des matches par équipes et des Festivals de tarot ;"
            " il a joué dans ce tournoi."
        )
    if facts.players < MIN_PLAYERS:
        refusals.append(
            f"Participation : un tournoi duplicate individuel exige au moins {MIN_PLAYERS}"
            f" joueurs ; {_played(facts.players)}."
        )
    refusals += _index_refusals(facts)
    return refusals


def _played(players: int) -> str:
    return f"{players} a joué" if players < 2 else f"{players} ont joué"


def index_shortfall(index: Decimal, players: int) -> GrantedIndex | None:
    """The granted index (1,2 or 1,5) whose participation ``players`` does not reach
    (« Application des Indices »), else None."""
    granted = GRANTED_INDICES.get(index) if index.is_finite() else None
    return granted if granted is not None and players < granted.min_players else None


def _index_refusals(facts: HomologationFacts) -> list[str]:
    """Index 1 always; 1,2 and 1,5 with enough players and the grant; 3 for an overseas
    local tournament only; any other index never."""
    index = facts.claimed_index
    shown = index_text(index)
    if index.is_finite() and index == Index.BASE:
        return []
    if index.is_finite() and index == Index.OVERSEAS_LOCAL:
        if facts.overseas_local:
            return []
        return [
            f"Indice {shown} : le coefficient 3 est réservé aux tournois locaux des comités"
            " d'Outre-mer."
        ]
    granted = GRANTED_INDICES.get(index) if index.is_finite() else None
    if granted is None:
        return [
            f"Indice {shown} : n'est pas un indice de tournoi ; 1, 1,2 (Tournoi Régional),"
            " 1,5 (Tournoi National) ou 3 (tournoi local d'Outre-mer)."
        ]
    refusals = []
    if index_shortfall(index, facts.players):
        refusals.append(
            f"Indice {shown} ({granted.title}) : participation d'au moins"
            f" {granted.min_players} joueurs requise ; {_played(facts.players)}."
        )
    if not facts.index_granted:
        refusals.append(
            f"Indice {shown} ({granted.title}) : le caractère de « {granted.title} » doit"
            f" être attribué par {granted.granted_by} avant le tournoi."
        )
    return refusals
