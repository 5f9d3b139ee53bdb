"""Rules of a session's results (fascicule 3, ch. 1) that hold for every room, checked on
random sessions of ``synthetic_session``."""

import math
from collections import Counter, defaultdict
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from apps.results.domain.compute import session_results_compute
from tests.results.synthetic_sessions import synthetic_session

sessions = st.builds(
    synthetic_session,
    tables=st.integers(1, 20),
    etuis_per_table=st.integers(1, 4),
    positions=st.integers(1, 7),
    section_tables=st.integers(1, 13),
    missing=st.sampled_from([0, 0.2, 1]),
    seed=st.integers(0, 2**16),
)


@settings(max_examples=40, deadline=None)
@given(sessions)
def test_session_results(session):
    plays, lines = session
    results = session_results_compute(plays, lines)

    # Every play once, and each étui's entered notes have mean 50.
    assert Counter(n.play for n in results.notes) == Counter(plays)
    assert results.missing == sum(p.score is None for p in plays)
    by_etui = defaultdict(list)
    for note in results.notes:
        if note.taker_note is not None:
            by_etui[note.play.etui].append(note.taker_note)
    for notes in by_etui.values():
        assert math.isclose(sum(notes), 50 * len(notes))

    # Each player's sheet holds every play they sat at; percentages follow their notes.
    seats = Counter(player for p in plays for player in (p.taker, *p.defenders))
    assert len(results.players) == len(lines)
    for player in results.players:
        assert len(player.sheet) == seats[player.player]
        assert player.tops == sum(line.note == 100 for line in player.sheet)
        known = [line.note for line in player.sheet if line.note is not None]
        assert (player.overall is None) == (not known) == (player.rank is None)
        if known:
            assert min(known) - 1e-9 <= player.overall <= max(known) + 1e-9

    # Both rankings place every player with a percentage, best first for the general one.
    ranked = [p for p in results.players if p.rank is not None]
    assert all(a.final >= b.final - 1e-9 for a, b in pairwise(ranked))
    alternate = sorted(p.rank_alternate for p in ranked)
    assert alternate == [] or alternate[0] == 1
    assert all(p.rank_alternate is None for p in results.players if p.rank is None)
