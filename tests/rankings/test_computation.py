"""The season's national ranking in set-based SQL: every licensee's PCN and PP from the
awards of approved tournaments (and of approved files of other software) played in the
season, ranked by PCN with ex-aequo sharing, in the nation, their committee and zone."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied

from apps.approvals.domain.chain import Level
from apps.approvals.models import ClubIndexGrant, ExternalAward, Homologation
from apps.federation.models import Licensee, Season
from apps.rankings import services
from apps.rankings.models import RankingRow, RankingRun
from apps.rankings.selectors import player_awards
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests import factories as f
from tests.rankings.awarded import approved_with_awards


def test_the_ranking_sums_ranks_and_shares(world, django_capture_on_commit_callbacks):
    season = Season.objects.create(start_year=2026, is_current=True)
    a, b, c, d = f.LicenseeFactory.create_batch(4, club=world.club)
    e = f.LicenseeFactory(club=world.other_club)
    approved_with_awards(world, {a: (560, 0), b: (403, 2), c: (290, 0)})
    approved_with_awards(world, {a: (100, 1), b: (257, 0), d: (50, 0)})
    approved_with_awards(world, {c: (9999, 9)}, date=datetime.date(2026, 5, 1))  # last season
    draft = approved_with_awards(world, {d: (9999, 0)})
    Tournament.objects.filter(pk=draft.pk).update(status=Status.SUBMITTED)  # not approved
    external = Homologation.objects.create(
        club=world.other_club,
        name="Extar",
        date=datetime.date(2027, 2, 6),
        level=Level.APPROVED,
        external=True,
        session_players=[40],  # 10 tables: 800 PCN at most (apps.rankings.checks)
    )
    ExternalAward.objects.create(homologation=external, licensee=e, pcn=660, pp=0)
    with django_capture_on_commit_callbacks(execute=True):
        run = services.ranking_request(actor=world.federation_staff, season=season)
    run.refresh_from_db()
    assert (run.state, run.players) == ("done", 5)
    rows = {
        r.licensee_id: (r.pcn, r.pp, r.tournaments, r.rank, r.committee_rank, r.zone_rank)
        for r in RankingRow.objects.filter(run=run)
    }
    assert rows == {
        a.pk: (660, 1, 2, 1, 1, 1),
        e.pk: (660, 0, 1, 1, 1, 1),  # ex-aequo with a: both 1st
        b.pk: (660, 2, 2, 1, 1, 1),
        c.pk: (290, 0, 1, 4, 3, 3),
        d.pk: (50, 0, 1, 5, 4, 4),
    }


def test_only_the_federation_asks(world):
    season = Season.objects.create(start_year=2026)
    for persona in ("committee_staff", "zone_manager", "club_manager", "player"):
        with pytest.raises(PermissionDenied):
            services.ranking_request(actor=world.persona(persona), season=season)
    assert not RankingRun.objects.exists()


def test_a_run_deleted_takes_its_rows_with_it(world, django_capture_on_commit_callbacks):
    """The rows keep no database constraint (one INSERT … SELECT writes them): the ORM
    cascades."""
    season = Season.objects.create(start_year=2026)
    approved_with_awards(world, {f.LicenseeFactory(club=world.club): (400, 0)})
    with django_capture_on_commit_callbacks(execute=True):
        run = services.ranking_request(actor=world.federation_staff, season=season)
    assert RankingRow.objects.filter(run=run).count() == 1
    run.delete()
    assert not RankingRow.objects.exists()


def test_committee_and_zone_ranks_differ_and_the_season_runs_1_july_to_30_june(
    world, django_capture_on_commit_callbacks
):
    """A club of another committee in the same zone: the committee rank restarts, the
    zone rank does not. Tournaments of 30 June and 1 July fall in two seasons."""
    season = Season.objects.create(start_year=2026, is_current=True)
    neighbour = f.ClubFactory(committee=f.CommitteeFactory(zone=world.club.committee.zone))
    a = f.LicenseeFactory(club=world.club)
    b = f.LicenseeFactory(club=neighbour)
    c = f.LicenseeFactory(club=world.club)
    approved_with_awards(
        world, {a: (500, 0), b: (400, 0), c: (300, 0)}, date=datetime.date(2026, 7, 1)
    )
    approved_with_awards(world, {c: (50, 0)}, date=datetime.date(2027, 6, 30))
    approved_with_awards(world, {b: (9999, 0)}, date=datetime.date(2026, 6, 30))  # last season
    approved_with_awards(world, {a: (9999, 0)}, date=datetime.date(2027, 7, 1))  # next season
    with django_capture_on_commit_callbacks(execute=True):
        run = services.ranking_request(actor=world.federation_staff, season=season)
    rows = {
        r.licensee_id: (r.pcn, r.rank, r.committee_rank, r.zone_rank, r.club_id)
        for r in RankingRow.objects.filter(run=run)
    }
    assert rows == {
        a.pk: (500, 1, 1, 1, world.club.pk),
        b.pk: (400, 2, 1, 2, neighbour.pk),  # first of its committee, second of the zone
        c.pk: (350, 3, 2, 3, world.club.pk),
    }


def test_the_same_results_approved_twice_count_once(world, django_capture_on_commit_callbacks):
    """Two approved tournaments holding the same results (approved before imports were
    refused) count once, the first recorded; without a fingerprint each counts."""
    season = Season.objects.create(start_year=2026, is_current=True)
    a, b, c = f.LicenseeFactory.create_batch(3, club=world.club)
    held = {a: (400, 2), b: (250, 1)}
    approved_with_awards(world, held, fingerprint="f" * 64)
    approved_with_awards(world, held, date=datetime.date(2026, 11, 7), fingerprint="f" * 64)
    approved_with_awards(world, {a: (100, 0)}, fingerprint="e" * 64)  # other results
    approved_with_awards(world, {c: (90, 0)})  # fingerprints unknown: each counts
    approved_with_awards(world, {c: (90, 0)})
    # held first by a tournament of the last season: the copy counts in neither
    approved_with_awards(world, {c: (500, 0)}, date=datetime.date(2026, 3, 1), fingerprint="d")
    approved_with_awards(world, {c: (500, 0)}, fingerprint="d")
    # held first by a tournament not approved: the approved one counts
    pending = approved_with_awards(world, {b: (30, 0)}, fingerprint="c")
    Tournament.objects.filter(pk=pending.pk).update(status=Status.SUBMITTED)
    approved_with_awards(world, {b: (30, 0)}, fingerprint="c")
    with django_capture_on_commit_callbacks(execute=True):
        run = services.ranking_request(actor=world.federation_staff, season=season)
    rows = {r.licensee_id: (r.pcn, r.pp, r.tournaments) for r in RankingRow.objects.filter(run=run)}
    assert rows == {a.pk: (500, 2, 2), b.pk: (280, 1, 2), c.pk: (180, 0, 2)}
    for licensee, row in rows.items():  # the player's page lists what the totals count
        lines = player_awards(Licensee.people.get(pk=licensee), season)
        assert (sum(line.pcn for line in lines), len(lines)) == (row[0], row[2])


def _approved_file(world, awards: dict, date=datetime.date(2026, 10, 3), fingerprint=""):
    """A file of other software of 100 players at a granted index 1,5, approved, with
    `awards` {licensee: (pcn, pp)}."""
    ClubIndexGrant.objects.get_or_create(
        club=world.other_club,
        date=date,
        defaults={"index": "1.5", "granted_by": world.federation_staff},
    )
    external = Homologation.objects.create(
        club=world.other_club,
        name="Extar",
        date=date,
        level=Level.APPROVED,
        external=True,
        fingerprint=fingerprint,
        index="1.5",
        session_players=[100],
    )
    for licensee, (pcn, pp) in awards.items():
        ExternalAward.objects.create(homologation=external, licensee=licensee, pcn=pcn, pp=pp)
    return external


def test_the_same_file_approved_twice_in_a_season_counts_once(
    world, django_capture_on_commit_callbacks
):
    """The same Extar file received and approved twice (before receipts were refused)
    counts once in its season, and so do two files of the same awards without a
    fingerprint (apps.results.domain.same_results); the same awards in another season
    count in that season."""
    season = Season.objects.create(start_year=2026, is_current=True)
    a, b = f.LicenseeFactory.create_batch(2, club=world.other_club)
    _approved_file(world, {a: (400, 2)}, fingerprint="f" * 64)
    _approved_file(world, {a: (400, 2)}, date=datetime.date(2027, 1, 9), fingerprint="f" * 64)
    _approved_file(world, {b: (90, 0)})
    _approved_file(world, {b: (90, 0)})
    _approved_file(world, {b: (300, 0)}, date=datetime.date(2026, 3, 1), fingerprint="d" * 64)
    _approved_file(world, {b: (300, 0)}, fingerprint="d" * 64)
    with django_capture_on_commit_callbacks(execute=True):
        run = services.ranking_request(actor=world.federation_staff, season=season)
    rows = {r.licensee_id: (r.pcn, r.pp, r.tournaments) for r in RankingRow.objects.filter(run=run)}
    assert rows == {a.pk: (400, 2, 1), b.pk: (390, 0, 2)}
    lines = player_awards(Licensee.people.get(pk=a.pk), season)
    assert [(line.pcn, line.pp) for line in lines] == [(400, 2)]
