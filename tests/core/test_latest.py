"""A few values kept in a process: the least recently read goes first once full."""

from apps.core.latest import Latest


def test_the_least_recently_read_goes_first():
    kept = Latest(2)
    kept.put("a", 1)
    kept.put("b", 2)
    assert kept.get("a") == 1  # now the most recently read
    kept.put("c", 3)
    assert kept.get("b") is None and kept.get("a") == 1 and kept.get("c") == 3
    assert [key for key, _value in kept.items()] == ["a", "c"]


def test_a_value_put_again_replaces_the_one_kept():
    kept = Latest(2)
    kept.put("a", 1)
    kept.put("a", 2)
    assert kept.get("a") == 2 and len(list(kept.items())) == 1
    assert kept.get("missing") is None
