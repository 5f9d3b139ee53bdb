"""The conditions for homologation (fascicule 3, ch. 5, « Conditions pour l'homologation
d'un tournoi » and the indices), each refused on its own and together."""

from dataclasses import replace
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.approvals.domain.conditions import (
    HomologationFacts,
    homologation_refusals,
)
from apps.tournaments.domain.indices import index_text

FINE = HomologationFacts(
    organiser_affiliated=True,
    referee_official=True,
    referee_played=False,
    official_event=False,
    players=20,
    claimed_index=Decimal(1),
    index_granted=False,
)

ORGANISER = (
    "Organisateur : les tournois sont organisés par la FFT, l'une de ses ligues régionales,"
    " l'un de ses comités régionaux, ou un club qui doit être affilié à la FFT ;"
    " l'organisateur de ce tournoi n'est pas affilié."
)
REFEREE = (
    "Arbitrage : les tournois doivent être dirigés par un arbitre officiel de la Fédération"
    " Française de Tarot."
)
REFEREE_PLAYED = (
    "Arbitrage : l'arbitre peut participer au tournoi qu'il dirige sauf lors des Championnats"
    " Officiels, des matches par équipes et des Festivals de tarot ; il a joué dans ce tournoi."
)
REGIONAL_GRANT = (
    "Indice 1,2 (Tournoi Régional) : le caractère de « Tournoi Régional » doit être attribué"
    " par la C.C.R. avant le tournoi."
)
NATIONAL_GRANT = (
    "Indice 1,5 (Tournoi National) : le caractère de « Tournoi National » doit être attribué"
    " par la C.C.N. (la fédération) avant le tournoi."
)
OTHER_INDEX = (
    " : n'est pas un indice de tournoi ; 1, 1,2 (Tournoi Régional), 1,5 (Tournoi National)"
    " ou 3 (tournoi local d'Outre-mer)."
)


def facts(**changes) -> HomologationFacts:
    return replace(FINE, **changes)


def test_all_fine():
    assert homologation_refusals(FINE) == []


def test_organiser_not_affiliated():
    assert homologation_refusals(facts(organiser_affiliated=False)) == [ORGANISER]


def test_no_official_referee():
    assert homologation_refusals(facts(referee_official=False)) == [REFEREE]


def test_referee_played_in_an_official_event():
    refused = facts(referee_played=True, official_event=True)
    assert homologation_refusals(refused) == [REFEREE_PLAYED]


@pytest.mark.parametrize(("played", "official"), [(True, False), (False, True)])
def test_referee_may_play_outside_official_events(played, official):
    assert homologation_refusals(facts(referee_played=played, official_event=official)) == []


@pytest.mark.parametrize(
    ("players", "said"), [(0, "0 a joué"), (1, "1 a joué"), (11, "11 ont joué")]
)
def test_fewer_than_12_players(players, said):
    assert homologation_refusals(facts(players=players)) == [
        f"Participation : un tournoi duplicate individuel exige au moins 12 joueurs ; {said}."
    ]


def test_12_players_are_enough():
    assert homologation_refusals(facts(players=12)) == []


@pytest.mark.parametrize("players", [12, 51, 52, 500])
def test_index_1_is_always_fine(players):
    assert homologation_refusals(facts(players=players, index_granted=False)) == []


@pytest.mark.parametrize("claimed", ["1.2", "1.20"])
def test_regional_index_with_52_players_and_the_grant(claimed):
    fine = facts(players=52, claimed_index=Decimal(claimed), index_granted=True)
    assert homologation_refusals(fine) == []


def test_regional_index_needs_52_players():
    refused = facts(players=51, claimed_index=Decimal("1.2"), index_granted=True)
    assert homologation_refusals(refused) == [
        "Indice 1,2 (Tournoi Régional) : participation d'au moins 52 joueurs requise ; 51 ont joué."
    ]


def test_regional_index_needs_the_ccr_grant():
    refused = facts(players=60, claimed_index=Decimal("1.2"), index_granted=False)
    assert homologation_refusals(refused) == [REGIONAL_GRANT]


def test_national_index_with_100_players_and_the_grant():
    fine = facts(players=100, claimed_index=Decimal("1.5"), index_granted=True)
    assert homologation_refusals(fine) == []


def test_national_index_needs_100_players():
    refused = facts(players=99, claimed_index=Decimal("1.5"), index_granted=True)
    assert homologation_refusals(refused) == [
        "Indice 1,5 (Tournoi National) : participation d'au moins 100 joueurs requise ;"
        " 99 ont joué."
    ]


def test_national_index_needs_the_ccn_grant():
    refused = facts(players=150, claimed_index=Decimal("1.5"), index_granted=False)
    assert homologation_refusals(refused) == [NATIONAL_GRANT]


def test_overseas_local_tournament_has_index_3():
    assert homologation_refusals(facts(claimed_index=Decimal(3), overseas_local=True)) == []


def test_index_3_is_for_overseas_local_tournaments_only():
    assert homologation_refusals(facts(claimed_index=Decimal(3))) == [
        "Indice 3 : le coefficient 3 est réservé aux tournois locaux des comités d'Outre-mer."
    ]


def test_overseas_local_tournament_may_claim_index_1():
    assert homologation_refusals(facts(overseas_local=True)) == []


@pytest.mark.parametrize(
    ("claimed", "shown"),
    [("1.8", "1,8"), ("2", "2"), ("0", "0"), ("-1", "-1"), ("1.25", "1,25"), ("NaN", "NaN")],
)
def test_any_other_index_is_refused(claimed, shown):
    refused = facts(players=200, claimed_index=Decimal(claimed), index_granted=True)
    assert homologation_refusals(refused) == [f"Indice {shown}{OTHER_INDEX}"]


def test_several_failing_conditions_in_a_stable_order():
    refused = HomologationFacts(
        organiser_affiliated=False,
        referee_official=False,
        referee_played=True,
        official_event=True,
        players=8,
        claimed_index=Decimal("1.5"),
        index_granted=False,
    )
    assert homologation_refusals(refused) == [
        ORGANISER,
        REFEREE,
        REFEREE_PLAYED,
        "Participation : un tournoi duplicate individuel exige au moins 12 joueurs ; 8 ont joué.",
        "Indice 1,5 (Tournoi National) : participation d'au moins 100 joueurs requise ;"
        " 8 ont joué.",
        NATIONAL_GRANT,
    ]


def test_facts_are_checked():
    with pytest.raises(ValueError, match="négatif"):
        facts(players=-1)
    with pytest.raises(TypeError, match="Decimal"):
        facts(claimed_index=1.2)


def test_index_text():
    assert [index_text(Decimal(text)) for text in ("1", "1.20", "1.5", "10", "3.0")] == [
        "1",
        "1,2",
        "1,5",
        "10",
        "3",
    ]


facts_strategy = st.builds(
    HomologationFacts,
    organiser_affiliated=st.booleans(),
    referee_official=st.booleans(),
    referee_played=st.booleans(),
    official_event=st.booleans(),
    players=st.integers(min_value=0, max_value=300),
    claimed_index=st.sampled_from([Decimal(v) for v in ("1", "1.2", "1.5", "1.8", "3")]),
    index_granted=st.booleans(),
    overseas_local=st.booleans(),
)


@given(facts_strategy, st.integers(min_value=0, max_value=300))
def test_more_players_never_adds_a_refusal(base, more):
    fewer = homologation_refusals(base)
    bigger = homologation_refusals(replace(base, players=base.players + more))
    assert len(bigger) <= len(fewer)


@given(facts_strategy)
def test_refused_exactly_when_a_condition_fails(sample):
    index_fine = {
        Decimal(1): True,
        Decimal("1.2"): sample.players >= 52 and sample.index_granted,
        Decimal("1.5"): sample.players >= 100 and sample.index_granted,
        Decimal(3): sample.overseas_local,
    }.get(sample.claimed_index, False)
    fine = (
        sample.organiser_affiliated
        and sample.referee_official
        and not (sample.referee_played and sample.official_event)
        and sample.players >= 12
        and index_fine
    )
    refusals = homologation_refusals(sample)
    assert (refusals == []) == fine
    assert len(set(refusals)) == len(refusals)
