"""The award rules' version: part of the awards' fingerprint; the awards of a tournament
not yet approved are computed again under new rules, an approved tournament keeps its own
until federation staff ask (audited, and named by the next ranking publication)."""

import pytest
from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import F
from django.urls import reverse

from apps.approvals.services import submission_refusals
from apps.awards import services
from apps.awards.domain import rules
from apps.awards.models import Award, AwardRecomputation, AwardSet
from apps.core.models import AuditLog
from apps.federation.domain.seasons import season_of
from apps.federation.models import Season
from apps.rankings.models import RankingRun
from apps.rankings.services import RECOMPUTED, ranking_publish
from apps.results.reads import tournament_results_read
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from apps.tournaments.services import tournament_transition
from tests.builders import enter_all, played
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

REASON = "tableau des PCN en ligne corrigé"


@pytest.fixture
def finished(world, django_capture_on_commit_callbacks) -> Tournament:
    """The world tournament, 5 tables played and finished: its awards computed under the
    rules of today."""
    enter_all(world, played(world, tables=5), seed=11)
    for status in (Status.RUNNING, Status.FINISHED):
        with django_capture_on_commit_callbacks(execute=True):
            tournament_transition(actor=world.referee, tournament=world.tournament, status=status)
    assert AwardSet.objects.get(tournament=world.tournament).rules_version == rules.RULES_VERSION
    return Tournament.objects.get(pk=world.tournament.pk)


@pytest.fixture
def new_rules(monkeypatch):
    """The rules changed: their version bumped."""
    monkeypatch.setattr(rules, "RULES_VERSION", rules.RULES_VERSION + 1)
    return rules.RULES_VERSION


def _status(tournament: Tournament, status: Status) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(status=status)


def _job(tournament: Tournament) -> AwardSet:
    return AwardSet.objects.get(tournament=tournament)


def test_the_fingerprint_holds_the_rules_version(finished, monkeypatch):
    results = tournament_results_read(finished)
    before = services.award_fingerprint(finished, results)
    monkeypatch.setattr(rules, "RULES_VERSION", rules.RULES_VERSION + 1)
    assert services.award_fingerprint(finished, results) != before


def test_awards_of_older_rules_are_not_current_for_a_submission(finished, new_rules):
    refusals = submission_refusals(finished)
    assert any(refusal.startswith("PCN et PP") for refusal in refusals)


@pytest.mark.parametrize("status", [Status.FINISHED, Status.SUBMITTED])
def test_a_tournament_not_yet_approved_is_computed_again_under_new_rules(
    finished, new_rules, status, django_capture_on_commit_callbacks
):
    _status(finished, status)
    with django_capture_on_commit_callbacks(execute=True):
        assert services.awards_stale_refresh() == 1
    job = _job(finished)
    assert (job.state, job.rules_version) == ("done", new_rules)
    # Computed: nothing more to do.
    assert services.awards_stale_refresh() == 0


def test_an_approved_tournament_keeps_its_awards_under_new_rules(finished, new_rules):
    _status(finished, Status.APPROVED)
    assert services.awards_stale_refresh() == 0
    assert _job(finished).rules_version == new_rules - 1


def test_the_beat_runs_the_refresh():
    schedule = settings.CELERY_BEAT_SCHEDULE["awards-stale-refresh"]
    assert schedule["task"] == "apps.awards.tasks.awards_stale_refresh"


# --- federation staff's recomputation of an approved tournament ----------------------


def test_federation_staff_recompute_an_approved_tournament(
    world, finished, new_rules, django_capture_on_commit_callbacks
):
    _status(finished, Status.APPROVED)
    with django_capture_on_commit_callbacks(execute=True):
        row = services.awards_recompute(
            actor=world.federation_staff, tournament=finished, reason=REASON
        )
    assert (row.rules_version_before, row.rules_version_after) == (new_rules - 1, new_rules)
    assert (_job(finished).state, _job(finished).rules_version) == ("done", new_rules)
    audit = AuditLog.objects.get(content_type__model="awardrecomputation", object_id=row.pk)
    assert (audit.actor, audit.changes["reason"]) == (world.federation_staff, [None, REASON])


@pytest.mark.parametrize("persona", sorted(set(PERSONAS) - {"federation_staff"}))
def test_no_one_else_recomputes(world, finished, new_rules, persona):
    _status(finished, Status.APPROVED)
    with pytest.raises(PermissionDenied):
        services.awards_recompute(actor=world.persona(persona), tournament=finished, reason=REASON)
    assert not AwardRecomputation.objects.exists()


def test_a_recomputation_is_refused_when_it_has_nothing_to_do(
    world, finished, new_rules, django_capture_on_commit_callbacks
):
    staff = world.federation_staff
    with pytest.raises(ValidationError, match="homologué"):  # not approved: it follows
        services.awards_recompute(actor=staff, tournament=finished, reason=REASON)
    _status(finished, Status.APPROVED)
    with pytest.raises(ValidationError, match="pourquoi"):
        services.awards_recompute(actor=staff, tournament=finished, reason="  ")
    _status(finished, Status.FINISHED)
    with django_capture_on_commit_callbacks(execute=True):
        services.awards_stale_refresh()
    _status(finished, Status.APPROVED)
    with pytest.raises(ValidationError, match="rien à recalculer"):
        services.awards_recompute(actor=staff, tournament=finished, reason=REASON)
    assert not AwardRecomputation.objects.exists()


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_pages_are_for_federation_staff(
    world, login, finished, new_rules, persona, django_capture_on_commit_callbacks
):
    _status(finished, Status.APPROVED)
    client = login(world.persona(persona))
    url = reverse("awards:recompute", args=[finished.pk])
    allowed = persona == "federation_staff"
    listing = client.get(reverse("awards:rules"))
    assert listing.status_code == (200 if allowed else 403)
    assert client.get(url).status_code == (200 if allowed else 403)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, {"reason": REASON})
    assert response.status_code == (302 if allowed else 403)
    assert AwardRecomputation.objects.exists() == allowed
    if allowed:
        assert finished.name in listing.content.decode()  # listed under older rules
        assert _job(finished).rules_version == new_rules


def test_anonymous_visitors_are_sent_to_sign_in(client, finished):
    response = client.get(reverse("awards:recompute", args=[finished.pk]))
    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login"))


def test_the_next_publication_names_the_recomputation(
    world, finished, monkeypatch, django_capture_on_commit_callbacks
):
    season = Season.objects.create(start_year=season_of(finished.date).start_year)
    _status(finished, Status.APPROVED)
    # Awards the older rules gave: 10 PCN less for every player.
    awards = Award.objects.filter(award_set__tournament=finished, pcn__gte=10)
    awarded = set(awards.values_list("licensee_id", flat=True))
    awards.update(pcn=F("pcn") - 10)
    first = ranking_publish(actor=world.federation_staff, season=season)
    monkeypatch.setattr(rules, "RULES_VERSION", rules.RULES_VERSION + 1)
    with django_capture_on_commit_callbacks(execute=True):
        services.awards_recompute(actor=world.federation_staff, tournament=finished, reason=REASON)
    second = ranking_publish(actor=world.federation_staff, season=season)
    changes = {c.licensee_id: c for c in second.changes.all()}
    assert second.previous == first
    assert set(changes) == awarded
    assert {c.pcn_after - c.pcn_before for c in changes.values()} == {10}
    assert {c.reasons for c in changes.values()} == {RECOMPUTED % finished.name}


def test_a_recomputation_asks_for_the_live_ranking_again(
    world, finished, new_rules, django_capture_on_commit_callbacks
):
    season = Season.objects.create(start_year=season_of(finished.date).start_year)
    _status(finished, Status.APPROVED)
    with django_capture_on_commit_callbacks(execute=True):
        services.awards_recompute(actor=world.federation_staff, tournament=finished, reason=REASON)
    run = RankingRun.objects.get(season=season, live=True)
    assert (run.state, run.players) == ("done", Award.objects.count())
