"""Rules of the deal score that hold for every deal the cards allow."""

from itertools import combinations_with_replacement

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from apps.scoring.domain.deal import (
    Chelem,
    Contract,
    Deal,
    Poignee,
    Side,
    deal_score,
    duplicate_score,
    duplicate_score_reason,
    score_sheet,
    trumps_needed,
)

HALVES = [halves / 2 for halves in range(183)]
OPPOSITE = {None: None, Side.TAKER: Side.DEFENSE, Side.DEFENSE: Side.TAKER}
POIGNEE_SETS = {
    players: [
        poignees
        for count in range(3)
        for poignees in combinations_with_replacement(Poignee, count)
        if sum(trumps_needed(poignee, players) for poignee in poignees) <= 22
    ]
    for players in (3, 4, 5)
}
# A chelem leaves the other side no trick, so no last trick to lead the Petit to.
PETITS = {
    None: [None, *Side],
    Chelem.ANNOUNCED_FAILED: [None, *Side],
    Chelem.ANNOUNCED_MADE: [None, Side.TAKER],
    Chelem.MADE: [None, Side.TAKER],
    Chelem.DEFENSE: [None, Side.DEFENSE],
}
ANY_CONTRACT = st.sampled_from(Contract)
ANY_PLAYERS = st.sampled_from([3, 4, 5])
ANY_CHELEM = st.none() | st.sampled_from(Chelem)


def _deal_or_none(**fields) -> Deal | None:
    try:
        return Deal(**fields)
    except ValueError:
        return None


@st.composite
def deals(draw, contracts=ANY_CONTRACT, players=ANY_PLAYERS, chelems=ANY_CHELEM):
    """A valid deal: its points drawn among those the other fields allow."""
    fields = {
        "bouts": draw(st.integers(0, 3)),
        "contract": draw(contracts),
        "players": draw(players),
        "chelem": draw(chelems),
    }
    fields["poignees"] = draw(st.sampled_from(POIGNEE_SETS[fields["players"]]))
    fields["petit_au_bout"] = draw(st.sampled_from(PETITS[fields["chelem"]]))
    valid = [deal for points in HALVES if (deal := _deal_or_none(points=points, **fields))]
    assume(valid)
    return draw(st.sampled_from(valid))


garde_deals = deals(contracts=st.just(Contract.GARDE), players=st.just(4))


@given(deals())
def test_every_sheet_sums_to_zero(deal):
    names = [f"joueur {number}" for number in range(deal.players)]
    sheets = [score_sheet(deal, names[0], names[1:])]
    if deal.players == 5:
        sheets.append(score_sheet(deal, names[0], names[2:], partner=names[1]))
    for sheet in sheets:
        assert sum(sheet.values()) == 0
        assert len(sheet) == deal.players


@given(deals(players=st.just(5)))
def test_the_taker_wins_twice_what_his_partner_wins(deal):
    sheet = score_sheet(deal, "preneur", ["d1", "d2", "d3"], partner="partenaire")
    assert sheet["preneur"] == 2 * sheet["partenaire"] == 2 * deal_score(deal)


@given(deals())
def test_the_score_s_sign_follows_the_contract(deal):
    """Made, the score is positive whatever the petit au bout and poignées; failed,
    negative; only a failed chelem announcement may turn a made contract's sign."""
    assume(deal.chelem is not Chelem.ANNOUNCED_FAILED)
    assert (deal_score(deal) > 0) == deal.made
    assert deal_score(deal) != 0


@given(deals(chelems=st.none()))
def test_a_made_deal_scores_the_opposite_of_its_mirror_failed_deal(deal):
    """Made by x, the taker scores what he loses when failing by x, with the petit au
    bout on the other side and the same poignées."""
    assume(deal.points != deal.needed)
    mirror = _deal_or_none(
        bouts=deal.bouts,
        points=2 * deal.needed - deal.points,
        contract=deal.contract,
        players=deal.players,
        poignees=deal.poignees,
        petit_au_bout=OPPOSITE[deal.petit_au_bout],
    )
    assume(mirror is not None)
    assert mirror.made != deal.made
    assert deal_score(mirror) == -deal_score(deal)


@given(deals())
def test_petit_au_bout_is_10_times_the_multiplier(deal):
    assume(deal.petit_au_bout is not None)
    without = Deal(
        deal.bouts, deal.points, deal.contract, deal.players, deal.poignees, None, deal.chelem
    )
    sign = 1 if deal.petit_au_bout is Side.TAKER else -1
    assert deal_score(deal) - deal_score(without) == sign * 10 * deal.contract.multiplier


@given(deals())
def test_poignees_go_to_the_side_that_wins(deal):
    without = Deal(
        deal.bouts, deal.points, deal.contract, deal.players, (), deal.petit_au_bout, deal.chelem
    )
    sign = 1 if deal.made else -1
    assert deal_score(deal) - deal_score(without) == sign * sum(p.points for p in deal.poignees)


# The first call of duplicate_score_reason builds its table of Garde scores: no deadline.
@settings(deadline=None)
@given(garde_deals)
def test_every_garde_deal_gives_an_accepted_duplicate_score(deal):
    assert duplicate_score(deal) == deal_score(deal)
    assert duplicate_score_reason(duplicate_score(deal)) is None


@settings(deadline=None)
@given(st.integers(-10_000, 10_000))
def test_a_refused_score_comes_with_a_reason(score):
    reason = duplicate_score_reason(score)
    if score % 2:
        assert reason.startswith("un score de Garde est pair")
    elif not -416 <= score <= 620:
        assert reason.startswith("un score de Garde vaut au")
    else:
        assert reason is None or reason.startswith("aucune donne ne donne ce score")
