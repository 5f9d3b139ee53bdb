"""The live ranking: computed again when an approval or a correction lands, one run for a
burst of approvals (debounced)."""

import datetime

import pytest

from apps.approvals import services as approvals
from apps.approvals.domain.chain import Action, Level
from apps.approvals.models import Homologation
from apps.federation.models import Season
from apps.rankings import services
from apps.rankings.models import RankingRun


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
