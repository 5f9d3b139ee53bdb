"""A large import run end to end by a real Celery worker through Redis."""

import time

import pytest
from celery.contrib.testing.worker import start_worker
from django.urls import reverse

from apps.federation.models import Licensee, LicenseeImport
from config.celery import app
from tests.factories import csv_bytes, licensee_rows, upload

WAIT_SECONDS = 20


def _wait_until_finished(licensee_import: LicenseeImport) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not licensee_import.is_finished and time.monotonic() < deadline:
        time.sleep(0.1)
        licensee_import.refresh_from_db()


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_large_import_is_run_by_a_worker(world, login, settings, isolated_worker_app):
    settings.LICENSEE_IMPORT_SYNC_MAX_ROWS = 5
    rows = licensee_rows(world.club.number, 40)
    with start_worker(app, queues=[isolated_worker_app], perform_ping_check=False):
        response = login(world.club_manager).post(
            reverse("federation:import_new"), {"file": upload(csv_bytes(rows))}
        )
        licensee_import = LicenseeImport.objects.get()
        assert response.url == reverse("federation:import_detail", args=[licensee_import.pk])
        _wait_until_finished(licensee_import)
    assert (licensee_import.state, licensee_import.created_count) == ("done", 40)
    assert licensee_import.processed_rows == 40
    assert Licensee.objects.filter(club=world.club, last_name__startswith="Martin").count() == 40
