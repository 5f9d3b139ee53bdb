"""The results' pages show the awards through the reader the awards app registers: the
results app knows nothing of how awards are stored, and shows none without a reader."""

import pytest

from apps.awards import store
from apps.results import awards_shown


def test_the_awards_app_registers_its_store_as_the_reader():
    assert awards_shown.readers == [store]


@pytest.mark.django_db
def test_without_a_reader_no_award_is_shown(world, monkeypatch):
    monkeypatch.setattr(awards_shown, "readers", [])
    shown = awards_shown.awards_shown(world.tournament)
    assert (shown.job, shown.by_registration, shown.columns) == (None, {}, False)
    assert awards_shown.awards_by_registration(world.tournament) == {}
    assert awards_shown.award_of(1) is None
