"""Publications of the national ranking: a published list keeps its rows whatever happens
next; publishing again records, per player, what changed and which approvals caused it."""

import datetime
import importlib

import pytest
from django.apps import apps
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client
from django.urls import reverse

from apps.approvals.domain.chain import Action, Level
from apps.approvals.models import HomologationStep
from apps.awards.models import Award
from apps.federation.models import Season
from apps.rankings import services
from apps.rankings.computation import ranking_store
from apps.rankings.models import Publication
from tests import factories as f
from tests.rankings.awarded import approval_record, approved_with_awards
from tests.threads import together


def _correction_accepted(world, tournament):
    """The federation's acceptance of a correction, as the chain records it."""
    HomologationStep.objects.create(
        homologation=tournament.homologation,
        action=Action.ACCEPT_CORRECTION,
        from_level=Level.APPROVED,
        to_level=Level.APPROVED,
        actor=world.federation_staff,
    )


def test_publish_correct_republish(world):
    season = Season.objects.create(start_year=2026, is_current=True)
    a, b, c = f.LicenseeFactory.create_batch(3, club=world.club)
    first = approved_with_awards(world, {a: (560, 0), b: (403, 0)})
    approval_record(world, first)
    published = services.ranking_publish(actor=world.federation_staff, season=season)
    assert (published.added, published.changed, published.unchanged) == (2, 0, 0)
    kept = list(published.run.rows.values_list("licensee_id", "pcn", "rank"))
    # A later tournament approved: b passes a, c enters.
    later = approved_with_awards(world, {b: (290, 0), c: (100, 0)}, date=datetime.date(2027, 1, 9))
    approval_record(world, later)
    again = services.ranking_publish(actor=world.federation_staff, season=season)
    assert (again.previous, again.added, again.changed, again.unchanged) == (published, 1, 2, 0)
    changes = {
        ch.licensee_id: (ch.pcn_before, ch.pcn_after, ch.rank_before, ch.rank_after, ch.reasons)
        for ch in again.changes.all()
    }
    assert changes == {
        b.pk: (403, 693, 2, 1, later.name),
        a.pk: (560, 560, 1, 2, services.OTHERS),  # passed by b: no tournament of a's
        c.pk: (None, 100, None, 3, later.name),
    }
    # The first list is as it was published, and is never computed again.
    assert list(published.run.rows.values_list("licensee_id", "pcn", "rank")) == kept
    with pytest.raises(ValueError, match="ne se recalcule pas"):
        ranking_store(run_id=published.run_id, season=season)


def test_only_the_federation_publishes(world):
    season = Season.objects.create(start_year=2026)
    for persona in ("committee_staff", "zone_manager", "club_manager", "player", "outsider"):
        with pytest.raises(PermissionDenied):
            services.ranking_publish(actor=world.persona(persona), season=season)
    assert not Publication.objects.exists()


def test_a_correction_that_takes_awards_away_is_named_and_who_leaves_is_recorded(world):
    season = Season.objects.create(start_year=2026, is_current=True)
    a, b, gone = f.LicenseeFactory.create_batch(3, club=world.club)
    first = approved_with_awards(world, {a: (560, 0), b: (403, 0), gone: (120, 0)})
    approval_record(world, first)
    services.ranking_publish(actor=world.federation_staff, season=season)
    # The corrected tournament: b's award drops, ``gone`` (still registered) earns none.
    Award.objects.filter(licensee=b).update(pcn=200)
    Award.objects.filter(licensee=gone).delete()
    _correction_accepted(world, first)
    again = services.ranking_publish(actor=world.federation_staff, season=season)
    assert (again.added, again.changed, again.unchanged, again.removed) == (0, 1, 1, 1)
    changes = {
        ch.licensee_id: (ch.pcn_before, ch.pcn_after, ch.rank_before, ch.rank_after, ch.reasons)
        for ch in again.changes.all()
    }
    assert changes == {
        b.pk: (403, 200, 2, 2, first.name),
        gone.pk: (120, None, 3, None, first.name),
    }
    assert [ch.licensee_id for ch in again.changes.all()] == [b.pk, gone.pk]  # gone last


def test_a_change_of_pp_alone_is_recorded(world):
    season = Season.objects.create(start_year=2026, is_current=True)
    a, b = f.LicenseeFactory.create_batch(2, club=world.club)
    first = approved_with_awards(world, {a: (500, 10), b: (400, 0)})
    approval_record(world, first)
    services.ranking_publish(actor=world.federation_staff, season=season)
    Award.objects.filter(licensee=a).update(pp=25)  # a corrected PP, same PCN
    _correction_accepted(world, first)
    again = services.ranking_publish(actor=world.federation_staff, season=season)
    assert (again.added, again.changed, again.unchanged) == (0, 1, 1)
    [change] = again.changes.all()
    assert (change.licensee_id, change.pcn_before, change.pcn_after) == (a.pk, 500, 500)
    assert (change.pp_before, change.pp_after) == (10, 25)  # PP beside PCN
    assert change.causes == [[first.name, first.pk]]  # linked to its tournament


@pytest.mark.django_db(transaction=True)
def test_two_publish_clicks_at_once_make_one_publication(world):
    """Two « Publier » posts from the same confirmation page (it saw no publication) run
    together: one publishes, the other is told it was just published."""
    season = Season.objects.create(start_year=2026, is_current=True)
    approval_record(world, approved_with_awards(world, {world.licensee: (500, 0)}))
    url = reverse("rankings:publish", args=[2026])
    answers = []

    def signed_in():
        client = Client()
        client.force_login(world.federation_staff)
        return client

    def click(client):
        answers.append(client.post(url, {"after": ""}, follow=True).content.decode())

    together(click, prepare=signed_in)
    assert Publication.objects.filter(season=season).count() == 1
    assert sum("Classement publié" in answer for answer in answers) == 1
    assert sum("vient d&#x27;être publié" in answer for answer in answers) == 1


def test_a_click_on_an_older_page_publishes_nothing_but_a_new_one_does(world):
    season = Season.objects.create(start_year=2026, is_current=True)
    approval_record(world, approved_with_awards(world, {world.licensee: (500, 0)}))
    first = services.ranking_publish(actor=world.federation_staff, season=season, after=None)
    with pytest.raises(ValidationError, match="vient d'être publié"):
        services.ranking_publish(actor=world.federation_staff, season=season, after=None)
    again = services.ranking_publish(actor=world.federation_staff, season=season, after=first.pk)
    assert again.previous == first
    assert Publication.objects.filter(season=season).count() == 2


def test_lists_published_before_the_snapshot_take_their_players_as_they_are(world):
    """The data migration fills each existing row with its player's licence, name and club."""
    migration = importlib.import_module("apps.rankings.migrations.0006_row_player_snapshot")
    season = Season.objects.create(start_year=2026, is_current=True)
    approval_record(world, approved_with_awards(world, {world.licensee: (500, 0)}))
    publication = services.ranking_publish(actor=world.federation_staff, season=season)
    publication.run.rows.update(licence_number="", last_name="", first_name="", club_name="")
    migration.snapshot_fill(apps, None)
    row = publication.run.rows.get()
    assert (row.licence_number, row.last_name, row.first_name, row.club_name) == (
        world.licensee.licence_number,
        world.licensee.last_name,
        world.licensee.first_name,
        world.club.name,
    )


def test_what_changed_shows_pp_beside_pcn_and_links_each_reason(world, login):
    """Issue 26, point 7: « Ce qui a changé » and the player's notice show the PP beside
    the PCN; a PCN unchanged reads as a rank change only; each reason links to its
    tournament."""
    season = Season.objects.create(start_year=2026, is_current=True)
    rival = f.LicenseeFactory(club=world.club)
    first = approved_with_awards(world, {world.licensee: (500, 10), rival: (400, 0)})
    approval_record(world, first)
    services.ranking_publish(actor=world.federation_staff, season=season)
    second = approved_with_awards(world, {rival: (200, 0)}, date=datetime.date(2026, 11, 7))
    approval_record(world, second)
    Award.objects.filter(licensee=world.licensee).update(pp=25)
    _correction_accepted(world, first)
    publication = services.ranking_publish(actor=world.federation_staff, season=season)
    page = login(world.player).get(reverse("rankings:changes", args=[publication.pk]))
    text = page.content.decode()
    assert '<td class="num mono" data-label="PCN" data-test="pcn">500</td>' in text
    assert 'data-label="PP" data-test="pp">10 → 25</td>' in text
    assert 'data-label="PCN" data-test="pcn">400 → 600</td>' in text
    detail = reverse("tournaments:detail", args=[second.pk])
    assert f'<a href="{detail}" data-test="cause">{second.name}</a>' in text
    # the player's notice: their rank moved, not their PCN; their PP did
    home = login(world.player).get(reverse("tournaments:player_home")).content.decode()
    assert "rang 1 → 2, vos PCN inchangés (500), 10 → 25 PP." in home
    assert "241 → 241" not in home and "500 → 500" not in home
    api = login(world.player).get(reverse("api:ranking-publication-changes", args=[publication.pk]))
    rows = {row["licence"]: row for row in api.json()["results"]}
    assert rows[world.licensee.licence_number]["pp_after"] == 25
