"""Jobs that survive a dead worker: a run claims its job by compare-and-set, beats a
heartbeat while it works, and writes its result only while the job is still its own; a
run whose heartbeat went stale (the worker was killed) is taken over by the next run —
the task delivered again (acks late), the periodic sweep, or « relancer » on the page.
A job is marked « could not be started » until the broker has taken its task: a broker
down or hung (REDIS_TIMEOUT_SECONDS), or a process that ends before the broker answers,
leaves its job pending with that clear message; the sweep queues it again once the broker
answers, and « relancer » on the page starts it at once.

A job is a row of a model with a ``state`` field and the fields of
``apps.core.models.ClaimedJob``; each app registers its kinds (model and task) in its
AppConfig.ready, for the sweep."""

import logging
import threading
from contextlib import contextmanager
from datetime import timedelta

from django.conf import settings
from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from kombu.exceptions import OperationalError

from apps.core.models import JobState

logger = logging.getLogger(__name__)
PENDING, RUNNING = JobState.PENDING, JobState.RUNNING
# What publishing a task raises when the broker cannot be reached.
BROKER_DOWN = (OperationalError, ConnectionError, OSError)

kinds: list[tuple[type, object]] = []  # (model, task taking the job's id)


def job_kind_register(model, task) -> None:
    if (model, task) not in kinds:
        kinds.append((model, task))


def _stale_since():
    return timezone.now() - timedelta(seconds=settings.JOB_STALE_SECONDS)


def _claimable(model):
    stale = Q(state=RUNNING) & (Q(heartbeat_at__lt=_stale_since()) | Q(heartbeat_at=None))
    return model.objects.filter(Q(state=PENDING) | stale)


def job_claim(model, pk: int) -> int | None:
    """Claim the job for this run: pending, or running with a stale heartbeat. The run's
    number (attempts) when claimed; None when another run holds it or it is over."""
    claimed = (
        _claimable(model)
        .filter(pk=pk)
        .update(
            state=RUNNING, heartbeat_at=timezone.now(), attempts=F("attempts") + 1, enqueue_error=""
        )
    )
    if not claimed:
        return None
    return model.objects.filter(pk=pk).values_list("attempts", flat=True).get()


def job_owned(model, pk: int, attempt: int):
    """The job as a queryset, while run `attempt` still holds it."""
    return model.objects.filter(pk=pk, state=RUNNING, attempts=attempt)


@contextmanager
def job_heartbeat(model, pk: int, attempt: int):
    """Beat the job's heartbeat every JOB_HEARTBEAT_SECONDS from a thread of its own while
    the block runs, however long its silent stretches (a PDF being laid out)."""
    stop = threading.Event()

    def beat():
        try:
            while not stop.wait(settings.JOB_HEARTBEAT_SECONDS):
                job_owned(model, pk, attempt).update(heartbeat_at=timezone.now())
        except Exception:  # a missed beat only lets another run take over
            logger.warning("heartbeat of %s %s failed", model.__name__, pk, exc_info=True)
        finally:
            connection.close()

    thread = threading.Thread(target=beat, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def job_enqueue(model, pk: int, task, countdown: int | None = None) -> None:
    """Queue the task once the transaction commits (``countdown`` seconds later, to let a
    burst of requests gather). The job is marked as not started until the broker has
    taken it: when the broker cannot be reached, does not answer, or the process ends
    first, the job stays pending and says so, for the sweep to queue it again."""

    def send():
        waiting = model.objects.filter(pk=pk, state=PENDING)
        waiting.update(
            enqueue_error=_(
                "The job could not be started: the task queue cannot be reached. "
                "Start it again in a moment."
            )
        )
        try:
            task.apply_async(args=[pk], retry=False, countdown=countdown)
        except BROKER_DOWN:
            logger.warning("could not queue %s %s", model.__name__, pk, exc_info=True)
            return
        waiting.update(enqueue_error="")

    transaction.on_commit(send)


def job_restartable(job) -> bool:
    """Pending but never queued, or running with a stale heartbeat (its worker died)."""
    if job.state == PENDING:
        return bool(job.enqueue_error)
    return job.state == RUNNING and (job.heartbeat_at is None or job.heartbeat_at < _stale_since())


def jobs_sweep() -> int:
    """Queue again every job whose worker died or that the broker did not take (its
    publishing failed, timed out, or never ended); how many."""
    count = 0
    for model, task in kinds:
        stuck = _claimable(model).filter(Q(state=RUNNING) | ~Q(enqueue_error=""))
        for pk in stuck.values_list("pk", flat=True):
            job_enqueue(model, pk, task)
            count += 1
    return count
