"""Effects of the referee's decisions (fascicule 3, ch. 4 « Code d'arbitrage », ch. 2
article 18 « Retards »): the notes of an adjusted play, penalties and lateness."""

import pytest

from apps.penalties.domain.effects import (
    AdjustedScore,
    AdjustmentKind,
    PenaltyRecord,
    Side,
    adjusted_notes,
    lateness_forfeit,
    lateness_penalty,
    penalties_total,
)

K = AdjustmentKind
DEFENDERS = ("S1", "E1", "W1")


def notes(adjustment, taker_note=75.0):
    return adjusted_notes(adjustment, "N1", DEFENDERS, taker_note)


def test_a_neutralised_play_gives_no_note_but_the_referee_s_zero_or_forty():
    assert notes(AdjustedScore(K.NEUTRALIZED)) == (None, (None, None, None))
    faux_ecart = AdjustedScore(K.NEUTRALIZED, zero_players={"N1"})
    assert notes(faux_ecart) == (0, (None, None, None))
    slow = AdjustedScore(K.NEUTRALIZED, zero_players={"E1"}, forty_players={"S1", "W1"})
    assert notes(slow) == (None, (40, 0, 40))


def test_a_zero_collectif_gives_0_to_both_sides():
    assert notes(AdjustedScore(K.ZERO_COLLECTIF)) == (0, (0, 0, 0))


@pytest.mark.parametrize(
    ("faulty", "topped", "taker"),
    [("taker", 75, 40), ("taker", 25, 25), ("defense", 25, 60), ("defense", 75, 75)],
)
def test_a_40_60_play_bounds_the_topped_note(faulty, topped, taker):
    defence = 100 - taker
    assert notes(AdjustedScore(K.FORTY_SIXTY, faulty=faulty), topped) == (taker, (defence,) * 3)


def test_a_40_60_play_without_a_score_has_no_note_yet():
    assert notes(AdjustedScore(K.FORTY_SIXTY, faulty=Side.TAKER), None) == (None, (None,) * 3)


def test_a_renonce_on_a_renonce_gives_40_to_both_sides():
    assert notes(AdjustedScore(K.FORTY_FORTY), 90) == (40, (40, 40, 40))


def test_a_card_forgotten_by_the_taker():
    assert notes(AdjustedScore(K.FORGOTTEN_CARD, faulty="taker")) == (0, (60, 60, 60))


def test_a_card_forgotten_by_a_defender_neutralises_the_play_for_the_two_others():
    adjustment = AdjustedScore(K.FORGOTTEN_CARD, faulty="defense", faulty_player="E1")
    assert notes(adjustment) == (60, (None, 0, None))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"kind": K.FORTY_SIXTY}, "camp fautif manquant"),
        ({"kind": K.ZERO_COLLECTIF, "faulty": "taker"}, "camp fautif inattendu"),
        ({"kind": K.FORGOTTEN_CARD, "faulty": "defense"}, "défenseur fautif"),
        ({"kind": K.FORGOTTEN_CARD, "faulty": "taker", "faulty_player": "N1"}, "défenseur"),
        ({"kind": K.FORTY_FORTY, "zero_players": {"N1"}}, "donne neutralisée"),
        (
            {"kind": K.NEUTRALIZED, "zero_players": {"N1"}, "forty_players": {"N1"}},
            "à la fois",
        ),
    ],
)
def test_an_inconsistent_adjustment_is_refused(fields, message):
    with pytest.raises(ValueError, match=message):
        AdjustedScore(**fields)


def test_values_are_taken_as_their_enumerations():
    adjustment = AdjustedScore("40_60", faulty="defense")
    assert adjustment.kind is K.FORTY_SIXTY and adjustment.faulty is Side.DEFENSE


@pytest.mark.parametrize(
    "adjustment",
    [
        AdjustedScore(K.NEUTRALIZED, zero_players={"X9"}),
        AdjustedScore(K.FORGOTTEN_CARD, faulty="defense", faulty_player="N1"),
    ],
)
def test_a_player_outside_the_play_is_refused(adjustment):
    with pytest.raises(ValueError, match="étrangers"):
        notes(adjustment)


def test_only_the_40_60_and_40_40_plays_stay_in_the_topage():
    assert {kind for kind in K if kind.topped} == {K.FORTY_SIXTY, K.FORTY_FORTY}


@pytest.mark.parametrize(
    ("minutes", "penalty"),
    [(0, 0), (1, 0.5), (5, 0.5), (6, 1), (10, 1), (11, 1.5), (15, 1.5)],
)
def test_lateness_costs_half_a_point_per_started_five_minutes(minutes, penalty):
    assert lateness_penalty(minutes) == penalty
    assert not lateness_forfeit(minutes)


def test_beyond_15_minutes_the_player_is_forfeit():
    assert lateness_forfeit(16)
    with pytest.raises(ValueError, match="forfait"):
        lateness_penalty(16)
    with pytest.raises(ValueError, match="négatif"):
        lateness_penalty(-1)


def test_several_faults_of_a_player_on_one_etui_count_once_the_heaviest():
    """A mauvaise reconstitution: 0.5 % (playable) and 1.5 % (not playable) on étui 3 do not
    add up; an exposed card on étui 4 counts on its own; lateness and a telephone add up."""
    records = [
        PenaltyRecord("N1", 3, 0.5, cumulative=False),
        PenaltyRecord("N1", 3, 1.5, cumulative=False),
        PenaltyRecord("N1", 4, 0.5, cumulative=False),
        PenaltyRecord("N1", None, lateness_penalty(7), cumulative=True),
        PenaltyRecord("N1", None, 5, cumulative=True),
        PenaltyRecord("S1", 3, 0.5, cumulative=True),
        PenaltyRecord("S1", 3, 0.5, cumulative=True),
    ]
    assert penalties_total(records) == {"N1": 1.5 + 0.5 + 1 + 5, "S1": 1}


def test_a_negative_penalty_is_refused():
    with pytest.raises(ValueError, match="négative"):
        penalties_total([PenaltyRecord("N1", 1, -0.5, cumulative=True)])
