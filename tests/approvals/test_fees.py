"""Redevance nationale and committee participation (fascicule 3, ch. 5)."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.approvals.domain.fees import (
    Fees,
    TournamentFees,
    committee_fee,
    fee_totals,
    fees_of,
    national_fee,
)


def regularity(players, index="1", *more_sessions, overseas_local=False):
    return TournamentFees(
        Decimal(index), False, (players, *more_sessions), overseas_local=overseas_local
    )


def championship(*session_players, index="1"):
    return TournamentFees(Decimal(index), True, session_players)


def cents(amount):
    return isinstance(amount, Decimal) and amount.as_tuple().exponent == -2


# The regulation's figures: (tournament, redevance nationale).
REGULATION_CASES = [
    (regularity(28), "4.48"),  # 28 x 0,16
    (regularity(60, "1.2"), "24.00"),  # 60 x 0,40
    (regularity(100, "1.5"), "40.00"),  # 100 x 0,40
    (regularity(36, "1.8"), "14.40"),  # 36 x 0,40
    (regularity(1), "0.16"),
    (regularity(0), "0.00"),
    (championship(40), "40.00"),  # one session: 40 x 1
    (championship(40, 24), "32.00"),  # (40 + 24) x 0,50
    (championship(52, 36, 20), "54.00"),  # (52 + 36 + 20) x 0,50
    (championship(40, index="1.8"), "40.00"),  # the index does not matter
    (championship(40, 24, index="1.5"), "32.00"),
]


@pytest.mark.parametrize(("tournament", "expected"), REGULATION_CASES)
def test_national_fee_to_the_cent(tournament, expected):
    fee = national_fee(tournament)
    assert fee == Decimal(expected)
    assert cents(fee)
    assert str(fee) == expected


def test_regularity_tournament_of_several_sessions_pays_once_per_first_session_player():
    # « par joueur participant et par tournoi »: 28 participants, whatever came next.
    assert national_fee(regularity(28, "1", 24)) == Decimal("4.48")
    assert national_fee(regularity(60, "1.2", 60, 60)) == Decimal("24.00")


def test_championship_one_session_costs_more_per_player_than_two_sessions_of_all():
    # 1 € once, or 0,50 € twice: a full two-session championship costs the same.
    assert national_fee(championship(40)) == national_fee(championship(40, 40))


def test_overseas_local_tournament_pays_the_index_one_rate():
    assert national_fee(regularity(28, "3", overseas_local=True)) == Decimal("4.48")
    assert national_fee(regularity(28, "3")) == Decimal("11.20")


def test_committee_fee_is_its_rate_per_participant():
    assert committee_fee(regularity(28), Decimal("0.10")) == Decimal("2.80")
    assert committee_fee(regularity(28, "1", 20), Decimal("0.10")) == Decimal("2.80")
    assert committee_fee(championship(40, 24), Decimal("0.25")) == Decimal("10.00")
    assert committee_fee(regularity(28), Decimal("0")) == Decimal("0.00")
    assert cents(committee_fee(regularity(28), Decimal("0")))


def test_committee_fee_rounds_to_the_nearest_cent_half_up():
    assert committee_fee(regularity(3), Decimal("0.125")) == Decimal("0.38")  # 0,375
    assert committee_fee(regularity(3), Decimal("0.121")) == Decimal("0.36")  # 0,363


def test_fees_of_a_tournament():
    fees = fees_of(regularity(28), Decimal("0.10"))
    assert fees == Fees(Decimal("4.48"), Decimal("2.80"))
    assert fees.total == Decimal("7.28")
    assert all(cents(a) for a in (fees.national, fees.committee, fees.total))


def test_fees_add():
    total = Fees(Decimal("4.48"), Decimal("2.80")) + Fees(Decimal("40"), Decimal("0"))
    assert total == Fees(Decimal("44.48"), Decimal("2.80"))
    assert str(total.national) == "44.48"
    assert str(total.committee) == "2.80"
    assert total.total == Decimal("47.28")


# One season of a zone: (season, zone, committee, club, sending, tournament, committee rate).
SEASON = [
    ("2025-2026", "Nord", "CR Flandre", "Lille", 1, regularity(28), "0.10"),
    ("2025-2026", "Nord", "CR Flandre", "Lille", 1, regularity(60, "1.2"), "0.10"),
    ("2025-2026", "Nord", "CR Flandre", "Roubaix", 1, championship(40), "0.10"),
    ("2025-2026", "Nord", "CR Flandre", "Roubaix", 2, championship(40, 24), "0.10"),
    ("2025-2026", "Nord", "CR Picardie", "Amiens", 3, regularity(33), "0"),
    ("2025-2026", "Nord", "CR Picardie", "Amiens", 3, regularity(17, "1", 15), "0"),
    ("2024-2025", "Nord", "CR Flandre", "Lille", 9, regularity(50), "0.10"),
]


def season_items(position):
    return [
        (row[position], fees_of(row[5], Decimal(row[6]))) for row in SEASON if row[0] == "2025-2026"
    ]


def test_totals_per_club():
    totals = fee_totals(season_items(3))
    # Lille: 4,48 + 24,00 ; 28 x 0,10 + 60 x 0,10
    assert totals["Lille"] == Fees(Decimal("28.48"), Decimal("8.80"))
    # Roubaix: 40,00 + 32,00 ; 40 x 0,10 twice
    assert totals["Roubaix"] == Fees(Decimal("72.00"), Decimal("8.00"))
    # Amiens: 33 x 0,16 + 17 x 0,16 = 5,28 + 2,72
    assert totals["Amiens"] == Fees(Decimal("8.00"), Decimal("0.00"))
    assert list(totals) == ["Lille", "Roubaix", "Amiens"]


def test_totals_per_sending_committee_zone_and_season():
    assert fee_totals(season_items(4)) == {
        1: Fees(Decimal("68.48"), Decimal("12.80")),
        2: Fees(Decimal("32.00"), Decimal("4.00")),
        3: Fees(Decimal("8.00"), Decimal("0.00")),
    }
    assert fee_totals(season_items(2)) == {
        "CR Flandre": Fees(Decimal("100.48"), Decimal("16.80")),
        "CR Picardie": Fees(Decimal("8.00"), Decimal("0.00")),
    }
    assert fee_totals(season_items(1)) == {"Nord": Fees(Decimal("108.48"), Decimal("16.80"))}
    seasons = fee_totals((row[0], national_fee(row[5])) for row in SEASON)
    assert seasons == {"2025-2026": Decimal("108.48"), "2024-2025": Decimal("8.00")}
    assert all(cents(amount) for amount in seasons.values())


def test_totals_by_composite_key():
    items = [((row[0], row[2]), national_fee(row[5])) for row in SEASON]
    assert fee_totals(items)[("2025-2026", "CR Flandre")] == Decimal("100.48")
    assert fee_totals(items)[("2024-2025", "CR Flandre")] == Decimal("8.00")


def test_totals_of_nothing_is_empty():
    assert fee_totals([]) == {}


@pytest.mark.parametrize(
    "make",
    [
        lambda: TournamentFees(1.2, False, (60,)),
        lambda: committee_fee(regularity(28), 0.1),
        lambda: Fees(4.48, Decimal(0)),
        lambda: fee_totals([("Lille", 4.48)]),
        lambda: TournamentFees(Decimal(1), False, (28.0,)),
    ],
)
def test_floats_are_refused(make):
    with pytest.raises((TypeError, ValueError)):
        make()


@pytest.mark.parametrize(
    "make",
    [
        lambda: TournamentFees(Decimal(1), False, ()),
        lambda: TournamentFees(Decimal(1), False, (28, -1)),
        lambda: TournamentFees(Decimal("0.8"), False, (28,)),
        lambda: TournamentFees(Decimal("NaN"), False, (28,)),
        lambda: committee_fee(regularity(28), Decimal("-0.10")),
        lambda: committee_fee(regularity(28), Decimal("Infinity")),
    ],
)
def test_invalid_data_is_refused(make):
    with pytest.raises(ValueError):
        make()


def test_sessions_given_as_a_list_are_kept_as_a_tuple():
    t = TournamentFees(Decimal(1), True, [40, 24])
    assert t.session_players == (40, 24)
    assert hash(t) == hash(championship(40, 24))


# Properties.

indices = st.sampled_from([Decimal(1), Decimal("1.2"), Decimal("1.5"), Decimal("1.8")])
players = st.integers(min_value=0, max_value=500)
sessions = st.lists(players, min_size=1, max_size=5).map(tuple)
rates = st.decimals(min_value=0, max_value=10, places=3)
tournaments = st.builds(TournamentFees, indices, st.booleans(), sessions)


@given(tournaments, rates)
def test_fees_are_never_negative_and_always_to_the_cent(t, rate):
    fees = fees_of(t, rate)
    assert fees.national >= 0 and fees.committee >= 0
    assert all(cents(amount) for amount in (fees.national, fees.committee, fees.total))


@given(indices, players, players)
def test_regularity_fee_is_additive_in_players(index, a, b):
    def fee(n):
        return national_fee(TournamentFees(index, False, (n,)))

    assert fee(a + b) == fee(a) + fee(b)


@given(indices, st.lists(players, min_size=2, max_size=5))
def test_multi_session_championship_fee_is_the_sum_of_its_sessions(index, counts):
    whole = national_fee(TournamentFees(index, True, tuple(counts)))
    assert whole == sum(Decimal("0.50") * n for n in counts)


@given(st.lists(st.tuples(st.sampled_from("ABC"), tournaments, rates), max_size=20))
def test_totals_are_additive_whatever_the_grouping(rows):
    items = [(key, fees_of(t, rate)) for key, t, rate in rows]
    grand = sum((fees for _, fees in items), Fees())
    by_key = fee_totals(items)
    assert sum(by_key.values(), Fees()) == grand
    assert fee_totals(("all", fees) for _, fees in items).get("all", Fees()) == grand
    half = len(items) // 2
    first, second = fee_totals(items[:half]), fee_totals(items[half:])
    for key, total in by_key.items():
        assert total == first.get(key, Fees()) + second.get(key, Fees())
