"""Topage of one étui (fascicule 3, ch. 1, « 1ère étape : topage de chaque donne du
concours »): the TOP is 100 %, the worst note 0 %, and the notes in between are evenly
spaced by the number of times the étui was played; equal scores share the notes they cover,
and each defender gets the complement of the taker's note (``PlayNote.defence_note``).

An étui played only once gets 50 % for both sides (docs/interpretations.md). Notes
are kept unrounded (33.333… %, not 33.3 %): rounding is for display only.
"""

from collections import Counter
from collections.abc import Sequence

from apps.scoring.domain.notes import TOP

LONE_PLAY_NOTE = 50.0


def taker_notes(scores: Sequence[int]) -> list[float]:
    """The taker's note of each play of one étui, in the order of ``scores``.

    Sorted from worst to best, n plays would get 0, 100 / (n - 1), 2 * 100 / (n - 1) …
    100 %; a score reached by several plays gets the mean of the notes its plays cover.
    With ``below`` plays scoring less and ``ties`` plays scoring the same, that mean is
    100 * (2 * below + ties - 1) / (2 * (n - 1)).
    """
    count = len(scores)
    if count == 1:
        return [LONE_PLAY_NOTE]
    ties = Counter(scores)
    below: dict[int, int] = {}
    for index, score in enumerate(sorted(scores)):
        below.setdefault(score, index)
    span = 2 * (count - 1)
    return [TOP * (2 * below[score] + ties[score] - 1) / span for score in scores]
