"""Rules of the topage (fascicule 3, ch. 1) that hold for every étui."""

import math
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from apps.results.domain.model import PlayNote, PlayRecord
from apps.results.domain.topage import TOP, taker_notes

etui_scores = st.lists(st.integers(-250, 250), min_size=1, max_size=60)


@given(etui_scores)
def test_notes_lie_between_0_and_the_top(scores):
    assert all(0 <= note <= TOP for note in taker_notes(scores))


@given(etui_scores)
def test_the_mean_note_is_50(scores):
    assert math.isclose(sum(taker_notes(scores)), 50 * len(scores), abs_tol=1e-9)


@given(etui_scores)
def test_a_better_score_never_gets_a_lower_note(scores):
    notes = dict(zip(scores, taker_notes(scores), strict=True))
    ordered = sorted(notes)
    assert all(notes[a] < notes[b] for a, b in pairwise(ordered))


@given(etui_scores, st.randoms(use_true_random=False))
def test_a_play_s_note_does_not_depend_on_the_order_of_the_traveller(scores, rng):
    shuffled = list(scores)
    rng.shuffle(shuffled)
    assert dict(zip(shuffled, taker_notes(shuffled), strict=True)) == dict(
        zip(scores, taker_notes(scores), strict=True)
    )


@given(etui_scores)
def test_the_best_score_gets_the_top_unless_shared(scores):
    notes = taker_notes(scores)
    best = notes[scores.index(max(scores))]
    assert (best == TOP) == (len(scores) > 1 and scores.count(max(scores)) == 1)


@given(etui_scores)
def test_taker_and_defence_notes_add_up_to_100(scores):
    play = PlayRecord(1, "Rouge", 1, 1, "N1", "N", ("S1", "E1", "W1"), scores[0])
    for note in taker_notes(scores):
        assert math.isclose(note + PlayNote(play, note).defence_note, TOP)
