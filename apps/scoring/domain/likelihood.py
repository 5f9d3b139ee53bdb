"""Scores that are possible but unlikely, which score entry asks to confirm before they
count (a typing slip more often than a deal): 0 and ±10, which only a chelem announced
and failed gives, and a score far below or far above every other score of the étui."""

from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

# How far beyond the étui's lowest or highest score a score must fall to be asked about:
# beyond the spread of a made and a failed Garde (a digit typed twice or dropped, say).
WIDE_MARGIN = 200
CHELEM_ONLY = (0, 10, -10)
Line = TypeVar("Line", bound=Hashable)


def unlikely_score(score: int, others: Sequence[int]) -> str | None:
    """Why ``score`` is unlikely beside the étui's ``others``, in French; None if it is
    not. Far below or far above the others needs two of them at least."""
    if len(others) < 2:
        return _unlikely(score, None, None)
    return _unlikely(score, min(others), max(others))


def _unlikely(score: int, lowest: int | None, highest: int | None) -> str | None:
    """The rule, given the lowest and highest of the étui's other scores (None when
    fewer than two say too little)."""
    if score in CHELEM_ONLY:
        return f"seul un chelem annoncé et chuté donne {score}"
    if lowest is not None and score < lowest - WIDE_MARGIN:
        return f"{score} est très en dessous du plus faible score de l'étui ({lowest})"
    if highest is not None and score > highest + WIDE_MARGIN:
        return f"{score} est très au-dessus du plus fort score de l'étui ({highest})"
    return None


def unlikely_among(scores: Mapping[Line, int]) -> dict[Line, str]:
    """Of one étui's scores (by line), those unlikely beside the others, with why: the
    lines that counted although entry asked about them (or that the scores entered since
    make unlikely). Linear in the number of lines after one sort."""
    ranked = sorted(scores, key=scores.__getitem__)
    reasons = {}
    for key, score in scores.items():
        lowest = highest = None
        if len(scores) >= 3:  # two other scores at least
            lowest = next(scores[other] for other in ranked[:2] if other != key)
            highest = next(scores[other] for other in ranked[-1:-3:-1] if other != key)
        reason = _unlikely(score, lowest, highest)
        if reason:
            reasons[key] = reason
    return reasons
