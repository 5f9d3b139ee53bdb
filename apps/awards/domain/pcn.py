"""PCN award tables (fascicule 3, ch. 5 « Attribution de PCN »).

- One session: the Howell table (« classement général », half of all the players) and the
  en ligne table (« classement alterné », in each line half of its players rounded up).
  The first gets 80 x the tables, each next place the previous one's exact value x the
  abattement. The printed tables truncate the en ligne values and round the Howell values
  to the nearest; both stop at the floor of 50, the en ligne table also at 2000.
- Several sessions: factor x T x C by place of the final ranking, for half of the first
  session's players (« Tournois Duplicates en plusieurs séances »), under three conditions.
- Indices (« Application des Indices »), then the ceiling (« Plancher et plafonds »): the
  table value x the index rounded to the nearest, .5 up; then at most 2000 in regularity
  tournaments, 5000 in regional championships; at least 50.
- Ex-aequo (« Ex-æquo »): tied players share the total of their places, rounded up.

Every computation is exact (fractions). Values are lists by place: place 1 is ``values[0]``.
"""

import math
from collections.abc import Collection, Hashable, Sequence
from decimal import Decimal
from fractions import Fraction
from itertools import groupby, pairwise

from apps.tournaments.domain.indices import (
    REGULARITY_MINIMUM_PLAYERS,
    STAGE_INDICES,
    Index,
    index_text,
)

FLOOR = 50  # « L'attribution minimale de PCN est fixée à 50 PCN »
REGULARITY_CEILING = 2000  # « 2000 PCN en tournoi de régularité »
REGIONAL_CHAMPIONSHIP_CEILING = 5000  # « 5000 PCN pour les Championnats régionaux »

FIRST_PLACE_PER_TABLE = 80  # « Le premier reçoit 80 fois le nombre de tables »
HOWELL_ABATEMENT = Fraction("0.85")
LINE_FIRST_TABLES = 5  # « Coefficient d'abattement à 5 tables : 0,70 »
LINE_FIRST_ABATEMENT = Fraction("0.70")
LINE_PROGRESSION = Fraction("0.01")
LINE_MAX_ABATEMENT = Fraction("0.90")

# Places 1 to 40, x T (the tables of every session) x C.
MULTI_SESSION_FACTORS: tuple[Fraction, ...] = tuple(
    Fraction(factor)
    for factor in (
        *("50", "47", "44", "41", "38", "35", "32", "29", "27", "25", "23", "21", "19"),
        *("17", "15", "14", "13", "12", "11", "10", "9", "8", "7.5", "7", "6.5", "6"),
        *("5.5", "5", "4.5", "4", "3.75", "3.5", "3.25", "3", "2.8", "2.6", "2.4", "2.2"),
        *("2", "2"),
    )
)
INDIVIDUAL_COEFFICIENT = 2  # « Duplicate individuel (ligne et Howell) : C = 2 »

STAGE_DISTINCT = "chaque séance est alors un stade distinct"


# Each championship stage by its level, as the refusals name it; its index: STAGE_INDICES.
STAGE_NAMES = {
    "local_final": "une finale locale",
    "regional_semi_final": "une demi-finale régionale",
    "regional_final": "une finale régionale",
    "national_final": "une finale nationale",
}


def _round_half_up(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


def _exact_values(tables: int, abatement: Fraction, places: int) -> list[Fraction]:
    """80 x T, then each place the previous exact value x the abattement."""
    return [FIRST_PLACE_PER_TABLE * tables * abatement**place for place in range(places)]


def line_abatement(tables: int) -> Fraction:
    """The en ligne abattement: 0,70 at 5 tables, + 0,01 a table, 0,90 at most."""
    progression = LINE_PROGRESSION * (tables - LINE_FIRST_TABLES)
    return min(LINE_MAX_ABATEMENT, LINE_FIRST_ABATEMENT + progression)


def line_values(tables: int, ceiling: int | None = REGULARITY_CEILING) -> list[int]:
    """« TABLEAU D'ATTRIBUTION DES P.C.N. en duplicate individuel en ligne »: places 1 to
    ceil(T / 2) of a line, for T tables in the room (every section). The printed table
    stops at 2000; ``ceiling`` None gives the values before that cap, for an index to
    multiply (the tournament's ceiling then applies after the index)."""
    if tables < LINE_FIRST_TABLES:
        raise ValueError(
            f"le tableau d'attribution en ligne commence à {LINE_FIRST_TABLES} tables :"
            f" {tables} ne suffisent pas"
        )
    exact = _exact_values(tables, line_abatement(tables), (tables + 1) // 2)
    values = [max(FLOOR, math.floor(value)) for value in exact]
    return values if ceiling is None else [min(ceiling, value) for value in values]


def howell_values(tables: int) -> list[int]:
    """« Tournoi duplicate individuel Howell »: places 1 to 2T, half of the 4T players."""
    exact = _exact_values(tables, HOWELL_ABATEMENT, 2 * tables)
    return [max(FLOOR, _round_half_up(value)) for value in exact]


def multi_session_values(
    total_tables: int, first_session_players: int, coefficient: int = INDIVIDUAL_COEFFICIENT
) -> list[int]:
    """« Tournois Duplicates en plusieurs séances »: factor x T x C rounded to the nearest
    (.5 up), at least 50, for half of the first session's players (nearest, .5 up), even
    those who do not play the last session; beyond the 40th, the 40th's value."""
    awarded = (first_session_players + 1) // 2
    factors = MULTI_SESSION_FACTORS[:awarded]
    factors += (MULTI_SESSION_FACTORS[-1],) * (awarded - len(factors))
    return [max(FLOOR, _round_half_up(f * total_tables * coefficient)) for f in factors]


def _players(count: int) -> str:
    return f"{count} joueur" if count == 1 else f"{count} joueurs"


def multi_session_conditions(
    sessions: Sequence[Collection[Hashable]], *, qualifying_results_count: bool
) -> list[str]:
    """The « triple condition » of the several-sessions table, given each session's players
    in order: why the table does not apply (nothing when it does)."""
    reasons = []
    if not qualifying_results_count:
        reasons.append(
            "les résultats des séances qualificatives n'interviennent pas dans le résultat"
            f" final : {STAGE_DISTINCT}"
        )
    for number, (previous, current) in enumerate(pairwise(sessions), 2):
        newcomers = len(set(current) - set(previous))
        if newcomers:
            verb = "n'a" if newcomers == 1 else "n'ont"
            reasons.append(
                f"séance {number} : {_players(newcomers)} {verb} pas joué la séance {number - 1}"
                f" (entrée en cours de tournoi ou qualifié d'office) : {STAGE_DISTINCT}"
            )
        eliminated = len(set(previous) - set(current))
        if 2 * eliminated > len(previous):
            reasons.append(
                f"séance {number} : {eliminated} éliminés sur {_players(len(previous))} de la"
                f" séance {number - 1}, plus de 50 % : {STAGE_DISTINCT}"
            )
    return reasons


def index_refusal(
    claimed: Decimal, players: int, *, stage: str | None = None, overseas_local: bool = False
) -> str | None:
    """Why a tournament may not have the index it claims, None when it may.

    ``stage`` is None for a regularity tournament, else a championship stage, whose index
    is the regulation's whatever the count. ``overseas_local``: a local regularity
    tournament of an overseas committee, index 1 x 3 (« coefficient 3 »)."""
    if stage is not None:
        if overseas_local:
            raise ValueError("le coefficient outre-mer ne vaut que pour les tournois locaux")
        name, index = STAGE_NAMES[stage], STAGE_INDICES[stage]
        if claimed != index:
            return f"{name} a l'indice {index_text(index)} : {index_text(claimed)} demandé"
        return None
    if overseas_local:
        if claimed not in (Index.BASE, Index.OVERSEAS_LOCAL):
            return (
                f"un tournoi local d'outre-mer a l'indice {index_text(Index.OVERSEAS_LOCAL)}"
                f" (indice 1, coefficient 3) : {index_text(claimed)} demandé"
            )
        return None
    minimum = REGULARITY_MINIMUM_PLAYERS.get(claimed)
    if minimum is None:
        return (
            f"l'indice {index_text(claimed)} n'est pas celui d'un tournoi de régularité"
            " (1 ; 1,2 ; 1,5)"
        )
    if players < minimum:
        played = f"{players} a joué" if players < 2 else f"{players} ont joué"
        return f"l'indice {index_text(claimed)} demande {minimum} joueurs au moins : {played}"
    return None


def place_values(values: Sequence[int], index: Decimal, ceiling: int) -> list[int]:
    """Each place's table value x the index, rounded to the nearest (.5 up), then at most
    ``ceiling`` (« Plancher et plafonds »: 2000 or 5000) and at least 50."""
    factor = Fraction(index)
    return [min(ceiling, max(FLOOR, _round_half_up(value * factor))) for value in values]


def shared(ranks: Sequence[int | None], values: Sequence[int]) -> list[int]:
    """« Ex-æquo »: each player's award, given the ranks in ranking order (tied players
    share a rank: 1, 2, 2, 4; None: unranked, nothing). Tied players share equally the
    total of the places they occupy (beyond ``values``: 0, so a share may be under 50),
    « arrondi supérieur si non entier ». En ligne, one line at a time."""
    awards = [0] * len(ranks)
    ranked = 0
    for rank, group in groupby(range(len(ranks)), key=ranks.__getitem__):
        players = list(group)
        if rank is None:
            continue
        if rank != ranked + 1:
            raise ValueError(f"classement incohérent : rang {ranked + 1} attendu, {rank} reçu")
        ranked += len(players)
        total = sum(values[rank - 1 : ranked])
        for player in players:
            awards[player] = -(-total // len(players))
    return awards
