"""Celery tasks of the awards: they take ids and call a service."""

from celery import shared_task

from apps.awards import services


@shared_task
def awards_build(award_set_id: int) -> bool:
    """Compute and store a tournament's PCN and PP; a repeated delivery finds them done or
    being done and does nothing, or takes over a run whose worker died."""
    return services.awards_build(award_set_id=award_set_id)


@shared_task
def awards_stale_refresh() -> int:
    """Every quarter of an hour: the awards of the tournaments not yet approved computed
    under older rules, or waiting for their season to be opened, are asked again."""
    return services.awards_stale_refresh()
