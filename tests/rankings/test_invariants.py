"""The ranking holds its invariants whatever fed it: lines written straight through the
models, past every entry check, are checked when the ranking is computed (apps.rankings
.checks): none above the tables for the facts Donne verified, the same results once
(the first recorded), no licensee twice at the same date and session time."""

import datetime

import pytest
from django.utils import timezone

from apps.approvals.models import IndexGrant
from apps.awards.models import Award, AwardSet
from apps.federation.models import Season
from apps.rankings.computation import ranking_store
from apps.rankings.models import LineRestoration, RankingRow, RankingRun, WithheldLine
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests import factories as f
from tests.rankings.adversary import file_written, tournament_written

DAY = datetime.date(2026, 10, 3)


@pytest.fixture
def season(db):
    return Season.objects.create(start_year=2026, is_current=True)


def _tournament(world, awards: dict, *, players: int = 12, date=DAY, index="1", at=None):
    """An approved tournament of ``players`` registered players, its awards written
    straight through the models (no check recorded)."""
    return tournament_written(world, awards, players=players, date=date, index=index, at=at)


def _file(world, awards: dict, *, players=(12,), date=DAY, index="1"):
    return file_written(world, awards, session_players=players, date=date, index=index)


def _rank(season) -> tuple[dict, list[WithheldLine]]:
    run = RankingRun.objects.create(season=season, state="running")
    ranking_store(run_id=run.pk, season=season)
    rows = {
        r.licensee_id: (r.pcn, r.pp)
        for r in RankingRow.objects.filter(run=run)
        if r.pcn or r.pp  # the room's other players, 0 points each, left out
    }
    return rows, list(WithheldLine.objects.filter(run=run).order_by("kind", "licensee_id"))


def test_a_line_above_the_tables_is_not_counted_and_says_why(world, season):
    a, b = f.LicenseeFactory.create_batch(2, club=world.club)
    # 12 players, 3 tables: the Howell table's first place is 240 PCN, no PP at index 1.
    _tournament(world, {a: (999_999, 0), b: (240, 0)})
    _tournament(world, {a: (100, 7)}, date=DAY + datetime.timedelta(days=1))
    rows, withheld = _rank(season)
    assert rows == {b.pk: (240, 0)}
    assert [(w.licensee_id, w.pcn, w.pp, w.kind) for w in withheld] == [
        (a.pk, 999_999, 0, "bounds"),
        (a.pk, 100, 7, "bounds"),
    ]
    assert "au plus 240 PCN et 0 PP" in withheld[0].reason


def test_an_index_not_granted_counts_as_1(world, season):
    a, b = f.LicenseeFactory.create_batch(2, club=world.club)
    # 100 players at 1,5: the national opens' 3 PP for the first; none at index 1.
    free = _tournament(world, {a: (1800, 3)}, players=100, index="1.5")
    granted = _tournament(world, {b: (1800, 3)}, players=100, index="1.5", date=DAY)
    IndexGrant.objects.create(tournament=granted, index="1.5", granted_by=world.federation_staff)
    rows, withheld = _rank(season)
    assert rows == {b.pk: (1800, 3)}
    assert [(w.licensee_id, w.award_set.tournament_id) for w in withheld] == [(a.pk, free.pk)]


def test_a_file_s_declarations_bound_its_lines(world, season):
    a, b = f.LicenseeFactory.create_batch(2, club=world.club)
    _file(world, {a: (800, 0), b: (801, 0)}, players=(40,))  # 10 tables: 800 at most
    _file(world, {a: (50, 0)}, players=(10**9,))  # beyond any room: nothing counts
    rows, withheld = _rank(season)
    assert rows == {a.pk: (800, 0)}
    assert {(w.licensee_id, w.pcn) for w in withheld} == {(b.pk, 801), (a.pk, 50)}


def test_the_same_results_count_once_whatever_the_date_and_0_lines(world, season):
    licensees = f.LicenseeFactory.create_batch(12, club=world.club)
    awards = {who: (240 - 10 * n, 0) for n, who in enumerate(licensees[:6])}
    first = _tournament(world, awards)
    # The same awards as a file of other software dated the next day, its 0-point lines
    # dropped: the same results.
    again = _file(world, awards, date=DAY + datetime.timedelta(days=1))
    rows, withheld = _rank(season)
    assert rows == {who.pk: values for who, values in awards.items()}
    assert {w.homologation_id for w in withheld} == {again.pk}
    assert {w.kind for w in withheld} == {"same_results"}
    assert first.name in withheld[0].reason


def test_two_genuine_tournaments_of_the_same_players_both_count(world, season):
    licensees = f.LicenseeFactory.create_batch(12, club=world.club)
    saturday = {who: (240 - 10 * n, 0) for n, who in enumerate(licensees[:6])}
    sunday = {who: (240 - 10 * n, 0) for n, who in enumerate(reversed(licensees[:6]))}
    _tournament(world, saturday)
    _tournament(world, sunday, date=DAY + datetime.timedelta(days=1))
    rows, withheld = _rank(season)
    assert withheld == []
    assert rows[licensees[0].pk] == (240 + 190, 0)


def test_a_licensee_twice_at_the_same_time_counts_once(world, season):
    a = f.LicenseeFactory(club=world.club)
    at = timezone.make_aware(datetime.datetime(2026, 10, 3, 14, 0))
    first = _tournament(world, {a: (240, 0)}, at=at)
    second = _tournament(world, {a: (230, 0)}, at=at)
    rows, withheld = _rank(season)
    assert rows[a.pk] == (240, 0)
    assert [(w.licensee_id, w.award_set.tournament_id, w.kind) for w in withheld] == [
        (a.pk, second.pk, "same_time")
    ]
    assert first.name in withheld[0].reason


def test_a_restored_line_counts(world, season):
    a = f.LicenseeFactory(club=world.club)
    tournament = _tournament(world, {a: (300, 0)})
    rows, withheld = _rank(season)
    assert rows.get(a.pk) is None and len(withheld) == 1
    LineRestoration.objects.create(
        season=season,
        award_set=tournament.award_set,
        licensee=a,
        reason="table vérifiée",
        restored_by=world.federation_staff,
    )
    rows, withheld = _rank(season)
    assert rows[a.pk] == (300, 0) and withheld == []


def test_a_player_with_a_line_above_the_tables_keeps_exactly_their_other_lines(world, season):
    """The sum counts every line, then counts again exactly the players with a line above
    their source's bounds: their other lines, a withheld one left out, a restored one in."""
    a, b, c = f.LicenseeFactory.create_batch(3, club=world.club)
    at = timezone.make_aware(datetime.datetime(2026, 10, 3, 14, 0))
    _tournament(world, {a: (200, 0), b: (150, 0), c: (120, 0)}, at=at)
    _tournament(world, {a: (230, 0)}, at=at)  # a at the same time: withheld
    over = _tournament(
        world,
        {a: (999_999, 0), b: (999_999, 0), c: (90, 0)},
        date=DAY + datetime.timedelta(days=1),
    )
    _file(world, {a: (100, 0)}, date=DAY + datetime.timedelta(days=2))
    LineRestoration.objects.create(
        season=season,
        award_set=over.award_set,
        licensee=b,
        reason="table vérifiée",
        restored_by=world.federation_staff,
    )
    rows, withheld = _rank(season)
    assert rows == {a.pk: (300, 0), b.pk: (150 + 999_999, 0), c.pk: (210, 0)}
    counted = dict(
        RankingRow.objects.filter(run__season=season, licensee__in=[a, b, c]).values_list(
            "licensee_id", "tournaments"
        )
    )
    assert counted == {a.pk: 2, b.pk: 2, c.pk: 2}
    assert sorted((w.licensee_id, w.kind) for w in withheld) == [
        (a.pk, "bounds"),
        (a.pk, "same_time"),
    ]


def test_a_source_changed_is_checked_again(world, season):
    a = f.LicenseeFactory(club=world.club)
    tournament = _tournament(world, {a: (200, 0)})
    assert _rank(season)[0] == {a.pk: (200, 0)}
    Award.objects.filter(licensee=a).update(pcn=5000)
    AwardSet.objects.filter(pk=tournament.award_set.pk).update(computed_at=timezone.now())
    rows, withheld = _rank(season)
    assert rows == {} and [w.pcn for w in withheld] == [5000]


def test_the_later_of_the_same_results_goes_whichever_check_named_the_other(world, season):
    """A tournament created first, whose awards are computed once a file of the same
    results was checked: the tournament's check names the file, and the file (recorded
    later) is withheld."""
    licensees = f.LicenseeFactory.create_batch(12, club=world.club)
    awards = {who: (240 - 10 * n, 0) for n, who in enumerate(licensees[:6])}
    tournament = f.TournamentFactory(club=world.club, status=Status.APPROVED, date=DAY)
    received = _file(world, awards, date=DAY + datetime.timedelta(days=1))
    assert _rank(season)[1] == []  # the file alone
    award_set = AwardSet.objects.create(tournament=tournament, state="done")
    for licensee in licensees:
        registration = f.RegistrationFactory(tournament=tournament, licensee=licensee)
        pcn, pp = awards.get(licensee, (0, 0))
        Award.objects.create(
            award_set=award_set, registration=registration, licensee=licensee, pcn=pcn, pp=pp
        )
    rows, withheld = _rank(season)
    assert rows == {who.pk: values for who, values in awards.items()}
    assert {w.homologation_id for w in withheld} == {received.pk}


@pytest.mark.parametrize("fingerprint", ["same-played", None])
def test_a_tournament_imported_despite_the_same_results_counts_with_the_first(
    world, season, fingerprint
):
    """Federation staff imported the later tournament all the same, with a reason
    (apps.exchange.services): both count, whether the two share the fingerprint of what
    was played or are only alike by their awards."""
    licensees = f.LicenseeFactory.create_batch(12, club=world.club)
    awards = {who: (240 - 10 * n, 0) for n, who in enumerate(licensees[:6])}
    first = _tournament(world, awards)
    again = _tournament(world, awards, date=DAY + datetime.timedelta(days=1))
    Tournament.objects.filter(pk__in=[first.pk, again.pk]).update(results_fingerprint=fingerprint)
    Tournament.objects.filter(pk=again.pk).update(same_results_accepted="rejoué, vérifié")
    rows, withheld = _rank(season)
    assert withheld == []
    assert rows == {who.pk: (2 * pcn, pp) for who, (pcn, pp) in awards.items()}
