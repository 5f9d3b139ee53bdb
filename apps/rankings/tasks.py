"""Celery tasks of the national ranking: they take ids and call a service."""

from celery import shared_task

from apps.rankings import services


@shared_task
def ranking_compute(run_id: int) -> bool:
    """Compute a season's ranking once; a repeated delivery finds it done or being done,
    or takes over a run whose worker died."""
    return services.ranking_compute(run_id=run_id)
