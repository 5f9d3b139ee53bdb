"""Scores that are possible but unlikely, which score entry asks to confirm before they
count (a typing slip more often than a deal): 0 and ±10, which only a chelem announced
and failed gives, and a score far below every other score of the étui."""

from collections.abc import Sequence

# How far under the étui's lowest score a score must fall to be asked about: beyond the
# spread of a made and a failed Garde (a digit typed twice, say).
WIDE_MARGIN = 200
CHELEM_ONLY = (0, 10, -10)


def unlikely_score(score: int, others: Sequence[int]) -> str | None:
    """Why ``score`` is unlikely beside the étui's ``others``, in French; None if it is
    not. Far below the others needs two of them at least."""
    if score in CHELEM_ONLY:
        return f"seul un chelem annoncé et chuté donne {score}"
    if len(others) >= 2 and score < min(others) - WIDE_MARGIN:
        return f"{score} est très en dessous du plus faible score de l'étui ({min(others)})"
    return None
