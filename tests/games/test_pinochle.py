"""A team pinochle tournament worked by hand (docs/reference/pinochle-tournament-rules.txt):
bids, hands made and set, board set without a marriage, cannot make board, reneges under
and over a 100 bid, Boston, the round to 500, the A/B rotation with a bye every round,
the bye's average, the standings, the set cup and the specials' drawing."""

from collections import Counter

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from apps.games.domain.pinochle import (
    PinochleHand,
    TeamResult,
    bid_valid,
    bye_score,
    can_make_board,
    hand_score,
    renege_penalty,
    round_pairings,
    round_sheet,
    set_cup_total,
    specials_draw,
    standings,
    team_numbers,
)


def hand(bidder=0, bid=60, meld=(0, 0), tricks=(25, 25), **others) -> PinochleHand:
    return PinochleHand(bidder, bid, meld, tricks, **others)


# --- bids --------------------------------------------------------------------------


def test_bids_go_by_one_to_60_then_by_five():
    allowed = [bid for bid in range(40, 111) if bid_valid(bid)]
    assert allowed == [*range(50, 61), 65, 70, 75, 80, 85, 90, 95, 100, 105, 110]


def test_a_bid_the_rules_do_not_allow_is_refused():
    with pytest.raises(ValueError, match="enchère 63"):
        hand(bid=63)


# --- hands -------------------------------------------------------------------------


def test_a_bid_made_scores_meld_and_tricks():
    # bidder: 40 meld + 30 tricks = 70 >= 60; opponents: 30 meld saved by 20 tricks
    made = hand_score(hand(bid=60, meld=(40, 30), tricks=(30, 20)))
    assert made.scores == (70, 50) and not made.set


def test_a_bid_missed_is_set_by_the_bid():
    # 30 + 35 = 65 < 70: set; opponents took 15, under 20: neither tricks nor meld count
    went_set = hand_score(hand(bid=70, meld=(30, 25), tricks=(35, 15)))
    assert went_set.scores == (-70, 0) and went_set.set


def test_meld_under_20_does_not_count():
    # 15 meld does not count: 40 tricks alone miss the 50 bid
    assert hand_score(hand(bid=50, meld=(15, 0), tricks=(40, 10))).scores == (-50, 0)


def test_without_a_marriage_the_bidding_team_is_board_set_and_nothing_is_played():
    no_marriage = hand_score(hand(bid=55, meld=(0, 40), tricks=(0, 0), outcome="no_marriage"))
    assert no_marriage.scores == (-55, 0) and no_marriage.set


def test_cannot_make_board_gives_the_opponents_their_meld_of_20_or_more():
    board = hand(bidder=1, bid=80, meld=(35, 20), tricks=(0, 0), outcome="cannot_make_board")
    assert hand_score(board).scores == (35, -80)
    small = hand(bidder=1, bid=80, meld=(15, 20), tricks=(0, 0), outcome="cannot_make_board")
    assert hand_score(small).scores == (0, -80)


def test_a_renege_under_a_100_bid_costs_100_and_gives_the_opponents_meld_and_50():
    renege = hand(bid=75, meld=(30, 24), tricks=(0, 0), outcome="renege", team=1)
    scored = hand_score(renege)
    assert scored.scores == (30 + 50, -100) and not scored.set


def test_a_renege_over_a_100_bid_costs_the_bid():
    renege = hand(bid=110, meld=(60, 18), tricks=(0, 0), outcome="renege", team=0)
    scored = hand_score(renege)
    assert scored.scores == (-110, 0 + 50) and scored.set  # 18 meld: under 20


def test_a_renege_gives_the_opponents_their_meld_only_over_20():
    """« The opposing team will score their meld (if over 20) and 50 trick points »: a meld
    of exactly 20 is not over 20 (where board set says « if 20 plus »)."""
    exactly = hand(bid=75, meld=(20, 40), tricks=(0, 0), outcome="renege", team=1)
    assert hand_score(exactly).scores == (0 + 50, -100)
    over = hand(bid=75, meld=(21, 40), tricks=(0, 0), outcome="renege", team=1)
    assert hand_score(over).scores == (21 + 50, -100)
    board = hand(bidder=1, bid=80, meld=(20, 20), tricks=(0, 0), outcome="cannot_make_board")
    assert hand_score(board).scores == (20, -80)  # « if 20 plus »


# meld of the bidding team, bid: can it make board (its meld, 20 at least, and 50 tricks)?
BOARD = [(0, 50, True), (0, 55, False), (19, 60, False), (20, 70, True), (20, 75, False),
         (30, 80, True), (150, 200, True), (150, 205, False)]  # fmt: skip


@pytest.mark.parametrize(("meld", "bid", "can"), BOARD)
def test_who_can_make_board(meld, bid, can):
    assert can_make_board(meld, bid) is can


def test_a_played_hand_the_rules_call_board_set_is_refused():
    with pytest.raises(ValueError, match="ne peut pas atteindre 80"):
        hand(bidder=1, bid=80, meld=(30, 20), tricks=(25, 25))


@pytest.mark.parametrize(("bid", "penalty"), [(50, 100), (100, 100), (105, 105), (150, 150)])
def test_the_renege_penalty(bid, penalty):
    assert renege_penalty(bid) == penalty


def test_a_boston_wins_the_round_at_once():
    boston = hand(bidder=1, bid=60, meld=(20, 40), tricks=(0, 50), outcome="boston", team=1)
    assert hand_score(boston).scores == (0, 90)
    sheet = round_sheet([hand(meld=(40, 0), tricks=(30, 20)), boston])
    assert sheet.winner == 1 and sheet.ended_by == "boston" and sheet.totals == (70, 110)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"tricks": (30, 30)}, "font 50"),
        ({"outcome": "no_marriage"}, "pas de points de levées"),
        ({"outcome": "renege", "tricks": (0, 0)}, "nomme son équipe"),
        ({"team": 1}, "nomme son équipe"),
        ({"outcome": "boston", "team": 0}, "20 levées"),
        ({"meld": (-20, 0)}, "positifs"),
        ({"bidder": 2}, "0 ou 1"),
    ],
)
def test_impossible_hands_are_refused(fields, message):
    with pytest.raises(ValueError, match=message):
        hand(**fields)


# --- a round -----------------------------------------------------------------------

STRONG = hand(bid=100, meld=(80, 0), tricks=(40, 10))  # team 0: 120


def test_the_first_team_to_500_wins_the_round():
    sheet = round_sheet([STRONG] * 5)
    assert sheet.totals == (600, 0) and sheet.winner == 0 and sheet.ended_by == "game"
    assert round_sheet([STRONG] * 4).winner is None


def test_both_past_500_on_one_hand_the_bidding_team_wins():
    both = hand(bidder=1, bid=60, meld=(30, 40), tricks=(25, 25))  # 55 and 65
    before = [STRONG] * 4 + [hand(bidder=1, bid=100, meld=(0, 80), tricks=(10, 40))] * 4
    sheet = round_sheet([*before, both])
    assert sheet.totals == (480 + 55, 480 + 65) and sheet.winner == 1


def test_when_time_is_called_the_higher_total_wins_and_a_tie_plays_on():
    sheet = round_sheet([STRONG], time_called=True)
    assert sheet.winner == 0 and sheet.ended_by == "time"
    even = round_sheet([hand(meld=(0, 0), tricks=(25, 25), bid=50)], time_called=True)
    assert even.totals == (-50, 25) and even.winner == 1
    tie = round_sheet([], time_called=True)
    assert tie.winner is None


def test_no_hand_follows_the_end_of_a_round():
    with pytest.raises(ValueError, match="la manche est finie"):
        round_sheet([STRONG] * 6)


# --- the tournament ----------------------------------------------------------------


def test_nine_teams_have_a_bye_every_round_and_the_b_teams_move_up():
    assert team_numbers(9) == ["1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B", "5B"]
    byes = []
    for round_number in range(1, 9):
        pairings = round_pairings(9, round_number)
        seated = [p.a for p in pairings if p.a] + [p.b for p in pairings]
        assert sorted(seated) == sorted(team_numbers(9))  # every team once a round
        byes += [p.b for p in pairings if p.a is None]
        assert [p.a for p in pairings] == ["1A", "2A", "3A", "4A", None]
    assert byes == ["5B", "4B", "3B", "2B", "1B", "5B", "4B", "3B"]
    second = round_pairings(9, 2)
    assert [(p.table, p.b) for p in second] == [
        (1, "5B"),
        (2, "1B"),
        (3, "2B"),
        (4, "3B"),
        (5, "4B"),
    ]


def test_an_even_field_has_no_bye():
    pairings = round_pairings(8, 3)
    assert all(p.a is not None for p in pairings)
    assert [p.b for p in pairings] == ["3B", "4B", "1B", "2B"]


def test_the_bye_receives_the_average_of_the_rounds_winning_scores():
    assert bye_score([500, 510, 505, 520]) == 509  # 508.75
    assert bye_score([500, 501]) == 501  # 500.5, a half up
    assert bye_score([512]) == 512


def test_standings_go_by_wins_then_points_and_equal_teams_share():
    table = standings(
        {
            "1A": [TeamResult(True, 510), TeamResult(False, 300)],
            "1B": [TeamResult(True, 505), TeamResult(True, 500)],
            "2A": [TeamResult(False, 450), TeamResult(True, 520)],
            "2B": [TeamResult(False, 420), TeamResult(True, 390)],
            "3A": [TeamResult(True, 500), TeamResult(False, 310)],
        }
    )
    assert [(s.team, s.rank, s.wins, s.losses, s.points) for s in table] == [
        ("1B", 1, 2, 0, 1005),
        ("2A", 2, 1, 1, 970),
        ("1A", 3, 1, 1, 810),
        ("2B", 3, 1, 1, 810),
        ("3A", 3, 1, 1, 810),
    ]


# --- extras --------------------------------------------------------------------------


def test_the_set_cup_takes_each_set_players_amount():
    assert set_cup_total(3, 50) == 300  # three hands set, two players, 50 cents


def test_the_specials_drawing_is_reproducible_from_its_seed():
    entries = ["Anne", "Bruno", "Anne", "Claire", "Denis", "Denis"]
    drawn = specials_draw(entries, 2026)
    assert drawn == specials_draw(list(entries), 2026) and drawn in entries
    assert Counter(specials_draw(entries, seed) for seed in range(600))["Anne"] > 100
    with pytest.raises(ValueError, match="aucun nom"):
        specials_draw([], 1)


# --- invariants ----------------------------------------------------------------------

bids = st.sampled_from([b for b in range(50, 200) if bid_valid(b)])
melds = st.tuples(st.integers(0, 150), st.integers(0, 150))


@given(bids, melds, st.integers(0, 50), st.sampled_from([0, 1]))
def test_a_played_hand_is_made_or_set_by_its_bid(bid, meld, bidder_tricks, bidder):
    assume(can_make_board(meld[bidder], bid))  # else not played: board set
    tricks = (
        (bidder_tricks, 50 - bidder_tricks) if bidder == 0 else (50 - bidder_tricks, bidder_tricks)
    )
    scored = hand_score(hand(bidder=bidder, bid=bid, meld=meld, tricks=tricks))
    mine = scored.scores[bidder]
    assert mine == -bid if scored.set else mine >= bid
    assert scored.scores[1 - bidder] >= 0
