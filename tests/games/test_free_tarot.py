"""Tarot outside duplicate worked by hand: a deal's marks at 3, 4 and 5 players (a
partner called or not), a table's sheet, and an evening of two tables of 5 over two
rounds whose marks sum to zero, with its standings."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.games.domain.free_tarot import (
    FreeDeal,
    deal_marks,
    free_sheet,
    free_standings,
    table_sizes,
)
from apps.scoring.domain.deal import Deal

FIVE = ["Anne", "Bruno", "Claire", "Denis", "Emma"]
OTHERS = ["Fanny", "Gilles", "Hugo", "Inès", "Jules"]


def test_four_players_the_taker_wins_from_each_defender():
    # Garde, 2 bouts, 45 points: (25 + 4) x 2 = 58 from each of three defenders
    marks = deal_marks(FIVE[:4], FreeDeal(Deal(2, 45, "garde", 4), "Anne"))
    assert marks == {"Anne": 174, "Bruno": -58, "Claire": -58, "Denis": -58}


def test_five_players_the_taker_and_the_partner_share_two_thirds_and_one_third():
    # Garde, 1 bout, 50 points: failed by 1, (25 + 1) x 2 = 52 to each defender
    marks = deal_marks(FIVE, FreeDeal(Deal(1, 50, "garde", 5), "Claire", partner="Emma"))
    assert marks == {"Claire": -104, "Emma": -52, "Anne": 52, "Bruno": 52, "Denis": 52}


def test_five_players_a_taker_who_called_himself_plays_alone_against_four():
    # Prise, 3 bouts, 40 points: 25 + 4 = 29 from each of four defenders
    marks = deal_marks(FIVE, FreeDeal(Deal(3, 40, "prise", 5), "Bruno"))
    assert marks == {"Bruno": 116, "Anne": -29, "Claire": -29, "Denis": -29, "Emma": -29}


def test_three_players():
    # Garde sans, 2 bouts, 41 points: 25 x 4 = 100 from each of two defenders
    marks = deal_marks(FIVE[:3], FreeDeal(Deal(2, 41, "garde_sans", 3), "Claire"))
    assert marks == {"Claire": 200, "Anne": -100, "Bruno": -100}


@pytest.mark.parametrize(
    ("players", "free", "message"),
    [
        (["Anne", "Anne", "Bruno", "Claire"], FreeDeal(Deal(2, 45), "Anne"), "deux fois"),
        (FIVE, FreeDeal(Deal(2, 45), "Anne"), "se joue à 4"),
        (FIVE[:4], FreeDeal(Deal(2, 45), "Zoé"), "Zoé ne joue pas"),
        (FIVE[:4], FreeDeal(Deal(2, 45), "Anne", partner="Bruno"), "qu'à 5 joueurs"),
        (FIVE, FreeDeal(Deal(2, 45, players=5), "Anne", partner="Anne"), "autre joueur"),
    ],
)
def test_a_deal_that_does_not_fit_the_table_is_refused(players, free, message):
    with pytest.raises(ValueError, match=message):
        deal_marks(players, free)


def test_a_table_holds_three_to_five_players():
    with pytest.raises(ValueError, match="3, 4 ou 5"):
        free_sheet(FIVE + OTHERS[:1], [])


def test_an_evening_of_two_tables_of_five_sums_to_zero():
    garde = Deal(2, 45, "garde", 5)  # made by 4: 58
    failed = Deal(1, 50, "garde", 5)  # failed by 1: 52
    contre = Deal(0, 60, "garde_contre", 5)  # made by 4: 174
    rounds = [
        [
            free_sheet(
                FIVE, [FreeDeal(garde, "Anne", "Bruno"), FreeDeal(failed, "Claire", "Denis")]
            ),
            free_sheet(OTHERS, [FreeDeal(contre, "Fanny"), FreeDeal(garde, "Gilles", "Hugo")]),
        ],
        [  # the players change tables for the second round
            free_sheet(
                ["Anne", "Gilles", "Claire", "Inès", "Emma"],
                [FreeDeal(failed, "Inès", "Anne")],
            ),
            free_sheet(
                ["Fanny", "Bruno", "Hugo", "Denis", "Jules"],
                [FreeDeal(garde, "Jules")],
            ),
        ],
    ]
    sheets = [sheet for tables in rounds for sheet in tables]
    for sheet in sheets:
        assert all(sum(line.values()) == 0 for line in sheet.lines)
        assert sum(sheet.totals.values()) == 0
    assert sheets[0].totals == {"Anne": 116 + 52, "Bruno": 58 + 52, "Claire": -58 - 104,
                                "Denis": -58 - 52, "Emma": -58 + 52}  # fmt: skip
    assert sheets[1].totals == {"Fanny": 696 - 58, "Gilles": -174 + 116, "Hugo": -174 + 58,
                                "Inès": -174 - 58, "Jules": -174 - 58}  # fmt: skip
    standings = free_standings(sheet.totals for sheet in sheets)
    assert sum(s.total for s in standings) == 0
    totals = {s.player: s.total for s in standings}
    assert totals["Fanny"] == 638 - 58 and totals["Jules"] == -232 + 232
    assert standings[0].player == "Fanny" and standings[0].rank == 1
    assert all(s.tables == 2 for s in standings)


def test_equal_totals_share_a_rank():
    standings = free_standings([{"A": 30, "B": 30, "C": -60}, {"A": 0, "B": 0, "D": 0}])
    assert [(s.player, s.rank, s.total) for s in standings] == [
        ("A", 1, 30),
        ("B", 1, 30),
        ("D", 3, 0),
        ("C", 4, -60),
    ]


def _free_deal(bouts, halves, contract, taker, partner) -> FreeDeal | None:
    """A deal at 5 if the cards allow it (None otherwise)."""
    try:
        deal = Deal(bouts, 30 + halves / 2, contract, 5)
    except ValueError:
        return None
    return FreeDeal(deal, taker, None if partner == taker else partner)


deals = st.builds(
    _free_deal,
    st.integers(0, 3),
    st.integers(0, 80),
    st.sampled_from(["prise", "garde", "garde_sans", "garde_contre"]),
    st.sampled_from(FIVE),
    st.sampled_from(FIVE),
).filter(bool)


@given(st.lists(deals, max_size=15))
def test_every_sheet_sums_to_zero(free_deals):
    sheet = free_sheet(FIVE, free_deals)
    assert sum(sheet.totals.values()) == 0


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (3, [3]),
        (4, [4]),
        (5, [5]),
        (6, [3, 3]),
        (7, [4, 3]),
        (8, [4, 4]),
        (9, [5, 4]),
        (10, [5, 5]),
        (11, [4, 4, 3]),
        (12, [4, 4, 4]),
        (13, [5, 4, 4]),
        (23, [5, 5, 5, 4, 4]),
    ],
)
def test_a_round_seats_its_players_at_tables_of_4_then_5_then_3(players, sizes):
    assert table_sizes(players) == sizes


@given(st.integers(3, 200))
def test_every_player_has_a_seat_at_a_table_of_3_to_5(players):
    sizes = table_sizes(players)
    assert sum(sizes) == players and all(3 <= size <= 5 for size in sizes)
    assert sizes.count(3) <= 2
