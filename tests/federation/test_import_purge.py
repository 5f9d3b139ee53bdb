from datetime import timedelta

import pytest
from django.utils import timezone

from apps.federation.imports import IMPORT_KEEP_FILES_DAYS
from apps.federation.models import LicenseeImport
from apps.federation.tasks import licensee_import_files_purge
from config.celery import app

pytestmark = pytest.mark.django_db


def _import(days_ago):
    finished = None if days_ago is None else timezone.now() - timedelta(days=days_ago)
    return LicenseeImport.objects.create(
        filename="licencies.csv",
        content=b"Licence;Nom\n",
        state=LicenseeImport.State.PENDING if days_ago is None else LicenseeImport.State.DONE,
        finished_at=finished,
        total_rows=1,
    )


def test_old_files_are_purged_and_reports_kept():
    old = _import(IMPORT_KEEP_FILES_DAYS + 1)
    recent = _import(IMPORT_KEEP_FILES_DAYS - 1)
    pending = _import(None)
    assert licensee_import_files_purge.delay().get() == 1
    old.refresh_from_db()
    assert bytes(old.content) == b""
    assert old.total_rows == 1 and old.state == LicenseeImport.State.DONE
    for kept in (recent, pending):
        kept.refresh_from_db()
        assert bytes(kept.content) == b"Licence;Nom\n"
    assert licensee_import_files_purge.delay().get() == 0  # idempotent


def test_purge_is_scheduled_nightly():
    entry = app.conf.beat_schedule["purge-licensee-import-files"]
    assert entry["task"] == licensee_import_files_purge.name
    assert entry["schedule"] == 24 * 60 * 60
