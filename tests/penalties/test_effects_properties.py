"""Rules of the marques ajustées (fascicule 3, ch. 4) that hold for every topped note."""

import math

from hypothesis import given
from hypothesis import strategies as st

from apps.penalties.domain.effects import AdjustedScore, AdjustmentKind, adjusted_notes

K = AdjustmentKind
PLAYERS = ("N", "S", "E", "W")
topped_notes = st.one_of(st.none(), st.floats(0, 100))
adjustments = st.one_of(
    st.builds(
        AdjustedScore,
        st.just(K.NEUTRALIZED),
        zero_players=st.frozensets(st.sampled_from(PLAYERS[:2])),
        forty_players=st.frozensets(st.sampled_from(PLAYERS[2:])),
    ),
    st.builds(AdjustedScore, st.sampled_from([K.ZERO_COLLECTIF, K.FORTY_FORTY])),
    st.builds(AdjustedScore, st.sampled_from([K.FORTY_SIXTY, K.FORGOTTEN_CARD]), st.just("taker")),
    st.builds(AdjustedScore, st.just(K.FORTY_SIXTY), st.just("defense")),
    st.builds(
        AdjustedScore,
        st.just(K.FORGOTTEN_CARD),
        st.just("defense"),
        faulty_player=st.sampled_from(PLAYERS[1:]),
    ),
)


@given(adjustments, topped_notes)
def test_adjusted_notes_lie_between_0_and_100(adjustment, note):
    taker, defenders = adjusted_notes(adjustment, "N", ("S", "E", "W"), note)
    assert all(0 <= n <= 100 for n in (taker, *defenders) if n is not None)


@given(st.sampled_from(["taker", "defense"]), st.floats(0, 100))
def test_a_40_60_faulty_side_never_exceeds_40_and_the_other_never_falls_below_60(faulty, note):
    taker, defenders = adjusted_notes(
        AdjustedScore(K.FORTY_SIXTY, faulty), "N", ("S", "E", "W"), note
    )
    faulty_note, other_note = (taker, defenders[0]) if faulty == "taker" else (defenders[0], taker)
    assert faulty_note <= 40 and other_note >= 60 and len(set(defenders)) == 1
    assert math.isclose(taker + defenders[0], 100)
