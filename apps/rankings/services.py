"""The national ranking's writes: ask for a season's ranking (queued on commit) and
compute it (the worker's job, apps.core.jobs)."""

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils import timezone

from apps.accounts.permissions import roles_of
from apps.core.jobs import job_claim, job_enqueue, job_heartbeat, job_owned
from apps.federation.models import Season
from apps.rankings.computation import ranking_store
from apps.rankings.models import RankingRun


@transaction.atomic
def ranking_request(*, actor, season: Season) -> RankingRun:
    """Federation staff ask for the season's ranking; a worker computes it."""
    if not roles_of(actor).federation:
        raise PermissionDenied("Seule la fédération calcule le classement national.")
    from apps.rankings.tasks import ranking_compute as task  # the task imports this module

    run = RankingRun.objects.create(season=season, state=RankingRun.State.PENDING)
    job_enqueue(RankingRun, run.pk, task)
    return run


def ranking_compute(*, run_id: int) -> bool:
    """Compute and store the run's ranking in one transaction, while this run holds the
    job; False when another run holds it or it is over."""
    attempt = job_claim(RankingRun, run_id)
    if attempt is None:
        return False
    run = RankingRun.objects.select_related("season").get(pk=run_id)
    owned = job_owned(RankingRun, run_id, attempt)
    with job_heartbeat(RankingRun, run_id, attempt):
        try:
            with transaction.atomic():
                if not owned.select_for_update().exists():
                    return False
                players = ranking_store(run_id=run_id, season=run.season)
                owned.update(
                    state=RankingRun.State.DONE, players=players, computed_at=timezone.now()
                )
        except Exception:
            owned.update(state=RankingRun.State.FAILED)
            raise
    return True
