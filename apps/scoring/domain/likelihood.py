"""Scores that are possible but unlikely, which score entry asks to confirm before they
count (a typing slip more often than a deal): 0 and ±10, which only a chelem announced
and failed gives, and a score far below every other score of the étui."""

from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

# How far under the étui's lowest score a score must fall to be asked about: beyond the
# spread of a made and a failed Garde (a digit typed twice, say).
WIDE_MARGIN = 200
CHELEM_ONLY = (0, 10, -10)
Line = TypeVar("Line", bound=Hashable)


def unlikely_score(score: int, others: Sequence[int]) -> str | None:
    """Why ``score`` is unlikely beside the étui's ``others``, in French; None if it is
    not. Far below the others needs two of them at least."""
    return _unlikely(score, min(others) if others else None, len(others))


def _unlikely(score: int, lowest: int | None, count: int) -> str | None:
    """The rule, given the lowest of the étui's ``count`` other scores."""
    if score in CHELEM_ONLY:
        return f"seul un chelem annoncé et chuté donne {score}"
    if count >= 2 and score < lowest - WIDE_MARGIN:
        return f"{score} est très en dessous du plus faible score de l'étui ({lowest})"
    return None


def unlikely_among(scores: Mapping[Line, int]) -> dict[Line, str]:
    """Of one étui's scores (by line), those unlikely beside the others, with why: the
    lines that counted although entry asked about them (or that the scores entered since
    make unlikely). Linear in the number of lines."""
    ranked = sorted(scores, key=scores.__getitem__)
    reasons = {}
    for key, score in scores.items():
        lowest = next((scores[other] for other in ranked[:2] if other != key), None)
        reason = _unlikely(score, lowest, len(scores) - 1)
        if reason:
            reasons[key] = reason
    return reasons
