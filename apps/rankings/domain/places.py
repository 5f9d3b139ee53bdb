"""A place among others by PCN, ex-aequo sharing it (the ranking's RANK, chapter 5
« Ex-æquo »): one more than the number of players with more PCN."""

from collections.abc import Iterable


def rank_among(pcn: int, others: Iterable[int]) -> int:
    """The place of ``pcn`` among ``others`` (which include it)."""
    return 1 + sum(other > pcn for other in others)
