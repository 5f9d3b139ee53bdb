"""The same results, recognised by who earned what (apps.results.domain.same_results):
awards agreeing licensee by licensee, or plays contained in the other's, whatever the
order, the 0-point lines, the dates or the names."""

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from apps.results.domain.same_results import (
    MIN_PLAYS,
    Likeness,
    awards_share,
    plays_share,
    results_verdict,
)

AWARDS = {n: (500 - 20 * n, 0) for n in range(20)}


def test_the_same_awards_without_their_0_lines_are_the_same_results():
    with_zeros = {**AWARDS, 100: (0, 0), 101: (0, 0)}
    verdict = results_verdict(awards=(AWARDS, with_zeros))
    assert (verdict.likeness, verdict.share, verdict.by) == (Likeness.SAME, 1, "attributions")


def test_90_percent_agree_is_the_same_60_is_close_less_is_other():
    # 20 licensees with an award: 18 agree, 2 differ -> 18 / 20.
    changed = {**AWARDS, 0: (1, 0), 1: (2, 0)}
    assert results_verdict(awards=(AWARDS, changed)).likeness == Likeness.SAME
    # 2 more awarded on one side only: 18 / 22 < 90 %.
    more = {**changed, 50: (60, 0), 51: (55, 0)}
    verdict = results_verdict(awards=(AWARDS, more))
    assert (verdict.likeness, verdict.share) == (Likeness.CLOSE, Fraction(18, 22))
    half = {n: (v + 1, pp) if n < 10 else (v, pp) for n, (v, pp) in AWARDS.items()}
    assert results_verdict(awards=(AWARDS, half)).likeness is None


def test_pp_count_as_much_as_pcn():
    other = {n: (pcn, 1) for n, (pcn, _pp) in AWARDS.items()}
    assert awards_share(AWARDS, other) == 0


def test_plays_contained_in_another_s_are_the_same_results():
    evening = {(n % 12, etui, 10 * etui) for n in range(12) for etui in range(1, 25)}
    second_session = {play for play in evening if play[1] > 12}
    verdict = results_verdict(plays=(second_session, evening))
    assert (verdict.likeness, verdict.by) == (Likeness.SAME, "donnes jouées")
    few = set(list(second_session)[: MIN_PLAYS - 1])
    assert plays_share(few, evening) == 0  # too few to tell


awards = st.dictionaries(
    st.integers(1, 60), st.tuples(st.integers(0, 2000), st.integers(0, 6)), max_size=40
)


@given(awards, st.randoms())
def test_order_and_0_lines_never_change_the_share(mine, rng):
    theirs = dict(mine)
    keys = list(theirs)
    rng.shuffle(keys)
    shuffled = {key: theirs[key] for key in keys} | {1000 + n: (0, 0) for n in range(5)}
    assert awards_share(mine, shuffled) == (1 if any(a or b for a, b in mine.values()) else 0)
    assert awards_share(mine, theirs) == awards_share(theirs, mine)
