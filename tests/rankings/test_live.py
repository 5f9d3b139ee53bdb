"""The live ranking: computed again when an approval or a correction lands, one run for a
burst of approvals (debounced)."""

import datetime

import pytest

from apps.approvals import services as approvals
from apps.approvals.domain.chain import Action, Level
from apps.approvals.models import Homologation
from apps.federation.models import Season
from apps.rankings import services
from apps.rankings.models import RankingRow, RankingRun
from tests.rankings.awarded import approved_with_awards


def _at_federation(world, name):
    return Homologation.objects.create(
        club=world.club,
        name=name,
        date=datetime.date(2026, 10, 3),
        level=Level.FEDERATION,
        external=True,
    )


@pytest.mark.worker  # tasks go to a queue of the test's own, which no worker takes
@pytest.mark.django_db(transaction=True)
def test_a_burst_of_approvals_makes_one_live_run(world, isolated_worker_app):
    season = Season.objects.create(start_year=2026, is_current=True)
    for name in ("A", "B", "C"):
        approvals.homologation_step(
            actor=world.federation_staff,
            homologation=_at_federation(world, name),
            action=Action.APPROVE,
        )
    live = RankingRun.objects.filter(season=season, live=True)
    assert list(live.values_list("state", flat=True)) == ["pending"]
    assert services.ranking_compute(run_id=live.get().pk)  # the worker's run, at last
    approvals.homologation_step(
        actor=world.federation_staff, homologation=_at_federation(world, "D"), action=Action.APPROVE
    )
    assert sorted(live.values_list("state", flat=True)) == ["done", "pending"]


def test_a_new_computation_drops_the_runs_nobody_reads(world, django_capture_on_commit_callbacks):
    season = Season.objects.create(start_year=2026, is_current=True)
    approved_with_awards(world, {world.licensee: (500, 0)})
    published = services.ranking_publish(actor=world.federation_staff, season=season)
    runs = []
    for _ in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            runs.append(services.ranking_request(actor=world.federation_staff, season=season))
    kept = set(RankingRun.objects.values_list("pk", flat=True))
    assert kept == {published.run_id, runs[-1].pk}  # the published list and the latest
    assert RankingRow.objects.filter(run_id__in=[r.pk for r in runs[:2]]).count() == 0
