"""Club tournaments of two-player matches: round robin, rounds paired by the standings
and the standings, worked by hand."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.games.domain.match_rounds import (
    MatchResult,
    match_standings,
    round_robin,
    standings_pairing,
)

SIX = ["Anne", "Bruno", "Claire", "Denis", "Emma", "Fanny"]


def test_a_round_robin_of_six_meets_every_pair_once_in_five_rounds():
    rounds = round_robin(SIX)
    assert len(rounds) == 5
    met = Counter(frozenset(pair) for pairs in rounds for pair in pairs)
    assert set(met) == {frozenset(pair) for pair in combinations(SIX, 2)}
    assert set(met.values()) == {1}
    for pairs in rounds:
        assert sorted(p for pair in pairs for p in pair) == sorted(SIX)
    assert rounds[0] == [("Anne", "Fanny"), ("Bruno", "Emma"), ("Claire", "Denis")]


def test_a_round_robin_of_five_gives_each_player_the_bye_once():
    rounds = round_robin(SIX[:5])
    byes = [player for pairs in rounds for player, opponent in pairs if opponent is None]
    assert len(rounds) == 5 and sorted(byes) == sorted(SIX[:5])


def test_a_round_robin_needs_two_different_players():
    with pytest.raises(ValueError, match="au moins deux"):
        round_robin(["Anne", "Anne"])


def test_standings_pair_the_best_with_the_next_they_have_not_met():
    met = {"Anne": {"Bruno"}, "Bruno": {"Anne"}, "Claire": {"Denis"}, "Denis": {"Claire"}}
    pairs = standings_pairing(["Anne", "Bruno", "Claire", "Denis"], met)
    assert pairs == [("Anne", "Claire"), ("Bruno", "Denis")]


def test_pairing_goes_back_when_the_last_players_have_met():
    # Anne-Bruno would leave Claire and Denis, who have met: Anne takes Claire
    met = {"Claire": {"Denis"}, "Denis": {"Claire"}}
    assert standings_pairing(["Anne", "Bruno", "Claire", "Denis"], met) == [
        ("Anne", "Claire"),
        ("Bruno", "Denis"),
    ]


def test_the_lowest_placed_player_without_a_bye_has_it():
    pairs = standings_pairing(["Anne", "Bruno", "Claire"], {}, had_bye=["Claire"])
    assert pairs == [("Anne", "Claire"), ("Bruno", None)]


def test_a_pairing_that_cannot_avoid_a_rematch_is_refused():
    met = {"Anne": {"Bruno"}, "Bruno": {"Anne"}}
    with pytest.raises(ValueError, match="déjà rencontré"):
        standings_pairing(["Anne", "Bruno"], met)


def test_standings_go_by_wins_then_the_match_between_them_then_difference_then_points():
    """Anne, Bruno and Emma have one win each: Anne beat Bruno, so she goes first of the
    three though Bruno's difference is better; Bruno and Emma did not meet, and go by their
    difference."""
    results = [
        MatchResult("Anne", "Bruno", (1010, 640), "Anne"),
        MatchResult("Claire", "Denis", (1003, 980), "Claire"),
        MatchResult("Anne", "Claire", (700, 1020), "Claire"),
        MatchResult("Bruno", "Denis", (1001, 500), "Bruno"),
        MatchResult("Emma", None),  # the bye: a win, no points
    ]
    table = match_standings(SIX[:5], results)
    assert [(s.player, s.rank, s.played, s.won, s.difference, s.points) for s in table] == [
        ("Claire", 1, 2, 2, 23 + 320, 2023),
        ("Anne", 2, 2, 1, 370 - 320, 1710),
        ("Bruno", 3, 2, 1, -370 + 501, 1641),
        ("Emma", 4, 1, 1, 0, 0),
        ("Denis", 5, 2, 0, -23 - 501, 1480),
    ]


def test_three_players_who_beat_one_another_in_turn_go_by_their_difference():
    """A beat B, B beat C, C beat A: one win each among themselves, so the difference
    decides (A +100 - 50, B +30 - 100, C +50 - 30)."""
    results = [
        MatchResult("A", "B", (1001, 901), "A"),
        MatchResult("B", "C", (1001, 971), "B"),
        MatchResult("C", "A", (1001, 951), "C"),
    ]
    table = match_standings(["A", "B", "C"], results)
    assert [(s.player, s.rank, s.difference) for s in table] == [
        ("A", 1, 50),
        ("C", 2, 20),
        ("B", 3, -70),
    ]


def test_the_match_between_two_tied_players_decides_before_the_difference():
    """Anne and Bruno have two wins each; Bruno beat Anne, so he goes first though Anne's
    difference is better (+1001 against +501)."""
    results = [
        MatchResult("Bruno", "Anne", (1001, 1000), "Bruno"),
        MatchResult("Anne", "Claire", (1001, 1000), "Anne"),
        MatchResult("Claire", "Bruno", (1001, 1000), "Claire"),
        MatchResult("Anne", "Denis", (1001, 0), "Anne"),
        MatchResult("Bruno", "Denis", (1001, 500), "Bruno"),
    ]
    table = match_standings(["Anne", "Bruno", "Claire", "Denis"], results)
    assert [(s.player, s.rank, s.won, s.difference) for s in table][:2] == [
        ("Bruno", 1, 2, 501),
        ("Anne", 2, 2, 1001),
    ]


def test_players_equal_on_everything_share_the_rank():
    table = match_standings(["A", "B"], [MatchResult("A", None), MatchResult("B", None)])
    assert [(s.player, s.rank) for s in table] == [("A", 1), ("B", 1)]


@given(st.integers(2, 12))
def test_every_round_robin_meets_every_pair_once(count):
    players = [f"P{n}" for n in range(count)]
    met = Counter(
        frozenset(pair) for pairs in round_robin(players) for pair in pairs if pair[1] is not None
    )
    assert set(met) == {frozenset(pair) for pair in combinations(players, 2)}
    assert set(met.values()) == {1}
