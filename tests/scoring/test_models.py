"""A traveller line: one per étui and table, its second entry, and what a deleted movement
leaves behind. The helpers here play a session for the other score-entry tests."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import IntegrityError

from apps.core.models import AuditLog
from apps.movements.models import MovementTable, SessionMovement
from apps.scoring.models import Play
from tests.builders import advance_to, generate

pytestmark = pytest.mark.django_db


# --- helpers for the score-entry tests -------------------------------------------


def in_play(world, players: int = 20, *, position: int | None = None) -> SessionMovement:
    """The world tournament's first session with `players` seated and play up to
    `position` (every position by default)."""
    movement = generate(world, players)
    return advance_to(world, movement, position or movement.positions)


def table_of(movement: SessionMovement, etui: int, position: int) -> MovementTable:
    """The table that plays `etui` at `position`."""
    return MovementTable.objects.get(movement=movement, position=position, etuis__contains=[etui])


def play_audits(play: Play) -> list[tuple[str, dict]]:
    """The audit rows of a line, oldest first: (action, changes)."""
    return list(
        AuditLog.objects.filter(
            content_type=ContentType.objects.get_for_model(Play), object_id=str(play.pk)
        )
        .order_by("id")
        .values_list("action", "changes")
    )


# --- tests -----------------------------------------------------------------------


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
