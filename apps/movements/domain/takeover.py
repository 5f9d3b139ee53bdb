"""Where a change of player during play takes effect at a table (fascicule 3, ch. 2 art. 18
« Retards »; the reading is docs/interpretations.md, « Only what was played is ranked »)."""

from collections.abc import Collection, Sequence


def etuis_kept(etuis: Sequence[int], settled: Collection[int]) -> int:
    """How many of a table's étuis (in its order of play) stay with the player who held the
    seat: every one up to the last already scored or stated not played. The new holder
    takes the others, from the first after it."""
    return max((index + 1 for index, etui in enumerate(etuis) if etui in settled), default=0)
