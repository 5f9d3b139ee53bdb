"""A traveller line: one per étui and table, its second entry, and what a deleted movement
leaves behind."""

import pytest
from django.db import IntegrityError

from apps.scoring.models import Play
from tests.builders import in_play, table_of

pytestmark = pytest.mark.django_db


def test_a_table_has_one_line_per_etui(world):
    table = table_of(in_play(world), 1, 1)
    Play.objects.create(table=table, etui=1, score=56)
    Play.objects.create(table=table, etui=2)
    with pytest.raises(IntegrityError):
        Play.objects.create(table=table, etui=1, score=62)


def test_a_line_is_blank_until_entered(world):
    play = Play.objects.create(table=table_of(in_play(world), 1, 1), etui=1)
    assert (play.score, play.deal, play.check_score, play.entered_by) == (None, None, None, None)
    assert not play.mismatch


@pytest.mark.parametrize(
    ("score", "check", "mismatch"),
    [(56, None, False), (56, 56, False), (56, 62, True), (None, 56, True)],
)
def test_a_second_entry_that_differs_is_a_mismatch(world, score, check, mismatch):
    table = table_of(in_play(world), 1, 1)
    play = Play.objects.create(table=table, etui=1, score=score, check_score=check)
    assert play.mismatch is mismatch


def test_a_line_names_its_etui_and_table(world):
    play = Play.objects.create(table=table_of(in_play(world), 3, 2), etui=3)
    assert "3" in str(play) and str(play.table) in str(play)


def test_deleting_the_movement_deletes_its_lines(world):
    movement = in_play(world)
    Play.objects.create(table=table_of(movement, 1, 1), etui=1, score=56)
    movement.delete()
    assert not Play.objects.exists()
