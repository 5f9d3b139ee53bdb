"""Jobs that survive a dead worker (apps.core.jobs), on the licensee import and the room's
feuilles de route: a live claim is left alone, a stale one is taken over and the stale run
can no longer write; the heartbeat beats while a run works; a task the broker cannot take
leaves its job pending with a French message and « Relancer »; the sweep queues stuck jobs
again."""

import time
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from apps.core import jobs
from apps.federation import imports
from apps.federation.models import Licensee, LicenseeImport
from apps.results.models import RoomSheetsJob
from apps.results.printing import room_sheets_request, room_sheets_state
from config.celery import app
from tests.builders import ETUI_1, enter, played
from tests.factories import csv_bytes, licensee_rows, upload

NOWHERE = "redis://127.0.0.1:1/0"  # nothing listens on port 1
UNREACHABLE = "La tâche n'a pas pu être lancée : la file des tâches est injoignable."


def _import(world, rows=3, **fields) -> LicenseeImport:
    return LicenseeImport.objects.create(
        created_by=world.club_manager,
        filename="gros.csv",
        content=csv_bytes(licensee_rows(world.club.number, rows)),
        total_rows=rows,
        **fields,
    )


def _ago(seconds: float):
    return timezone.now() - timedelta(seconds=seconds)


@pytest.mark.django_db
def test_a_live_claim_is_left_alone_and_a_stale_one_taken_over(world, settings):
    settings.JOB_STALE_SECONDS = 60
    live = _import(world, state="running", heartbeat_at=_ago(5), attempts=1)
    assert jobs.job_claim(LicenseeImport, live.pk) is None
    assert not jobs.job_restartable(live)
    stale = _import(world, state="running", heartbeat_at=_ago(120), attempts=1)
    assert jobs.job_restartable(stale)
    assert jobs.job_claim(LicenseeImport, stale.pk) == 2
    assert not jobs.job_owned(LicenseeImport, stale.pk, 1).exists()  # the dead run's
    assert jobs.job_owned(LicenseeImport, stale.pk, 2).exists()
    done = _import(world, state="done")
    assert jobs.job_claim(LicenseeImport, done.pk) is None


@pytest.mark.django_db
def test_a_run_taken_over_writes_nothing(world, settings):
    """The first run is thought dead and taken over: whatever it does next is dropped."""
    job = _import(world)
    first = jobs.job_claim(LicenseeImport, job.pk)
    LicenseeImport.objects.filter(pk=job.pk).update(heartbeat_at=_ago(3600))
    assert imports.licensee_import_execute(import_id=job.pk) is True  # the second run
    job.refresh_from_db()
    assert (job.state, job.attempts, job.created_count) == ("done", first + 1, 3)
    job.attempt = first
    imports._finish_rejected(job, [imports._file_error("internal")])  # the first run, late
    job.refresh_from_db()
    assert (job.state, job.errors) == ("done", [])
    assert Licensee.objects.filter(last_name__startswith="Martin").count() == 3


@pytest.mark.django_db(transaction=True)
def test_the_heartbeat_beats_while_a_run_works(world, settings):
    settings.JOB_HEARTBEAT_SECONDS = 0.05
    job = _import(world)
    attempt = jobs.job_claim(LicenseeImport, job.pk)
    LicenseeImport.objects.filter(pk=job.pk).update(heartbeat_at=_ago(3600))
    with jobs.job_heartbeat(LicenseeImport, job.pk, attempt):
        time.sleep(0.3)
    job.refresh_from_db()
    assert job.heartbeat_at > _ago(5)


@pytest.fixture
def broker_down(settings):
    """Tasks are sent to a broker that is not there (not run eagerly)."""
    saved = (app.conf.broker_url, app.conf.task_always_eager)
    app.conf.update(broker_url=NOWHERE, task_always_eager=False)
    settings.CELERY_TASK_ALWAYS_EAGER = False
    _fresh_producers()
    yield
    app.conf.update(broker_url=saved[0], task_always_eager=saved[1])
    _fresh_producers()


def _fresh_producers():
    """Connections made from the broker URL as it is now, not the pooled ones."""
    app._pool = None  # kombu keeps one pool per broker URL: pick this URL's
    app.amqp._producer_pool = None


@pytest.mark.django_db
def test_an_import_that_cannot_be_queued_says_so_and_starts_again(
    world, login, settings, broker_down, django_capture_on_commit_callbacks
):
    settings.LICENSEE_IMPORT_SYNC_MAX_ROWS = 2
    client = login(world.club_manager)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            reverse("federation:import_new"),
            {"file": upload(csv_bytes(licensee_rows(world.club.number, 5)))},
        )
    assert response.status_code == 302
    job = LicenseeImport.objects.get()
    assert (job.state, job.enqueue_error.startswith(UNREACHABLE)) == ("pending", True)
    page = client.get(response.url).content.decode()
    assert escape(UNREACHABLE) in page and 'data-test="restart"' in page
    app.conf.update(task_always_eager=True)  # the queue is back
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("federation:import_restart", args=[job.pk]))
    job.refresh_from_db()
    assert (job.state, job.created_count, job.enqueue_error) == ("done", 5, "")


@pytest.mark.django_db
def test_the_room_sheets_that_cannot_be_queued_say_so(
    world, login, settings, tmp_path, broker_down, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    movement = played(world)
    enter(world, movement, 1, [score for _p, _t, score, _a, _d in ETUI_1])
    with django_capture_on_commit_callbacks(execute=True):
        room_sheets_request(movement.session)
    job = room_sheets_state(movement.session)
    assert job.state == "pending" and job.enqueue_error.startswith(UNREACHABLE)
    assert jobs.job_restartable(job)


@pytest.mark.django_db
def test_a_restart_is_refused_when_nothing_is_stuck(world):
    job = _import(world, state="running", heartbeat_at=timezone.now(), attempts=1)
    with pytest.raises(Exception, match="rien à relancer"):
        imports.licensee_import_restart(actor=world.club_manager, licensee_import=job)


@pytest.mark.django_db
def test_the_sweep_queues_stuck_jobs_again(world, settings, django_capture_on_commit_callbacks):
    stale = _import(world, state="running", heartbeat_at=_ago(3600), attempts=1)
    live = _import(world, state="running", heartbeat_at=timezone.now(), attempts=1)
    unqueued = _import(world, enqueue_error="injoignable")
    with django_capture_on_commit_callbacks(execute=True):
        assert jobs.jobs_sweep() == 2
    states = dict(LicenseeImport.objects.values_list("pk", "state"))
    assert (states[stale.pk], states[live.pk], states[unqueued.pk]) == ("done", "running", "done")
    assert RoomSheetsJob in [model for model, _task in jobs.kinds]


@pytest.mark.django_db
def test_the_room_sheets_of_a_dead_worker_are_started_again_from_the_page(
    world, login, settings, tmp_path, django_capture_on_commit_callbacks
):
    settings.MEDIA_ROOT = tmp_path
    movement = played(world)
    enter(world, movement, 1, [score for _p, _t, score, _a, _d in ETUI_1])
    session = movement.session
    room_sheets_request(session)  # queued, never run (the callback is dropped)
    RoomSheetsJob.objects.filter(session=session).update(
        state="running", heartbeat_at=_ago(3600), attempts=1
    )
    client = login(world.referee)
    page = client.get(reverse("results:room_sheets", args=[session.pk])).content.decode()
    assert 'data-test="stalled"' in page and 'data-test="restart"' in page
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("results:room_sheets_request", args=[session.pk]))
    job = room_sheets_state(session)
    assert (job.state, job.attempts, job.done) == ("done", 2, 20)
