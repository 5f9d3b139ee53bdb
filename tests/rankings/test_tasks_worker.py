"""A season's ranking computed by a real Celery worker through Redis."""

import datetime
import time

import pytest
from celery.contrib.testing.worker import start_worker

from apps.federation.models import Season
from apps.rankings import services
from apps.rankings.models import RankingRun
from config.celery import app
from tests import factories as f
from tests.rankings.awarded import approved_with_awards

WAIT_SECONDS = 30


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_worker_computes_the_ranking(world, isolated_worker_app):
    season = Season.objects.create(start_year=2026, is_current=True)
    a, b = f.LicenseeFactory.create_batch(2, club=world.club)
    approved_with_awards(world, {a: (560, 0), b: (403, 0)}, date=datetime.date(2026, 10, 3))
    with start_worker(app, queues=[isolated_worker_app], perform_ping_check=False):
        run = services.ranking_request(actor=world.federation_staff, season=season)
        deadline = time.monotonic() + WAIT_SECONDS
        while time.monotonic() < deadline:
            run.refresh_from_db()
            if run.state == RankingRun.State.DONE:
                break
            time.sleep(0.2)
    assert (run.state, run.players, run.attempts) == ("done", 2, 1)
    assert list(run.rows.values_list("licensee_id", "rank")) == [(a.pk, 1), (b.pk, 2)]
