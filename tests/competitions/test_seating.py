"""How a stage's sessions are seated (fascicule 3, ch. 2 art. 7, 17), without a database:
the first session drawn or balanced as the regional regulation says, drawn at the Open's
regional final, balanced at the national final; the following ones always by serpentine."""

import pytest

from apps.competitions.domain.kinds import CompetitionKind
from apps.competitions.domain.seating import first_seating_refusal, first_seatings

K = CompetitionKind
DRAW, SERPENTINE = "draw", "serpentine"

# (national final, regional final) -> the first session's seatings, the default first.
FIRST_SEATINGS = {
    (True, False): (SERPENTINE,),  # art. 17: « de façon à équilibrer les lignes »
    (False, True): (DRAW, SERPENTINE),  # art. 17: « tirées au sort ou … serpentin »
    (False, False): (DRAW, SERPENTINE),
}
OPEN_REGIONAL_FINAL = (DRAW,)  # art. 7: « aléatoire et non pas équilibrée »


@pytest.mark.parametrize("kind", list(K))
def test_the_first_sessions_seatings(kind):
    for (national, regional_final), seatings in FIRST_SEATINGS.items():
        if kind == K.OPEN and regional_final:
            seatings = OPEN_REGIONAL_FINAL
        got = first_seatings(kind, national=national, regional_final=regional_final)
        assert tuple(got) == seatings


def test_a_balanced_open_regional_final_is_refused_with_the_article():
    refusal = first_seating_refusal(K.OPEN, SERPENTINE, national=False, regional_final=True)
    assert "aléatoire et non pas équilibrée pour ne protéger personne » (art. 7)" in refusal
    assert first_seating_refusal(K.OPEN, DRAW, national=False, regional_final=False) is None
    assert (
        first_seating_refusal(K.PROMOTION, SERPENTINE, national=False, regional_final=True) is None
    )
    assert "art. 17" in first_seating_refusal(K.OPEN, DRAW, national=True, regional_final=False)
    assert first_seating_refusal(K.SENIOR, "hasard", national=False, regional_final=False) == (
        "placement inconnu"
    )
