"""The season's national ranking from end to end, everything computed by a real Celery
worker through Redis: two tournaments played and finished (their PCN computed by the
worker), carried up the homologation chain by the club, the committee, the zone and the
federation; the live ranking computed again as each approval lands; a first publication;
a correction of an approved tournament asked by the club, accepted by the federation, its
score changed by the referee and the tournament approved again; the live ranking following
each step; a second publication recording, per player, what changed and which tournament
caused it, while the first one keeps its rows and is never computed again."""

import datetime
import time

import pytest
from celery.contrib.testing.worker import start_worker

from apps.approvals import services as approvals
from apps.approvals.domain.chain import Action
from apps.approvals.models import Homologation, HomologationStep
from apps.awards.models import Award, AwardSet
from apps.federation.models import Licensee, Season
from apps.movements.models import MovementTable, SessionMovement
from apps.rankings import services as rankings
from apps.rankings.computation import ranking_store
from apps.rankings.models import Publication, RankingRun
from apps.scoring.services import play_score_set
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Tournament
from apps.tournaments.services import tournament_transition
from config.celery import app
from tests import factories as f
from tests.builders import enter_all, played

WAIT_SECONDS = 30
# Sixteen licensees, registered in this order (the seeded draw of the seats, hence the
# results, follows it); Emma and Karim play for the other club, of another committee and
# zone.
NAMES = ["Alice", "Bruno", "Chloe", "David", "Emma", "Felix", "Gaelle", "Hugo"]
NAMES += ["Ines", "Jules", "Karim", "Lea", "Marc", "Nina", "Oscar", "Paul"]
OTHER_CLUB = {"Emma", "Karim"}
AUTUMN = "Open d'automne"  # 3 tables, the first twelve licensees
ALL_SAINTS = "Coupe de la Toussaint"  # 3 tables, Emma to Paul


pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


# --- waiting for the worker ----------------------------------------------------------


def _wait_for(done, what: str) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not done():
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: not done by the worker within {WAIT_SECONDS} s")
        time.sleep(0.1)


def _awards_computed(tournament: Tournament) -> dict[str, int]:
    """The tournament's PCN once the worker has computed them: {last name: PCN}."""
    job = AwardSet.objects.filter(tournament=tournament)
    _wait_for(lambda: job.filter(state=AwardSet.State.DONE).exists(), f"awards of {tournament}")
    awards = Award.objects.filter(award_set__tournament=tournament).select_related("licensee")
    return {a.licensee.last_name: a.pcn for a in awards}


def _live_ranking(season: Season) -> RankingRun:
    """The season's live ranking once the worker has computed every run asked for."""
    live = RankingRun.objects.filter(season=season, live=True)
    waiting = (RankingRun.State.PENDING, RankingRun.State.RUNNING)
    _wait_for(lambda: not live.filter(state__in=waiting).exists(), "the live ranking")
    run = live.order_by("-created_at", "-pk").first()
    assert run.state == RankingRun.State.DONE
    return run


def _rows(run: RankingRun) -> dict[str, tuple[int, int, int, int, int]]:
    """{last name: (PCN, tournaments, rank, rank in the committee, rank in the zone)}."""
    return {
        row.licensee.last_name: (
            row.pcn,
            row.tournaments,
            row.rank,
            row.committee_rank,
            row.zone_rank,
        )
        for row in run.rows.select_related("licensee")
    }


# --- the tournaments, as their club, referee and the chain take them -------------------


def _licensees(world) -> dict[str, Licensee]:
    return {
        name: f.LicenseeFactory(
            last_name=name, club=world.other_club if name in OTHER_CLUB else world.club
        )
        for name in NAMES
    }


def _tournament(world, name: str, date: datetime.date, players: list[Licensee]) -> Tournament:
    """A tournament of the personas' club, refereed by their referee, `players` registered."""
    tournament = f.TournamentFactory(
        club=world.club, name=name, date=date, status=Status.REGISTRATION_OPEN
    )
    f.RefereeAssignmentFactory(tournament=tournament, referee=world.referee)
    Registration.objects.bulk_create(
        Registration(tournament=tournament, licensee=licensee) for licensee in players
    )
    return tournament


def _play_and_finish(world, tournament: Tournament, seed: int) -> SessionMovement:
    """Every position played with random Garde scores, then the tournament finished."""
    movement = played(world, tables=3, session=tournament.sessions.get())
    enter_all(world, movement, seed=seed)
    for status in (Status.RUNNING, Status.FINISHED):
        tournament_transition(actor=world.referee, tournament=tournament, status=status)
    return movement


def _homologate(world, tournament: Tournament) -> None:
    """Club → committee → zone → federation, which approves."""
    approvals.tournament_submit(actor=world.club_manager, tournament=tournament)
    for sender in (world.committee_staff, world.zone_manager):
        approvals.homologations_pass_on(
            actor=sender, homologations=[Homologation.objects.get(tournament=tournament)]
        )
    approvals.homologation_step(
        actor=world.federation_staff,
        homologation=Homologation.objects.get(tournament=tournament),
        action=Action.APPROVE,
    )
    assert Tournament.objects.get(pk=tournament.pk).status == Status.APPROVED


def _reopen_for_correction(world, tournament: Tournament, reason: str) -> None:
    """The club asks for a correction; the federation accepts it: back to the club."""
    approvals.homologation_step(
        actor=world.club_manager,
        homologation=Homologation.objects.get(tournament=tournament),
        action=Action.ASK_CORRECTION,
        comment=reason,
    )
    approvals.homologation_step(
        actor=world.federation_staff,
        homologation=Homologation.objects.get(tournament=tournament),
        action=Action.ACCEPT_CORRECTION,
    )
    assert Tournament.objects.get(pk=tournament.pk).status == Status.FINISHED


def _published(publication: Publication) -> list[tuple[int, int, int]]:
    return list(publication.run.rows.values_list("licensee_id", "pcn", "rank"))


def _changes(publication: Publication) -> dict[str, tuple]:
    """{last name: (PCN before, after, rank before, after, why)}."""
    return {
        change.licensee.last_name: (
            change.pcn_before,
            change.pcn_after,
            change.rank_before,
            change.rank_after,
            change.reasons,
        )
        for change in publication.changes.select_related("licensee")
    }


# --- the season -------------------------------------------------------------------------


def test_approvals_live_ranking_publications_and_a_correction(world, isolated_worker_app, settings):
    settings.RANKING_DEBOUNCE_SECONDS = 0
    season = Season.objects.create(start_year=2026, is_current=True)
    players = _licensees(world)
    autumn = _tournament(world, AUTUMN, datetime.date(2026, 10, 3), list(players.values())[:12])
    all_saints = _tournament(
        world, ALL_SAINTS, datetime.date(2026, 10, 31), list(players.values())[4:]
    )

    with start_worker(app, queues=[isolated_worker_app], perform_ping_check=False):
        # Played and finished: the worker computes the PCN of each (3-table Howell table:
        # 240, 204, 173, 147, 125, 106; the two 6th of the Toussaint share 106 + 0).
        autumn_movement = _play_and_finish(world, autumn, seed=21)
        _play_and_finish(world, all_saints, seed=5)
        assert _awards_computed(autumn) == {
            "Chloe": 240,
            "Alice": 204,
            "Ines": 173,
            "Bruno": 147,
            "Hugo": 125,
            "Lea": 106,
        }
        assert _awards_computed(all_saints) == {
            "Karim": 240,
            "Ines": 204,
            "Hugo": 173,
            "Emma": 147,
            "Felix": 125,
            "Lea": 53,
            "Marc": 53,
        }
        assert not RankingRun.objects.exists()  # finished is not approved

        # Up the chain to approval: each approval asks for the live ranking again.
        _homologate(world, autumn)
        _homologate(world, all_saints)
        live = _live_ranking(season)
        ranking = {
            # name: (PCN, tournaments, rank, committee rank, zone rank)
            "Ines": (377, 2, 1, 1, 1),
            "Hugo": (298, 2, 2, 2, 2),
            "Chloe": (240, 1, 3, 3, 3),
            "Karim": (240, 1, 3, 1, 1),  # ex-aequo with Chloe; first of the other club's
            "Alice": (204, 1, 5, 4, 4),
            "Lea": (159, 2, 6, 5, 5),
            "Bruno": (147, 1, 7, 6, 6),
            "Emma": (147, 1, 7, 2, 2),
            "Felix": (125, 1, 9, 7, 7),
            "Marc": (53, 1, 10, 8, 8),
        }
        assert (live.players, _rows(live)) == (10, ranking)

        # The first publication: everyone is new, with the tournaments that rank them.
        first = rankings.ranking_publish(actor=world.federation_staff, season=season)
        assert (first.previous, first.added, first.changed, first.unchanged) == (None, 10, 0, 0)
        assert _rows(first.run) == ranking
        assert _changes(first)["Ines"] == (None, 377, None, 1, f"{ALL_SAINTS} ; {AUTUMN}")
        assert _changes(first)["Chloe"] == (None, 240, None, 3, AUTUMN)
        kept = _published(first)

        # A correction of the autumn open: asked by the club, accepted by the federation.
        # Back with its club, the tournament leaves the live ranking.
        _reopen_for_correction(world, autumn, "92 reporté 62 au troisième étui de la table 3")
        live = _live_ranking(season)
        assert _rows(live) == {
            "Karim": (240, 1, 1, 1, 1),
            "Ines": (204, 1, 2, 1, 1),
            "Hugo": (173, 1, 3, 2, 2),
            "Emma": (147, 1, 4, 2, 2),
            "Felix": (125, 1, 5, 3, 3),
            "Lea": (53, 1, 6, 4, 4),
            "Marc": (53, 1, 6, 4, 4),
        }

        # The referee corrects the score; the worker computes the PCN again: Ines and
        # Bruno go up, Alice down.
        table = MovementTable.objects.get(movement=autumn_movement, position=1, table=3)
        play_score_set(actor=world.referee, table=table, etui=3, score=92, reason="Correction")
        assert _awards_computed(autumn) == {
            "Chloe": 240,
            "Ines": 204,
            "Bruno": 173,
            "Alice": 147,
            "Hugo": 125,
            "Lea": 106,
        }

        # Up the chain again; approved, it comes back into the live ranking.
        _homologate(world, autumn)
        corrected = _live_ranking(season)
        assert corrected.computed_at > live.computed_at
        corrected_ranking = {
            "Ines": (408, 2, 1, 1, 1),
            "Hugo": (298, 2, 2, 2, 2),
            "Chloe": (240, 1, 3, 3, 3),
            "Karim": (240, 1, 3, 1, 1),
            "Bruno": (173, 1, 5, 4, 4),
            "Lea": (159, 2, 6, 5, 5),
            "Alice": (147, 1, 7, 6, 6),
            "Emma": (147, 1, 7, 2, 2),
            "Felix": (125, 1, 9, 7, 7),
            "Marc": (53, 1, 10, 8, 8),
        }
        assert (corrected.players, _rows(corrected)) == (10, corrected_ranking)

    steps = HomologationStep.objects.filter(homologation__tournament=autumn)
    assert list(steps.values_list("action", flat=True)) == [
        Action.SUBMIT,
        Action.PASS_ON,
        Action.PASS_ON,
        Action.APPROVE,
        Action.ASK_CORRECTION,
        Action.ACCEPT_CORRECTION,
        Action.SUBMIT,
        Action.PASS_ON,
        Action.PASS_ON,
        Action.APPROVE,
    ]

    # The second publication: three players moved, all by the corrected tournament; Hugo,
    # also of the autumn open, kept his line and is not listed.
    second = rankings.ranking_publish(actor=world.federation_staff, season=season)
    assert (second.previous, second.added, second.changed, second.unchanged) == (first, 0, 3, 7)
    assert _rows(second.run) == corrected_ranking
    assert _changes(second) == {
        "Ines": (377, 408, 1, 1, AUTUMN),
        "Bruno": (147, 173, 7, 5, AUTUMN),
        "Alice": (204, 147, 5, 7, AUTUMN),
    }

    # The first list is as it was published, and is never computed again.
    assert _published(first) == kept
    assert _rows(first.run) == ranking
    with pytest.raises(ValueError, match="ne se recalcule pas"):
        ranking_store(run_id=first.run_id, season=season)
