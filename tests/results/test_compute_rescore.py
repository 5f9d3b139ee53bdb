"""The results after some scores changed, from the results before (the live ranking's
update): only the changed deals are topés again and only their players' percentages
computed again, and the outcome is the results computed afresh, on random sessions, with
marques ajustées and penalties."""

import random

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from apps.penalties.domain.effects import AdjustedScore, AdjustmentKind
from apps.results.domain.compute import session_results_compute, session_results_rescore
from tests.results.synthetic_sessions import synthetic_session

SCORES = [None, -120, -56, -52, 0, 50, 56, 62, 92, 160]


def _key(play):
    return play.section, play.table, play.etui


def _changed(plays, rng, count):
    """Every play's score, ``count`` of them changed (entered, corrected or cleared)."""
    scores = {_key(play): play.score for play in plays}
    for play in rng.sample(plays, min(count, len(plays))):
        scores[_key(play)] = rng.choice(SCORES)
    return scores


def _adjustments(plays, rng):
    chosen = rng.sample(plays, min(2, len(plays)))
    kinds = [
        AdjustedScore(AdjustmentKind.NEUTRALIZED),
        AdjustedScore(AdjustmentKind.FORTY_SIXTY, faulty="taker"),
    ]
    return {_key(play): kind for play, kind in zip(chosen, kinds, strict=False)}


@settings(max_examples=60, deadline=None)
@given(
    tables=st.integers(1, 14),
    etuis_per_table=st.integers(1, 4),
    positions=st.integers(1, 6),
    section_tables=st.integers(1, 7),
    missing=st.sampled_from([0, 0.3, 1]),
    seed=st.integers(0, 2**16),
    count=st.integers(0, 6),
    adjusted=st.booleans(),
    by_tops=st.booleans(),
)
def test_rescored_results_are_the_results_computed_afresh(
    tables, etuis_per_table, positions, section_tables, missing, seed, count, adjusted, by_tops
):
    rng = random.Random(seed)
    plays, lines = synthetic_session(
        tables, etuis_per_table, positions, section_tables, missing, seed
    )
    assume(len({_key(play) for play in plays}) == len(plays))  # as in a real movement
    adjustments = _adjustments(plays, rng) if adjusted else {}
    penalties = {rng.choice(sorted(lines)): 1.5}
    options = {"penalties": penalties, "adjustments": adjustments, "by_tops": by_tops}
    before = session_results_compute(plays, lines, **options)
    scores = _changed(plays, rng, count)
    after = [play.__class__(**{**play.__dict__, "score": scores[_key(play)]}) for play in plays]
    fresh = session_results_compute(after, lines, **options)
    rescored = session_results_rescore(before, scores, lines, **options)
    assert rescored.notes == fresh.notes
    assert rescored.missing == fresh.missing
    assert [p.player for p in rescored.players] == [p.player for p in fresh.players]
    assert rescored == fresh


def test_nothing_changed_gives_the_same_results():
    plays, lines = synthetic_session(tables=5, positions=3, seed=1)
    before = session_results_compute(plays, lines)
    scores = {_key(play): play.score for play in plays}
    assert session_results_rescore(before, scores, lines) is before
