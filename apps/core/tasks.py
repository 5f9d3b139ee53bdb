"""Celery tasks of the core app."""

from celery import shared_task

from apps.core import jobs


@shared_task
def jobs_sweep() -> int:
    """Every minute: queue again the jobs whose worker died (stale heartbeat) or that
    could not be queued (apps.core.jobs)."""
    return jobs.jobs_sweep()
