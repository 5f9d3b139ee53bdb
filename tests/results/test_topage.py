"""Topage of one étui (fascicule 3, ch. 1, « 1ère étape : topage de chaque donne »)."""

import pytest

from apps.results.domain.model import PlayNote, PlayRecord
from apps.results.domain.topage import taker_notes


def test_the_regulations_five_table_etui():
    """« Exemple de topage d'une donne dans un tournoi à 5 tables », étui 1, preneur Nord."""
    assert taker_notes([56, 62, -56, -52, 50]) == [75, 100, 0, 25, 50]


def test_five_plays_are_spaced_by_25_and_eleven_plays_by_10():
    assert sorted(taker_notes([10, 20, 30, 40, 50])) == [0, 25, 50, 75, 100]
    assert taker_notes(list(range(11))) == [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100]


def test_an_etui_played_once_gets_50():
    assert taker_notes([-80]) == [50]


def test_two_plays_get_the_top_and_zero():
    assert taker_notes([-20, 30]) == [0, 100]


def test_equal_scores_share_the_notes_they_cover():
    # 5 plays: the two 56 cover 75 and 100, the two -52 cover 0 and 25.
    assert taker_notes([56, 56, -52, -52, 50]) == [87.5, 87.5, 12.5, 12.5, 50]
    # 4 plays spaced by 100/3: the three 40 cover 33.3, 66.7 and 100.
    assert taker_notes([40, 40, -10, 40]) == pytest.approx([200 / 3, 200 / 3, 0, 200 / 3])


def test_all_equal_scores_get_50():
    assert taker_notes([21, 21, 21, 21, 21, 21, 21]) == [50] * 7


def test_no_play_has_no_note():
    assert taker_notes([]) == []


@pytest.mark.parametrize(("taker", "defence"), [(80, 20), (100 / 3, 200 / 3), (50, 50), (0, 100)])
def test_each_defender_gets_the_complement_of_the_takers_note(taker, defence):
    """« Si le preneur marque 80%, alors chaque défenseur obtient une note de 20%. »"""
    play = PlayRecord(1, "Rouge", 1, 1, "N1", "N", ("S1", "E1", "W1"), 56)
    assert PlayNote(play, taker).defence_note == pytest.approx(defence)


def test_a_play_without_score_has_no_defence_note():
    play = PlayRecord(1, "Rouge", 1, 1, "N1", "N", ("S1", "E1", "W1"), None)
    assert PlayNote(play, None).defence_note is None
