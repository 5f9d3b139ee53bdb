"""Front belote worked by hand (docs/reference/front-belote-rules.txt): a deal made, a
no-trumps deal doubled, a bide, a bide pendante and where its points go, all-pass rounds
(and who took a trick), combinations written by one player only, card points bounded by
the cards in play under each contract (the tables held here),
« finish » won and lost, both players past 1001, and the sheet's invariants."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.games.domain.belote import (
    PLAIN_VALUES,
    TRUMP_VALUES,
    BeloteDeal,
    Contract,
    card_points_bound,
    deal_score,
    match_sheet,
)

TRUMP, NO_TRUMPS, ALL_TRUMPS, ALL_PASS = (
    Contract.TRUMP,
    Contract.NO_TRUMPS,
    Contract.ALL_TRUMPS,
    Contract.ALL_PASS,
)


def deal(contract=TRUMP, chooser=0, tricks=(0, 0), last_trick=0, **others) -> BeloteDeal:
    return BeloteDeal(contract, chooser, tricks, last_trick, **others)


# --- one deal ----------------------------------------------------------------------


def test_a_deal_made_counts_tricks_last_trick_combinations_and_belote():
    # 90 in tricks + 10 of the last trick + a tierce (20) + belote (20) = 140 against 40
    made = deal_score(deal(tricks=(90, 40), combinations=(20, 0), belotes=(1, 0)))
    assert made.scores == (140, 40) and made.kind == "made" and made.winner == 0


def test_a_no_trumps_deal_is_doubled():
    # chooser 1: (80 + 10) x 2 = 180; player 0: 30 x 2 = 60
    made = deal_score(deal(NO_TRUMPS, chooser=1, tricks=(30, 80), last_trick=1))
    assert made.scores == (60, 180) and made.winner == 1


def test_a_bide_gives_the_choosers_points_to_the_other_player():
    # the chooser made 50 against 70 + 10: the other player writes 50 + 80
    bide = deal_score(deal(tricks=(50, 70), last_trick=1))
    assert bide.scores == (0, 130) and bide.kind == "bide" and bide.winner == 1


def test_a_bide_pendante_leaves_the_choosers_points_waiting():
    # 60 each: the chooser writes nothing, the other player their own 60, 60 wait
    hanging = deal_score(deal(tricks=(60, 50), last_trick=1))
    assert hanging.scores == (0, 60) and hanging.kind == "bide_pendante"
    assert hanging.hanging == 60 and hanging.winner is None


def test_an_all_pass_round_counts_against_both_players():
    # both took tricks: player 0 has 30 + 10, player 1's combinations (50) and belote (20)
    # against them; player 1 has their 50 against them, their own combination nothing
    both = deal_score(deal(ALL_PASS, None, tricks=(30, 50), combinations=(0, 50), belotes=(0, 1)))
    assert both.scores == (-110, -50) and both.kind == "all_pass" and both.winner is None


def test_in_an_all_pass_round_a_player_without_a_trick_pays_only_the_other_belote():
    # player 1 took nothing: player 0's combination is not charged to them, the belote is
    alone = deal_score(deal(ALL_PASS, None, tricks=(80, 0), combinations=(0, 20), belotes=(1, 0)))
    assert alone.scores == (-110, -20)


def test_a_trick_without_card_points_is_a_trick_taken():
    taken = deal_score(
        deal(ALL_PASS, None, tricks=(80, 0), combinations=(20, 0), took_a_trick=(True, True))
    )
    assert taken.scores == (-90, -20)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"contract": TRUMP, "chooser": None}, "choisit le contrat"),
        ({"contract": ALL_PASS, "chooser": 0}, "choisit le contrat"),
        ({"chooser": 2}, "joueur 0 ou le joueur 1"),
        ({"tricks": (-10, 0)}, "positifs ou nuls"),
        ({"combinations": (25, 0)}, "dizaines"),
        ({"belotes": (1, 1)}, "trop de belotes"),
        ({"contract": NO_TRUMPS, "belotes": (1, 0)}, "trop de belotes"),
        ({"contract": ALL_PASS, "chooser": None, "belotes": (1, 1)}, "trop de belotes"),
        ({"contract": ALL_PASS, "chooser": None, "finish": 0}, "« fini »"),
        ({"combinations": (20, 50)}, "un seul joueur marque ses combinaisons"),
        ({"tricks": (30, 0), "took_a_trick": (False, True)}, "a pris un pli"),
        ({"tricks": (0, 0), "last_trick": 1, "took_a_trick": (False, False)}, "a pris un pli"),
    ],
)
def test_impossible_deals_are_refused(fields, message):
    with pytest.raises(ValueError, match=message):
        deal(**fields)


# The common belote card values (the « cost of cards »): trump and plain suits, from the
# jack down for trumps (J 9 A 10 K Q 8 7) and from the ace for a plain suit (A 10 K Q J 9 8 7).
VALUES = {"trump": (20, 14, 11, 10, 4, 3, 0, 0), "plain": (11, 10, 4, 3, 2, 0, 0, 0)}
# The eighteen best cards under each contract, worked by hand:
# one trump suit: 20 + 14 + 4 x 11 + 4 x 10 + 4 x 4 + 4 x 3 = 146;
# all trumps: 4 x (20 + 14 + 11 + 10) + 2 x 4 = 228; no trumps: 4 x (11 + 10 + 4 + 3) + 2 x 2 = 116.
BOUNDS = {TRUMP: 146, ALL_PASS: 146, ALL_TRUMPS: 228, NO_TRUMPS: 116}


def test_the_card_values_and_each_contracts_bound_are_the_tables():
    assert (VALUES["trump"], VALUES["plain"]) == (TRUMP_VALUES, PLAIN_VALUES)
    assert {contract: card_points_bound(contract) for contract in Contract} == BOUNDS


@pytest.mark.parametrize("contract", list(Contract))
def test_card_points_beyond_the_cards_in_play_are_refused(contract):
    chooser = None if contract is ALL_PASS else 0
    bound = BOUNDS[contract]
    deal(contract, chooser, tricks=(bound - 40, 40))  # at the bound: written
    with pytest.raises(ValueError, match=f"au plus {bound} points"):
        deal(contract, chooser, tricks=(bound - 39, 40))


def test_all_trumps_allows_a_belote_in_each_suit():
    four = deal(ALL_TRUMPS, tricks=(100, 50), belotes=(3, 1))
    assert deal_score(four).scores == (100 + 10 + 60, 50 + 20)


# --- the match ---------------------------------------------------------------------


def test_the_points_of_a_bide_pendante_go_to_the_next_deals_winner():
    sheet = match_sheet(
        [
            deal(tricks=(60, 50), last_trick=1),  # bide pendante: (0, 60), 60 waiting
            deal(ALL_PASS, None, tricks=(20, 10)),  # no winner: still waiting
            deal(chooser=1, tricks=(20, 80), last_trick=1),  # player 1 wins: 90 + 60
        ]
    )
    first, all_pass, third = sheet.lines
    assert first.written == (0, 60) and first.waiting == 60
    assert all_pass.written == (-30, -10) and all_pass.waiting == 60
    assert third.written == (20, 150) and third.waiting == 0
    assert sheet.totals == (-10, 200) and sheet.winner is None
    assert [line.collected for line in sheet.lines] == [0, 0, 60]  # « dont 60 de litige »


def test_two_bides_pendantes_in_a_row_wait_together():
    sheet = match_sheet(
        [
            deal(tricks=(60, 50), last_trick=1),
            deal(chooser=1, tricks=(40, 30), last_trick=1),  # 40 each: 40 more wait
            deal(tricks=(100, 20)),  # player 0 wins: 110 + 100 waiting
        ]
    )
    assert [line.waiting for line in sheet.lines] == [60, 100, 0]
    assert sheet.lines[-1].written == (210, 20)
    assert [line.collected for line in sheet.lines] == [0, 0, 100]


BIG = deal(NO_TRUMPS, tricks=(116, 0))  # (116 + 10) x 2 = 252 to player 0


def _at(player_0: int, player_1: int) -> list[BeloteDeal]:
    """Deals bringing the totals to (player_0, player_1), both under 1001: trump deals
    made with 10 points apart."""
    deals = []
    for player, total in ((0, player_0), (1, player_1)):
        while total:
            step = min(total, 150)
            tricks = [0, 0]
            tricks[player] = step - 10
            deals.append(deal(chooser=player, tricks=tuple(tricks), last_trick=player))
            total -= step
    return deals


def test_reaching_1001_wins_the_match():
    sheet = match_sheet([*_at(950, 500), deal(tricks=(50, 10))])
    assert sheet.totals == (1010, 510) and sheet.winner == 0 and sheet.ended_by == "target"


def test_both_past_1001_the_player_who_did_not_choose_wins():
    sheet = match_sheet([*_at(980, 990), deal(tricks=(90, 20))])  # 100 and 20
    assert sheet.totals == (1080, 1010)
    assert sheet.winner == 1 and sheet.ended_by == "both"


def test_a_finish_with_enough_points_wins():
    sheet = match_sheet([*_at(950, 990), deal(tricks=(50, 0), finish=0)])  # 60: 1010
    assert sheet.totals == (1010, 990) and sheet.winner == 0 and sheet.ended_by == "finish"


def test_a_finish_without_enough_points_loses():
    sheet = match_sheet([*_at(950, 600), deal(tricks=(30, 0), finish=0)])  # 40: 990
    assert sheet.totals == (990, 600) and sheet.winner == 1 and sheet.ended_by == "finish"


def test_a_finish_counts_the_totals_with_the_deals_bide():
    # player 1 declares finish but goes bide: player 0 takes the points and player 1
    # stays under 1001
    sheet = match_sheet([*_at(500, 990), deal(chooser=1, tricks=(50, 20), finish=1)])
    assert sheet.totals == (580, 990) and sheet.winner == 0


def test_no_deal_follows_the_end():
    with pytest.raises(ValueError, match="la partie est finie"):
        match_sheet([*_at(950, 0), deal(tricks=(50, 0)), deal(tricks=(10, 0))])


# --- invariants ----------------------------------------------------------------------

points = st.integers(0, 15).map(lambda n: n * 10)
contracts = st.sampled_from([TRUMP, NO_TRUMPS, ALL_TRUMPS])
one_player_combinations = st.one_of(st.tuples(points, st.just(0)), st.tuples(st.just(0), points))
played = st.builds(
    deal,
    contract=contracts,
    chooser=st.sampled_from([0, 1]),
    tricks=st.tuples(st.integers(0, 58), st.integers(0, 58)),  # within every bound
    last_trick=st.sampled_from([0, 1]),
    combinations=one_player_combinations,
)
passed = st.builds(
    deal,
    contract=st.just(ALL_PASS),
    chooser=st.none(),
    tricks=st.tuples(st.integers(0, 58), st.integers(0, 58)),  # within every bound
    last_trick=st.sampled_from([0, 1]),
    combinations=one_player_combinations,
    belotes=st.sampled_from([(0, 0), (1, 0), (0, 1)]),
)


@given(st.lists(st.one_of(played, passed), max_size=12))
def test_no_point_of_a_played_deal_is_lost_and_all_pass_rounds_only_take(deals):
    """Every point of a played deal is written for someone or still waits; an all-pass
    round only takes points; totals run line by line."""
    sheet = match_sheet(_until_the_end(deals))
    running = (0, 0)
    for line in sheet.lines:
        running = (running[0] + line.written[0], running[1] + line.written[1])
        assert line.totals == running
        if line.score.kind == "all_pass":
            assert max(line.score.scores) <= 0
    gained = sum(
        line.deal.points(0) + line.deal.points(1)
        for line in sheet.lines
        if line.score.kind != "all_pass"
    )
    taken = sum(sum(line.score.scores) for line in sheet.lines if line.score.kind == "all_pass")
    last = sheet.lines[-1] if sheet.lines else None
    waiting = last.waiting if last else 0
    assert sum(sheet.totals) + waiting == gained + taken


def _until_the_end(deals: list[BeloteDeal]) -> list[BeloteDeal]:
    """The deals up to the one that ends the match."""
    kept = []
    for one in deals:
        kept.append(one)
        if match_sheet(kept).winner is not None:
            break
    return kept
