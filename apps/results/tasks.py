"""Celery tasks of the scoring app: they take ids and call a service."""

from celery import shared_task

from apps.results import printing


@shared_task
def room_sheets_build(job_id: int) -> bool:
    """Build the room's feuilles de route; a repeated delivery finds them built or being
    built and does nothing, or takes over a run whose worker died."""
    return printing.room_sheets_build(job_id=job_id)
