"""The room's feuilles de route built end to end by a real Celery worker through Redis."""

import time

import pytest
from celery.contrib.testing.worker import start_worker
from django.urls import reverse

from apps.results.printing import room_sheets_state
from config.celery import app
from tests.builders import ETUI_1, enter, played

WAIT_SECONDS = 30


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_worker_builds_the_rooms_sheets(world, login, settings, tmp_path, isolated_worker_app):
    settings.MEDIA_ROOT = tmp_path
    movement = played(world)
    enter(world, movement, 1, [score for _p, _t, score, _a, _d in ETUI_1])
    session = movement.session
    with start_worker(app, queues=[isolated_worker_app], perform_ping_check=False):
        login(world.referee).post(reverse("results:room_sheets_request", args=[session.pk]))
        deadline = time.monotonic() + WAIT_SECONDS
        while room_sheets_state(session).in_progress and time.monotonic() < deadline:
            time.sleep(0.2)
    job = room_sheets_state(session)
    assert (job.state, job.done, job.total) == ("done", 20, 20)
    assert (tmp_path / job.path).read_bytes().startswith(b"%PDF")
