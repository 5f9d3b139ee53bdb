"""A finished 7-table evening gets its awards from a real Celery worker through Redis."""

import time

import pytest
from celery.contrib.testing.worker import start_worker

from apps.awards.models import AwardSet
from apps.tournaments.domain.workflow import Status
from apps.tournaments.services import tournament_transition
from config.celery import app
from tests.builders import enter_all, played

WAIT_SECONDS = 30


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_worker_computes_the_awards_of_a_finished_evening(world, isolated_worker_app):
    movement = played(world, tables=7)
    enter_all(world, movement, seed=8)
    with start_worker(app, queues=[isolated_worker_app], perform_ping_check=False):
        for status in (Status.RUNNING, Status.FINISHED):
            tournament_transition(actor=world.referee, tournament=world.tournament, status=status)
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            job = AwardSet.objects.filter(tournament=world.tournament).first()
            if job is not None and job.state == AwardSet.State.DONE:
                break
            time.sleep(0.2)
    job = AwardSet.objects.get(tournament=world.tournament)
    assert (job.state, job.attempts, job.rule) == ("done", 1, "une séance en ligne, 7 tables")
    firsts = job.awards.filter(place=1).exclude(reason__contains="ex æquo")
    assert firsts.count() >= 1
    assert set(firsts.values_list("pcn", flat=True)) == {560}  # 80 x 7
