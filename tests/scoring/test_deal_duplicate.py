"""The imposed Garde of duplicate (fascicule 3, « La marque ») and the scores a traveller
may hold."""

import importlib
from itertools import product

import pytest

from apps.scoring.domain.deal import (
    Chelem,
    Contract,
    Deal,
    Poignee,
    Side,
    duplicate_score,
    duplicate_score_reason,
)

# Every Garde score, family by family (4 players; d is the difference, 0 to 53 without a
# chelem of the taker: the defence then holds a trick, 2 points at least):
# - no chelem, made: 2 x (25 + d), -20 or +20 of petit au bout, + 0/20/30/40 of poignées;
# - no chelem, failed: -2 x (25 + d), d from 1 to 51 (the taker holds his discard and a
#   trick, 5 points at least), ±20, - 0/20/30/40;
# - chelem announced and failed: the same, -200;
# - chelem of the defence: failed by 1 to 53 (the taker holds only his discard), petit
#   au bout to the defence or to nobody, -200;
# - chelem of the taker: 3 bouts and 91 points (d = 55) or 2 bouts and 86.5 points, the
#   Excuse kept by the defence (d = 46), petit au bout to the taker or to nobody, poignées,
#   +200 unannounced or +400 announced.
TAKER_CHELEM_BASES = {
    base + petit + poignees
    for base in (2 * (25 + 55), 2 * (25 + 46))
    for petit in (0, 20)
    for poignees in (0, 20, 30, 40)
}
GARDE_SCORES = (
    set(range(-416, -231, 2))
    | set(range(-212, 17, 2))
    | set(range(30, 217, 2))
    | {base + bonus for base in TAKER_CHELEM_BASES for bonus in (200, 400)}
)


def test_the_garde_scores_by_hand():
    assert sorted(TAKER_CHELEM_BASES) == [
        142,
        160,
        162,
        172,
        180,
        182,
        190,
        192,
        200,
        202,
        210,
        220,
    ]
    accepted = {score for score in range(-1000, 1001) if duplicate_score_reason(score) is None}
    assert accepted == GARDE_SCORES


def test_the_garde_scores_are_those_of_every_garde_deal():
    """An exhaustive count, apart from the one behind duplicate_score_reason."""
    scores = set()
    for chelem, petit, poignees, bouts, halves in product(
        [None, *Chelem],
        [None, *Side],
        [(), (Poignee.SIMPLE,), (Poignee.DOUBLE,), (Poignee.TRIPLE,), (Poignee.SIMPLE,) * 2],
        range(4),
        range(183),
    ):
        try:
            deal = Deal(bouts, halves / 2, poignees=poignees, petit_au_bout=petit, chelem=chelem)
        except ValueError:
            continue
        scores.add(duplicate_score(deal))
    assert scores == GARDE_SCORES


@pytest.mark.parametrize("score", [56, 62, -56, -52, 50])
def test_the_topage_example_s_scores_are_garde_scores(score):
    assert duplicate_score_reason(score) is None


def test_duplicate_score_of_a_garde():
    assert duplicate_score(Deal(bouts=2, points=44)) == 56
    deal = Deal(1, 45, poignees=(Poignee.SIMPLE,), petit_au_bout=Side.DEFENSE)
    assert duplicate_score(deal) == -(25 + 6) * 2 - 20 - 20 == -102


@pytest.mark.parametrize(
    "deal", [Deal(2, 44, Contract.GARDE_SANS), Deal(2, 44, players=3), Deal(2, 44, players=5)]
)
def test_duplicate_is_an_imposed_garde_with_4_players(deal):
    with pytest.raises(ValueError, match="une Garde imposée, à 4 joueurs"):
        duplicate_score(deal)


@pytest.mark.parametrize("score", [51, -1, 57, 1001])
def test_an_odd_score_is_refused(score):
    assert duplicate_score_reason(score).startswith("un score de Garde est pair")


def test_scores_beyond_the_best_and_worst_deals():
    assert duplicate_score_reason(622) == (
        "un score de Garde vaut au plus 620 : Garde réussie de 55 avec 3 bouts et 91 points, "
        "petit au bout au preneur, poignée triple, chelem annoncé réussi"
    )
    assert duplicate_score_reason(-418) == (
        "un score de Garde vaut au moins -416 : Garde chutée de 53 avec 0 bout et 3 points, "
        "petit au bout à la défense, poignée triple, chelem de la défense"
    )


def test_a_score_between_two_garde_scores():
    assert duplicate_score_reason(20) == (
        "aucune donne ne donne ce score ; les scores de Garde les plus proches sont 16 "
        "(Garde réussie de 53 avec 3 bouts et 88,5 points, petit au bout au preneur, "
        "poignée triple, chelem annoncé chuté) et 30 (Garde réussie de 0 avec 0 bout et "
        "56 points, petit au bout à la défense)"
    )


@pytest.mark.parametrize(
    ("score", "below", "above"),
    [(28, 16, 30), (218, 216, 342), (344, 342, 360), (-220, -232, -212), (500, 420, 542)],
)
def test_gaps_name_their_nearest_garde_scores(score, below, above):
    reason = duplicate_score_reason(score)
    assert reason.startswith("aucune donne ne donne ce score")
    assert f"sont {below} (" in reason
    assert f") et {above} (" in reason


def test_small_scores_come_from_a_failed_chelem_announcement():
    """A Garde made by 50 with the petit au bout and a triple poignée scores 210; a
    failed chelem announcement takes 200 off: 10."""
    deal = Deal(
        3,
        86,
        poignees=(Poignee.TRIPLE,),
        petit_au_bout=Side.TAKER,
        chelem=Chelem.ANNOUNCED_FAILED,
    )
    assert duplicate_score(deal) == 10
    assert duplicate_score_reason(10) is None
    assert duplicate_score_reason(0) is None


def test_the_web_server_finds_every_garde_score_as_its_workers_start():
    """A table's first score does not wait while its worker finds every Garde score."""
    import config.wsgi
    from apps.scoring.domain import deal

    deal._garde_scores.cache_clear()
    importlib.reload(config.wsgi)
    assert deal._garde_scores.cache_info().currsize == 1
