"""Ties (fascicule 3, ch. 5 « Ex-æquo »; ch. 2 art. 20): in a regularity tournament two
players of one line with equal percentages share the total of their places' PCN; in a
championship stage their TOPs break the tie and each takes their own place."""

import pytest

from apps.awards.models import Award
from apps.results.reads import session_results_read
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from apps.tournaments.services import tournament_transition
from tests.builders import enter_all, played

LINE_VALUES_5_TABLES = [400, 280, 196]  # « TABLEAU D'ATTRIBUTION … en ligne », 5 tables
SEED = 11  # two players of line Ouest end level at 53.125 %, with 4 and 1 TOPs


def _tied_pair(session):
    data = session_results_read(session)
    tied = [p for p in data.players if p.line == "W" and round(p.final, 9) == 53.125]
    assert len(tied) == 2 and tied[0].tops != tied[1].tops
    better = [p for p in data.players if p.line == "W" and p.final > 53.125]
    return sorted(tied, key=lambda p: -p.tops), len(better) + 1


@pytest.mark.parametrize("kind", [Tournament.Kind.INDIVIDUAL, Tournament.Kind.CHAMPIONSHIP])
def test_ties_share_in_regularity_and_are_broken_by_tops_in_a_championship(
    world, django_capture_on_commit_callbacks, kind
):
    movement = played(world, tables=5)
    enter_all(world, movement, seed=SEED)
    Tournament.objects.filter(pk=world.tournament.pk).update(kind=kind)  # as a stage's
    world.tournament.refresh_from_db()
    (more_tops, fewer_tops), place = _tied_pair(movement.session)
    for status in (Status.RUNNING, Status.FINISHED):
        with django_capture_on_commit_callbacks(execute=True):
            tournament_transition(actor=world.referee, tournament=world.tournament, status=status)
    pcn = {
        a.registration_id: a.pcn
        for a in Award.objects.filter(
            registration_id__in=[
                more_tops.player.registration_id,
                fewer_tops.player.registration_id,
            ]
        )
    }
    first, second = LINE_VALUES_5_TABLES[place - 1], LINE_VALUES_5_TABLES[place]
    if kind == Tournament.Kind.INDIVIDUAL:
        share = -(-(first + second) // 2)  # rounded up
        assert pcn == {
            more_tops.player.registration_id: share,
            fewer_tops.player.registration_id: share,
        }
    else:
        assert pcn == {
            more_tops.player.registration_id: first,
            fewer_tops.player.registration_id: second,
        }
