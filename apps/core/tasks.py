"""Celery tasks of the core app."""

from celery import shared_task
from django.conf import settings

from apps.core import jobs, outbox


@shared_task
def jobs_sweep() -> int:
    """Every minute: queue again the jobs whose worker died (stale heartbeat) or that
    could not be queued (apps.core.jobs)."""
    return jobs.jobs_sweep()


@shared_task(bind=True, max_retries=None)
def outbox_send(self, mail_id: int) -> None:
    """Send one mail of the outbox; after a failure, try again later, each time later
    (apps.core.outbox counts the attempts and gives up). Run eagerly (no broker: the quick
    start), there is no later: the mail waits with its error for staff to send it again."""
    if outbox.mail_send(mail_id=mail_id) and not self.request.is_eager:
        raise self.retry(countdown=settings.MAIL_RETRY_SECONDS * (self.request.retries + 1))
