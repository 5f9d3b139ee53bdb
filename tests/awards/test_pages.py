"""The awards where the players and the committees see them: the results page's PCN and
PP columns and their explanation, the feuille de route's award in words, the
federation's Excel file (its club and the committees above it), the API."""

import io

import openpyxl
import pytest
from django.urls import reverse

from apps.awards.models import Award
from apps.federation.models import Role
from apps.tournaments.domain.workflow import Status
from apps.tournaments.services import tournament_transition
from tests import factories as f
from tests.builders import enter_all, played
from tests.personas import PERSONAS
from tests.queries import queries_of

API_QUERIES = 4  # user, roles, count, page (the session is read from the cache)


@pytest.fixture
def finished(world, django_capture_on_commit_callbacks):
    movement = played(world, tables=7)
    enter_all(world, movement, seed=12)
    for status in (Status.RUNNING, Status.FINISHED):
        with django_capture_on_commit_callbacks(execute=True):
            tournament_transition(actor=world.referee, tournament=world.tournament, status=status)
    return movement.session


def test_the_ranking_shows_pcn_pp_and_the_rule(client, world, finished):
    page = client.get(reverse("results:session", args=[finished.pk])).content.decode()
    assert '<th scope="col" class="num">PCN</th>' in page
    assert "une séance en ligne, 7 tables" in page
    best = Award.objects.order_by("-pcn").first()
    assert f'title="{best.reason}"' in page


def test_the_feuille_de_route_gives_the_award_in_words(login, world, finished):
    award = Award.objects.filter(place=2).exclude(reason__contains="ex æquo").first()
    page = login(world.referee).get(
        reverse("results:sheet", args=[finished.pk, award.registration_id])
    )
    assert award.reason in page.content.decode()
    line = {"N": "Nord", "S": "Sud", "E": "Est", "W": "Ouest"}[award.line]
    assert award.reason == f"2ᵉ de la ligne {line}, 7 tables, indice 1 : {award.pcn} PCN"


def test_a_tournament_under_12_players_says_why(client, world, django_capture_on_commit_callbacks):
    movement = played(world, tables=3)
    world.tournament.registrations.order_by("-pk").first().places.update(registration=None)
    enter_all(world, movement, seed=5)
    for status in (Status.RUNNING, Status.FINISHED):
        with django_capture_on_commit_callbacks(execute=True):
            tournament_transition(actor=world.referee, tournament=world.tournament, status=status)
    page = client.get(reverse("results:session", args=[movement.session.pk])).content.decode()
    assert "moins de 12 joueurs (11)" in page


GRANTED = {"federation_staff", "zone_manager", "committee_staff", "club_manager"}


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_federation_file_goes_to_the_club_and_the_committees_above(
    login, world, finished, persona
):
    response = login(world.persona(persona)).get(reverse("awards:file", args=[world.tournament.pk]))
    if persona not in GRANTED:
        assert response.status_code == 403
        return
    rows = list(openpyxl.load_workbook(io.BytesIO(response.content)).active.values)
    assert rows[0] == ("NumLicenceJoueur", "NomJoueur", "Pcn", "Pp")
    awarded = Award.objects.select_related("licensee")
    assert len(rows) == 1 + awarded.count()
    best = awarded.order_by("-pcn").first()
    assert (best.licensee.licence_number, best.pcn) in {(r[0], r[2]) for r in rows[1:]}


def test_the_other_club_and_an_anonymous_visitor_get_no_file(client, login, world, finished):
    url = reverse("awards:file", args=[world.tournament.pk])
    assert client.get(url).status_code == 302  # sign in first

    other = f.UserFactory()
    f.RoleFactory(user=other, role=Role.CLUB_MANAGER, club=world.other_club)
    assert login(other).get(url).status_code == 403


def test_the_api_lists_the_awards_of_a_tournament(login, world, finished):
    client = login(world.player)
    response = client.get(reverse("api:award-list"), {"tournament": world.tournament.pk})
    assert response.status_code == 200
    body = response.json()
    results = body["results"] if isinstance(body, dict) else body
    assert len(results) == Award.objects.count()
    assert {"licence", "pcn", "pp", "reason", "place", "line"} <= set(results[0])
    bad = client.get(reverse("api:award-list"), {"tournament": "abc"})
    assert bad.status_code == 400


@pytest.mark.parametrize("tables", [5, 9])
def test_the_awards_api_costs_the_same_whatever_the_field(
    login, world, django_capture_on_commit_callbacks, tables
):
    movement = played(world, tables=tables)
    enter_all(world, movement, seed=2)
    for status in (Status.RUNNING, Status.FINISHED):
        with django_capture_on_commit_callbacks(execute=True):
            tournament_transition(actor=world.referee, tournament=world.tournament, status=status)
    client = login(world.player)
    url = reverse("api:award-list")
    assert queries_of(lambda: client.get(url, {"tournament": world.tournament.pk})) == API_QUERIES


def test_a_tournament_back_in_play_shows_no_awards(login, world, finished):
    with_awards = login(world.player).get(reverse("api:award-list"))
    assert len(with_awards.json()["results"]) == Award.objects.count() > 0
    tournament_transition(actor=world.referee, tournament=world.tournament, status=Status.RUNNING)
    assert login(world.player).get(reverse("api:award-list")).json()["results"] == []
    page = login(world.club_manager).get(reverse("results:session", args=[finished.pk]))
    assert '<th scope="col" class="num">PCN</th>' not in page.content.decode()
