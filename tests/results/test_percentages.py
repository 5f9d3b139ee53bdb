"""A player's percentages (fascicule 3, ch. 1, « 2ème étape : calcul du pourcentage »)."""

import pytest

from apps.results.domain.percentages import (
    Percentages,
    notes_mean,
    overall_percentage,
    player_percentages,
)


def test_attack_and_defence_are_means_and_overall_weighs_them_one_to_three():
    # 4 étuis at 5 tables: one as taker, three as defender.
    assert player_percentages([75], [25, 100, 50]) == Percentages(75, 175 / 3, 62.5)


def test_two_attacks_over_two_etuis_per_table():
    # 2 étuis per table, 7 positions: this player took 2 étuis and defended 12.
    result = player_percentages([90, 40], [50] * 6 + [70] * 6)
    assert result == Percentages(65, 60, 61.25)


def test_the_overall_percentage_of_the_regulation():
    """« Pourcentage global = 1/4 pourcentage attaque + 3/4 pourcentage défense »"""
    assert overall_percentage(80, 40) == 50
    assert overall_percentage(100 / 3, 200 / 3) == pytest.approx(175 / 3)


def test_a_player_who_has_not_taken_yet_is_ranked_on_the_defence_alone():
    assert player_percentages([], [25, 100]) == Percentages(None, 62.5, 62.5)


def test_a_player_who_has_not_defended_yet_is_ranked_on_the_attack_alone():
    assert player_percentages([75], []) == Percentages(75, None, 75)


def test_a_player_with_no_note_has_no_percentage():
    assert player_percentages([None], [None, None]) == Percentages(None, None, None)


def test_notes_not_entered_yet_are_left_out_of_the_means():
    assert notes_mean([None, 40, None, 70]) == 55
    assert player_percentages([None], [40, None]) == Percentages(None, 40, 40)


def test_the_mean_of_no_note_is_none():
    assert notes_mean([]) is None
