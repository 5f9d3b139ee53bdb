"""Fixtures of the homologation tests."""

import pytest

from apps.tournaments.domain.workflow import Status
from apps.tournaments.services import tournament_transition
from tests.builders import enter_all, played


@pytest.fixture
def finished(world, django_capture_on_commit_callbacks):
    """The world tournament: 5 tables played, finished, its awards computed; every persona
    has an email address."""
    world.emails_set()
    movement = played(world, tables=5)
    enter_all(world, movement, seed=21)
    for status in (Status.RUNNING, Status.FINISHED):
        with django_capture_on_commit_callbacks(execute=True):
            tournament_transition(actor=world.referee, tournament=world.tournament, status=status)
    return movement
