"""Page helpers: a view's address reversed once for many links."""

from django.urls import reverse

from apps.core.pages import url_around


def test_the_address_around_the_last_argument_reads_as_reverse_gives_it():
    before, after = url_around("scoring:traveller", 12)
    assert f"{before}7{after}" == reverse("scoring:traveller", args=[12, 7])
    before, after = url_around("scoring:table", 3)
    assert f"{before}456{after}" == reverse("scoring:table", args=[3, 456])
