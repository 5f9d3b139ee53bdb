"""The score of one deal, rule by rule, against the FFT official rules' tables and
hand-worked deals."""

import pytest

from apps.scoring.domain.deal import (
    Chelem,
    Contract,
    Deal,
    Poignee,
    Side,
    deal_score,
    points_needed,
    score_sheet,
    trumps_needed,
)


def test_enum_values_are_english_snake_case():
    assert [contract.value for contract in Contract] == [
        "prise",
        "garde",
        "garde_sans",
        "garde_contre",
    ]
    assert [poignee.value for poignee in Poignee] == ["simple", "double", "triple"]
    assert [side.value for side in Side] == ["taker", "defense"]
    assert [chelem.value for chelem in Chelem] == [
        "announced_made",
        "made",
        "announced_failed",
        "defense",
    ]


def test_contract_multipliers():
    assert {contract: contract.multiplier for contract in Contract} == {
        Contract.PRISE: 1,
        Contract.GARDE: 2,
        Contract.GARDE_SANS: 4,
        Contract.GARDE_CONTRE: 6,
    }


@pytest.mark.parametrize(
    ("players", "simple", "double", "triple"),
    [(3, 13, 15, 18), (4, 10, 13, 15), (5, 8, 10, 13)],
)
def test_trumps_needed_for_a_poignee(players, simple, double, triple):
    assert [trumps_needed(poignee, players) for poignee in Poignee] == [simple, double, triple]


def test_trumps_needed_defaults_to_4_players():
    assert trumps_needed(Poignee.SIMPLE) == 10


def test_trumps_needed_refuses_other_tables():
    with pytest.raises(ValueError, match="3, 4 ou 5"):
        trumps_needed(Poignee.SIMPLE, 6)


def test_poignee_points():
    assert [poignee.points for poignee in Poignee] == [20, 30, 40]


def test_chelem_bonuses():
    assert {chelem: chelem.bonus for chelem in Chelem} == {
        Chelem.ANNOUNCED_MADE: 400,
        Chelem.MADE: 200,
        Chelem.ANNOUNCED_FAILED: -200,
        Chelem.DEFENSE: -200,
    }


@pytest.mark.parametrize(("bouts", "needed"), [(0, 56), (1, 51), (2, 41), (3, 36)])
def test_points_needed(bouts, needed):
    assert points_needed(bouts) == needed
    assert Deal(bouts, needed).needed == needed


# « HOLD 25 + points; TAKE 50 + points x 2; KEEP 100 + points x 4; DOUBLE KEEP 150 + points
# x 6 »: a contract made by 10 (2 bouts, 51 points), then failed by 10 (2 bouts, 31 points).
@pytest.mark.parametrize(
    ("contract", "made", "failed"),
    [
        (Contract.PRISE, 25 + 10, -(25 + 10)),
        (Contract.GARDE, 50 + 10 * 2, -(50 + 10 * 2)),
        (Contract.GARDE_SANS, 100 + 10 * 4, -(100 + 10 * 4)),
        (Contract.GARDE_CONTRE, 150 + 10 * 6, -(150 + 10 * 6)),
    ],
)
def test_contract_scores(contract, made, failed):
    assert deal_score(Deal(2, 51, contract)) == made
    assert deal_score(Deal(2, 31, contract)) == failed


def test_garde_with_2_bouts_and_44_points():
    assert deal_score(Deal(bouts=2, points=44)) == (25 + 3) * 2 == 56


@pytest.mark.parametrize(
    ("bouts", "points", "score"),
    [
        (2, 44, 56),  # made by 3
        (2, 47, 62),  # made by 6
        (2, 38, -56),  # failed by 3
        (2, 40, -52),  # failed by 1
        (2, 41, 50),  # exactly the points needed: made by 0
    ],
)
def test_the_topage_example_s_scores(bouts, points, score):
    """The traveller of the fascicule's topage example: 56, 62, -56, -52, 50."""
    assert deal_score(Deal(bouts, points)) == score


@pytest.mark.parametrize(
    ("bouts", "points", "score"),
    [
        (2, 41.5, 52),  # made by 0.5: the taker wins the half point, made by 1
        (2, 40.5, -52),  # failed by 0.5: the defence wins the half point, failed by 1
        (0, 55.5, -52),
        (0, 56, 50),
        (3, 35.5, -52),
        (3, 36.5, 52),
        (1, 60.5, (25 + 10) * 2),  # made by 9.5
        (1, 41.5, -(25 + 10) * 2),  # failed by 9.5
    ],
)
def test_the_half_point_goes_to_the_side_that_wins(bouts, points, score):
    assert deal_score(Deal(bouts, points)) == score


# « The 1 of trumps held to the end is multiplied according to the contract: HOLD = 10,
# PUSH = 20, Straight KEEP = 40, Double KEEP = 60 », to the side that leads it to the end.
@pytest.mark.parametrize(
    ("contract", "bonus"),
    [
        (Contract.PRISE, 10),
        (Contract.GARDE, 20),
        (Contract.GARDE_SANS, 40),
        (Contract.GARDE_CONTRE, 60),
    ],
)
@pytest.mark.parametrize("points", [51, 31])  # made, failed
def test_petit_au_bout(contract, bonus, points):
    plain = deal_score(Deal(2, points, contract))
    assert deal_score(Deal(2, points, contract, petit_au_bout=Side.TAKER)) == plain + bonus
    assert deal_score(Deal(2, points, contract, petit_au_bout=Side.DEFENSE)) == plain - bonus


def test_petit_au_bout_lost_by_a_taker_who_makes_it_exactly():
    assert deal_score(Deal(2, 41, petit_au_bout=Side.DEFENSE)) == (25 + 0 - 10) * 2 == 30


# « A hand of 10 trumps = 20 pts, 13 trumps = 30 pts, 15 trumps = 40 pts. The points of a
# hand are always identical, whatever the contract », and go to the side that wins.
@pytest.mark.parametrize("contract", list(Contract))
@pytest.mark.parametrize("poignee", list(Poignee))
def test_poignees_go_to_the_side_that_wins_unmultiplied(contract, poignee):
    made, failed = Deal(2, 51, contract), Deal(2, 31, contract)
    assert deal_score(Deal(2, 51, contract, poignees=(poignee,))) == (
        deal_score(made) + poignee.points
    )
    assert deal_score(Deal(2, 31, contract, poignees=(poignee,))) == (
        deal_score(failed) - poignee.points
    )


def test_two_poignees_both_go_to_the_side_that_wins():
    deal = Deal(2, 51, poignees=(Poignee.SIMPLE, Poignee.SIMPLE))
    assert deal_score(deal) == (25 + 10) * 2 + 40


# « Slam declared and achieved: bonus of 400; undeclared and achieved: 200; declared and
# not achieved: 200 deducted; achieved by the defence: award of 200 » (not multiplied).
@pytest.mark.parametrize("contract", [Contract.PRISE, Contract.GARDE, Contract.GARDE_SANS])
def test_chelem_made_by_the_taker(contract):
    multiplier = contract.multiplier
    announced = Deal(3, 91, contract, chelem=Chelem.ANNOUNCED_MADE)
    unannounced = Deal(3, 91, contract, chelem=Chelem.MADE)
    assert deal_score(announced) == (25 + 55) * multiplier + 400
    assert deal_score(unannounced) == (25 + 55) * multiplier + 200


def test_chelem_made_while_the_defence_kept_the_excuse():
    assert deal_score(Deal(2, 86.5, chelem=Chelem.MADE)) == (25 + 46) * 2 + 200


def test_chelem_announced_and_failed():
    assert deal_score(Deal(3, 86, chelem=Chelem.ANNOUNCED_FAILED)) == (25 + 50) * 2 - 200
    assert deal_score(Deal(1, 40, chelem=Chelem.ANNOUNCED_FAILED)) == -(25 + 11) * 2 - 200


def test_chelem_of_the_defence():
    assert deal_score(Deal(0, 3, chelem=Chelem.DEFENSE)) == -(25 + 53) * 2 - 200


def test_a_deal_with_every_bonus():
    """Garde sans failed by 6 (1 bout, 45 points), the Petit lost at the end, a simple
    poignée shown by the taker: it goes to the defence that wins."""
    deal = Deal(
        1,
        45,
        Contract.GARDE_SANS,
        poignees=(Poignee.SIMPLE,),
        petit_au_bout=Side.DEFENSE,
    )
    assert deal_score(deal) == -(25 + 6) * 4 - 10 * 4 - 20 == -184


def test_a_chelem_with_petit_au_bout_and_poignee():
    deal = Deal(
        3,
        91,
        poignees=(Poignee.TRIPLE,),
        petit_au_bout=Side.TAKER,
        chelem=Chelem.ANNOUNCED_MADE,
    )
    assert deal_score(deal) == (25 + 55 + 10) * 2 + 40 + 400 == 620


def test_deal_takes_enum_values_as_strings():
    deal = Deal(2, 44, "garde_sans", 4, ["double"], "taker", None)
    assert deal.contract is Contract.GARDE_SANS
    assert deal.poignees == (Poignee.DOUBLE,)
    assert deal.petit_au_bout is Side.TAKER
    assert deal == Deal(2, 44, Contract.GARDE_SANS, 4, (Poignee.DOUBLE,), Side.TAKER)


def test_made_and_difference():
    assert Deal(2, 41).made and Deal(2, 41).difference == 0
    assert not Deal(2, 40.5).made and Deal(2, 40.5).difference == 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bouts": 4, "points": 50}, r"bouts doit être compris entre 0 et 3 \(reçu : 4\)"),
        ({"bouts": -1, "points": 50}, "bouts doit être compris entre 0 et 3"),
        ({"bouts": 1.0, "points": 50}, "bouts doit être compris entre 0 et 3"),
        ({"bouts": 2, "points": 92}, r"entre 0 et 91 \(reçu : 92\)"),
        ({"bouts": 2, "points": -0.5}, r"entre 0 et 91 \(reçu : -0,5\)"),
        ({"bouts": 2, "points": float("nan")}, "entre 0 et 91"),
        ({"bouts": 2, "points": 40.3}, r"par demi-points \(reçu : 40,3\)"),
        ({"bouts": 2, "points": "40"}, "doivent être un nombre"),
        ({"bouts": 2, "points": 40, "players": 6}, r"3, 4 ou 5 \(reçu : 6\)"),
        ({"bouts": 2, "points": 40, "contract": "pousse"}, "contrat inconnu : 'pousse'"),
        ({"bouts": 2, "points": 40, "poignees": ("quadruple",)}, "poignée inconnue"),
        ({"bouts": 2, "points": 40, "petit_au_bout": "north"}, "camp du petit au bout inconnu"),
        ({"bouts": 2, "points": 40, "chelem": "grand"}, "chelem inconnu"),
    ],
)
def test_deal_validation(kwargs, message):
    with pytest.raises(ValueError, match=message):
        Deal(**kwargs)


@pytest.mark.parametrize(
    ("bouts", "points", "least", "most"),
    [(0, 4.5, 5, 77), (0, 77.5, 5, 77), (3, 16.5, 17, 89), (2, 86, 13, 85)],
)
def test_garde_points_the_cards_allow(bouts, points, least, most):
    """At Garde with 4 players, the taker holds his discard (6 cards) and a trick (4
    cards), the defence a trick: 5 + 4 x bouts to 77 + 4 x bouts."""
    with pytest.raises(ValueError, match=f"entre {least} et {most} points"):
        Deal(bouts, points)
    assert Deal(bouts, least).points == least
    assert Deal(bouts, most).points == most


def test_91_points_are_a_chelem():
    with pytest.raises(ValueError, match="au moins un pli de 4 cartes"):
        Deal(3, 91)
    with pytest.raises(ValueError, match=r"entre 17 et 89 points \(reçu : 89,5\)"):
        Deal(3, 89.5, chelem=Chelem.ANNOUNCED_FAILED)


def test_a_taker_s_chelem_leaves_the_defence_the_excuse_at_most():
    with pytest.raises(ValueError, match="la défense ne garde que l'Excuse au plus"):
        Deal(1, 82, chelem=Chelem.MADE)
    with pytest.raises(ValueError, match="entre 91 et 91 points"):
        Deal(3, 88, chelem=Chelem.MADE)


def test_a_garde_contre_chelem_leaves_the_dog_to_the_defence():
    assert deal_score(Deal(3, 80, Contract.GARDE_CONTRE, chelem=Chelem.MADE)) == (
        (25 + 44) * 6 + 200
    )
    with pytest.raises(ValueError, match="le contrat ne peut être chuté"):
        Deal(1, 30, Contract.GARDE_CONTRE, chelem=Chelem.MADE)


def test_a_defence_chelem_in_garde_contre_leaves_the_taker_the_excuse_at_most():
    assert deal_score(Deal(1, 4.5, Contract.GARDE_CONTRE, chelem=Chelem.DEFENSE)) == (
        -(25 + 47) * 6 - 200
    )
    with pytest.raises(ValueError, match="le preneur ne garde que l'Excuse au plus"):
        Deal(2, 9, Contract.GARDE_CONTRE, chelem=Chelem.DEFENSE)
    with pytest.raises(ValueError, match="entre 0 et 0 points"):
        Deal(0, 3, Contract.GARDE_CONTRE, chelem=Chelem.DEFENSE)


@pytest.mark.parametrize("contract", [Contract.PRISE, Contract.GARDE])
@pytest.mark.parametrize(("bouts", "points"), [(2, 20), (3, 30)])
def test_a_defence_chelem_leaves_the_taker_no_bout_but_the_excuse(contract, bouts, points):
    """The taker kept only the discard, where no bout may go, and the Excuse: one bout at
    most (« il est interdit d'écarter … un atout », bouts included)."""
    with pytest.raises(ValueError, match="son écart \\(sans bout\\) et l'Excuse au plus"):
        Deal(bouts, points, contract, chelem=Chelem.DEFENSE)
    assert deal_score(Deal(1, 10, contract, chelem=Chelem.DEFENSE)) < 0


def test_a_defence_chelem_in_garde_sans_may_leave_bouts_in_the_unseen_dog():
    """The dog of a Garde sans goes to the taker unseen: it may hold the 21 and the Petit."""
    assert deal_score(Deal(2, 15, Contract.GARDE_SANS, chelem=Chelem.DEFENSE)) == (
        -(25 + 26) * 4 - 200
    )


def test_a_defence_chelem_fails_the_contract():
    with pytest.raises(ValueError, match="le contrat ne peut être réussi"):
        Deal(1, 51, chelem=Chelem.DEFENSE)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bouts": 0, "points": 30, "petit_au_bout": Side.TAKER}, "pas au preneur"),
        ({"bouts": 3, "points": 60, "petit_au_bout": Side.DEFENSE}, "pas à la défense"),
        (
            {"bouts": 3, "points": 91, "petit_au_bout": Side.DEFENSE, "chelem": Chelem.MADE},
            "pas à la défense",
        ),
        (
            {"bouts": 1, "points": 10, "petit_au_bout": Side.TAKER, "chelem": Chelem.DEFENSE},
            "pas au preneur",
        ),
    ],
)
def test_petit_au_bout_goes_to_a_side_that_holds_the_petit_and_takes_the_last_trick(
    kwargs, message
):
    with pytest.raises(ValueError, match=message):
        Deal(**kwargs)


@pytest.mark.parametrize(
    ("players", "poignees", "trumps"),
    [
        (4, (Poignee.SIMPLE, Poignee.DOUBLE), 23),
        (4, (Poignee.SIMPLE, Poignee.SIMPLE, Poignee.SIMPLE), 30),
        (3, (Poignee.SIMPLE, Poignee.SIMPLE), 26),
        (5, (Poignee.DOUBLE, Poignee.DOUBLE, Poignee.SIMPLE), 28),
        (5, (Poignee.DOUBLE, Poignee.TRIPLE), 23),
    ],
)
def test_poignees_share_22_trumps(players, poignees, trumps):
    with pytest.raises(ValueError, match=f"demandent {trumps} atouts, il n'y en a que 22"):
        Deal(2, 50, players=players, poignees=poignees)


@pytest.mark.parametrize(
    ("players", "poignees"),
    [
        (4, (Poignee.SIMPLE, Poignee.SIMPLE)),
        (4, (Poignee.TRIPLE,)),
        (3, (Poignee.TRIPLE,)),
        (5, (Poignee.SIMPLE, Poignee.TRIPLE)),
        (5, (Poignee.DOUBLE, Poignee.DOUBLE)),
    ],
)
def test_poignees_that_fit(players, poignees):
    assert Deal(2, 50, players=players, poignees=poignees).poignees == poignees


def test_score_sheet_with_4_players():
    deal = Deal(2, 44)  # 56 against each defender
    assert score_sheet(deal, "Nord", ["Est", "Sud", "Ouest"]) == {
        "Nord": 168,
        "Est": -56,
        "Sud": -56,
        "Ouest": -56,
    }


def test_score_sheet_with_3_players():
    deal = Deal(1, 45, players=3)  # failed by 6: -62
    assert score_sheet(deal, "Anne", ["Bruno", "Chloé"]) == {
        "Anne": -124,
        "Bruno": 62,
        "Chloé": 62,
    }


def test_score_sheet_with_5_players_and_a_called_partner():
    deal = Deal(2, 44, players=5)  # 56 against each defender, 168 for the taker's side
    assert score_sheet(deal, "Anne", ["Chloé", "David", "Emma"], partner="Bruno") == {
        "Anne": 112,
        "Bruno": 56,
        "Chloé": -56,
        "David": -56,
        "Emma": -56,
    }


def test_score_sheet_with_5_players_and_a_taker_who_called_himself():
    deal = Deal(2, 44, players=5)
    assert score_sheet(deal, "Anne", ["Bruno", "Chloé", "David", "Emma"]) == {
        "Anne": 224,
        "Bruno": -56,
        "Chloé": -56,
        "David": -56,
        "Emma": -56,
    }


@pytest.mark.parametrize(
    ("players", "defenders", "partner", "message"),
    [
        (4, ["B", "C"], None, r"il faut 3 défenseurs \(reçu : 2\)"),
        (3, ["B", "C", "D"], None, "il faut 2 défenseurs"),
        (5, ["B", "C", "D"], None, "il faut 4 défenseurs"),
        (5, ["B", "C", "D", "E"], "F", "il faut 3 défenseurs"),
        (4, ["B", "C"], "D", "partenaire n'est appelé qu'à 5 joueurs"),
        (4, ["B", "C", "A"], None, "figure deux fois"),
        (5, ["B", "C", "D"], "A", "figure deux fois"),
    ],
)
def test_score_sheet_validation(players, defenders, partner, message):
    with pytest.raises(ValueError, match=message):
        score_sheet(Deal(2, 44, players=players), "A", defenders, partner)
