"""A real Celery worker killed mid-task (SIGKILL): its licensee import is left running
with a heartbeat that goes stale; the sweep queues it again and a new worker takes it
over and finishes it, nothing written twice."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.db import connection

from apps.core import jobs
from apps.federation import imports
from apps.federation.models import Licensee, LicenseeImport
from tests.factories import csv_bytes, licensee_rows, upload
from tests.processes import database_url

ROWS = 30_000
WAIT_SECONDS = 90


def _worker(queue: str) -> subprocess.Popen:
    """`celery worker` in a process of its own, on the test database and this queue."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "JOB_HEARTBEAT_SECONDS": "0.5",
        "JOB_STALE_SECONDS": "2",
    }
    command = [sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", queue]
    options = ["--pool", "solo", "--without-gossip", "--without-mingle", "-l", "WARNING"]
    return subprocess.Popen(
        [*command, *options],
        cwd=Path(django_settings.BASE_DIR),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _until(condition, what: str) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        assert time.monotonic() < deadline, f"waited too long for {what}"
        time.sleep(0.05)


def _stop(worker: subprocess.Popen, sig=signal.SIGTERM) -> None:
    if worker.poll() is None:
        os.killpg(worker.pid, sig)
        worker.wait(timeout=30)


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="a worker reaches PostgreSQL")
def test_an_import_survives_its_worker_killed_mid_task(world, settings, isolated_worker_app):
    settings.LICENSEE_IMPORT_SYNC_MAX_ROWS = 5
    settings.JOB_STALE_SECONDS = 2
    rows = licensee_rows(world.club.number, ROWS)
    first = _worker(isolated_worker_app)
    try:
        imports.licensee_import_create(actor=world.club_manager, file=upload(csv_bytes(rows)))
        job = LicenseeImport.objects.get()
        _until(lambda: LicenseeImport.objects.get(pk=job.pk).processed_rows > 0, "the first rows")
        _stop(first, signal.SIGKILL)  # mid-task
    finally:
        _stop(first, signal.SIGKILL)
    job.refresh_from_db()
    assert (job.state, job.attempts) == ("running", 1) and job.processed_rows < ROWS
    time.sleep(settings.JOB_STALE_SECONDS + 0.5)
    job.refresh_from_db()
    assert jobs.job_restartable(job)
    assert jobs.jobs_sweep() == 1
    second = _worker(isolated_worker_app)
    try:
        _until(lambda: LicenseeImport.objects.get(pk=job.pk).is_finished, "the import's end")
    finally:
        _stop(second)
    job.refresh_from_db()
    assert (job.state, job.attempts, job.created_count) == ("done", 2, ROWS)
    assert Licensee.objects.filter(club=world.club, last_name__startswith="Martin").count() == ROWS
