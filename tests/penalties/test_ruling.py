"""The checks of a referee's ruling (fascicule 3, ch. 4), without a database: the printed
sanction unless the referee departs from it with a reason, a marque ajustée on one étui
with its side at fault where its kind needs one, a players' note only on a cancelled
board, the defender who forgot a card named."""

from decimal import Decimal

import pytest

from apps.penalties.domain.effects import AdjustmentKind
from apps.penalties.domain.ruling import (
    Sanction,
    forgotten_by_defender,
    names_a_side,
    players_problems,
    ruling_departs,
    ruling_given,
    ruling_problems,
)

RENONCE = Sanction(Decimal("1"), "40_60", "", "")  # the side is named at the incident
LENTEUR = Sanction(None, "neutralized", "", "forty")
PRINTED_SIDE = Sanction(None, "forgotten_card", "taker", "")


def problems(ruling, printed, reason="", at_etui=True, taken=False):
    return ruling_problems(
        ruling, printed, override_reason=reason, at_etui=at_etui, adjustment_taken=taken
    )


def test_what_the_referee_leaves_out_is_the_printed_sanction():
    assert ruling_given(RENONCE, faulty_side="defense") == Sanction(
        Decimal("1"), "40_60", "defense", ""
    )
    assert ruling_given(RENONCE, penalty=Decimal("0"), adjustment="") == Sanction(
        Decimal("0"), "", "", ""
    )


def test_naming_the_side_the_catalogue_leaves_open_follows_it():
    named = ruling_given(RENONCE, faulty_side="taker")
    assert not ruling_departs(named, RENONCE)
    assert problems(named, RENONCE) == []


@pytest.mark.parametrize(
    "change",
    [
        {"faulty_side": "defense"},  # a printed side changed
        {"penalty": Decimal("2")},
        {"adjustment": "neutralized"},
        {"players_note": "zero", "adjustment": "neutralized"},
    ],
)
def test_a_departure_needs_its_reason(change):
    ruling = ruling_given(PRINTED_SIDE, **change)
    assert ruling_departs(ruling, PRINTED_SIDE)
    assert ("override_reason", "reason_missing") in problems(ruling, PRINTED_SIDE)
    assert ("override_reason", "reason_missing") not in problems(
        ruling, PRINTED_SIDE, reason="Donne rejouée"
    )
    assert ("override_reason", "reason_missing") not in problems(ruling, PRINTED_SIDE, "  x ")
    assert ("override_reason", "reason_missing") in problems(ruling, PRINTED_SIDE, reason="  ")


@pytest.mark.parametrize(
    ("field", "value", "code"),
    [
        ("adjustment", "50_50", "unknown_adjustment"),
        ("faulty_side", "nord", "unknown_side"),
        ("players_note", "twenty", "unknown_note"),
    ],
)
def test_unknown_values_are_refused_alone(field, value, code):
    ruling = ruling_given(LENTEUR, **{field: value})
    assert problems(ruling, LENTEUR, at_etui=False) == [(field, code)]


def test_a_players_note_only_on_a_cancelled_board():
    ruling = ruling_given(LENTEUR, adjustment="zero_collectif")
    assert ("players_note", "note_off_cancelled_board") in problems(ruling, LENTEUR, "x")
    assert problems(LENTEUR, LENTEUR) == []


def test_a_marque_ajustee_needs_its_etui_its_side_and_none_before():
    ruling = RENONCE
    assert problems(ruling, RENONCE, at_etui=False, taken=True) == [
        ("etui", "etui_missing"),
        ("faulty_side", "side_missing"),
        ("adjustment", "etui_adjusted"),
    ]
    assert problems(Sanction(Decimal("1")), Sanction(Decimal("1")), at_etui=False) == []


@pytest.mark.parametrize("kind", list(AdjustmentKind))
def test_the_side_is_asked_for_the_sided_kinds_only(kind):
    ruling = Sanction(None, kind.value)
    asked = ("faulty_side", "side_missing") in problems(ruling, ruling)
    assert asked == (kind in (AdjustmentKind.FORTY_SIXTY, AdjustmentKind.FORGOTTEN_CARD))


def test_a_penalty_or_a_note_names_its_players():
    assert players_problems(Sanction(Decimal("0.5")), 0) == [("players", "players_missing")]
    assert players_problems(LENTEUR, 0) == [("players", "players_missing")]
    assert players_problems(Sanction(Decimal("0.5")), 2) == []
    assert players_problems(Sanction(None, "neutralized"), 0) == []


def test_a_card_forgotten_by_a_defender_names_one_defender():
    forgotten = Sanction(None, "forgotten_card", "defense")
    assert forgotten_by_defender("forgotten_card", "defense")
    assert not forgotten_by_defender("forgotten_card", "taker")
    assert players_problems(forgotten, 2) == [("players", "defender_missing")]
    assert players_problems(forgotten, 1) == []


def test_a_side_is_named_for_the_sided_marques_only():
    sided = [kind.value for kind in AdjustmentKind if names_a_side(kind.value)]
    assert sided == ["40_60", "forgotten_card"]
    assert not names_a_side("")
