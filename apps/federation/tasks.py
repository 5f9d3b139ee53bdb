"""Celery tasks of the federation app: they take ids and call a service."""

from celery import shared_task

from apps.federation import imports


@shared_task
def licensee_import_run(import_id: int) -> None:
    """Run a large licensee import; a repeated delivery finds it claimed and does nothing."""
    imports.licensee_import_execute(import_id=import_id, progress_every=imports.PROGRESS_EVERY)


@shared_task
def licensee_import_files_purge() -> int:
    """Nightly: drop the uploaded files of old imports (see imports.IMPORT_KEEP_FILES_DAYS)."""
    return imports.licensee_import_files_purge()
