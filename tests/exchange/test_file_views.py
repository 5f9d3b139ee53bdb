"""The tournament file through the web (upload page) and the API (POST
/api/tournament-files/): the same import, for the same people."""

import pytest
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext

from apps.tournaments.models import Tournament
from tests.exchange.tournament_file_data import document_build, upload
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

IMPORTERS = {"federation_staff", "club_manager"}
OTHERS = sorted(set(PERSONAS) - IMPORTERS)
PAGE = reverse("exchange:import")
API = "/api/tournament-files/"


@pytest.fixture
def document():
    return document_build(5)


def imported() -> Tournament | None:
    return Tournament.objects.filter(name="Open de la Saint-Martin").first()


# --- the upload page ---------------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_page_is_for_club_managers_and_federation_staff(world, login, persona):
    response = login(world.persona(persona)).get(PAGE)
    assert response.status_code == (200 if persona in IMPORTERS else 403)


def test_anonymous_users_are_sent_to_sign_in(client, db):
    response = client.get(PAGE)
    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login"))


@pytest.mark.parametrize("persona", OTHERS)
def test_others_cannot_post_a_file(world, login, persona, document):
    document["tournament"]["club"] = world.club.number
    response = login(world.persona(persona)).post(PAGE, {"file": upload(document)})
    assert response.status_code == 403
    assert imported() is None


def test_a_club_manager_imports_into_their_club_and_sees_the_tournament(world, login, document):
    response = login(world.club_manager).post(PAGE, {"file": upload(document)})
    tournament = imported()
    assert response.status_code == 302
    assert response.url == reverse("tournaments:detail", args=[tournament.pk])
    assert tournament.club == world.club
    assert tournament.registrations.count() == 20


def test_federation_staff_choose_the_club(world, login, document):
    client = login(world.federation_staff)
    response = client.post(PAGE, {"file": upload(document), "club": world.other_club.pk})
    assert response.status_code == 302
    assert imported().club == world.other_club


def test_the_club_list_holds_the_clubs_the_user_manages(world, login):
    form = login(world.club_manager).get(PAGE).context["form"]
    assert list(form.fields["club"].queryset) == [world.club]


def test_every_error_of_the_file_is_listed_and_nothing_is_imported(world, login, document):
    document["players"][2]["licence"] = "12x"
    document["results"][1]["score"] = 57
    response = login(world.club_manager).post(PAGE, {"file": upload(document)})
    assert response.status_code == 200
    errors = response.context["form"].non_field_errors()
    assert [error.split(" : ")[0] for error in errors] == ["players[2].licence", "results[1].score"]
    assert escape(errors[0]) in response.content.decode()
    assert imported() is None


def test_a_file_that_is_not_json_is_refused(world, login):
    response = login(world.club_manager).post(PAGE, {"file": upload(b"not json")})
    assert response.context["form"].errors["file"] == [
        gettext("The file is not a JSON document (line %(line)s, column %(column)s).")
        % {"line": 1, "column": 1}
    ]


def test_a_club_the_manager_does_not_manage_is_refused_on_the_page(world, login, document):
    document["tournament"]["club"] = world.other_club.number
    response = login(world.club_manager).post(PAGE, {"file": upload(document)})
    assert response.context["form"].non_field_errors() == [
        gettext("You cannot import tournaments for this club.")
    ]
    assert imported() is None


# --- the API -----------------------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_api_imports_for_club_managers_and_federation_staff(world, api, persona, document):
    response = api(persona).post(f"{API}?club={world.club.number}", document, format="json")
    if persona in IMPORTERS:
        assert response.status_code == 201, response.content
        tournament = imported()
        assert response.json() == {
            "id": tournament.pk,
            "name": tournament.name,
            "status": "finished",
            "session": tournament.sessions.get().pk,
            "url": reverse("tournaments:detail", args=[tournament.pk]),
        }
        assert tournament.club == world.club
    else:
        assert response.status_code == 403
        assert imported() is None


def test_the_api_refuses_anonymous_users(api, db, document):
    assert api(None).post(API, document, format="json").status_code == 401
    assert imported() is None


def test_the_api_answers_every_error_and_imports_nothing(world, api, document):
    document["format"] = "autre"
    document["penalties"][0]["percent"] = 0
    response = api("club_manager").post(API, document, format="json")
    assert response.status_code == 400
    errors = response.json()["non_field_errors"]
    assert [error.split(" : ")[0] for error in errors] == ["format", "penalties[0].percent"]
    assert imported() is None


def test_the_api_refuses_an_unknown_club_and_documents_that_are_not_json(world, api, document):
    client = api("federation_staff")
    response = client.post(f"{API}?club=999", document, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "non_field_errors": [gettext("No club has the number “%(number)s”.") % {"number": "999"}]
    }
    assert client.post(API, {"file": "x"}).status_code == 415
    response = client.post(API, "{oops", content_type="application/json")
    assert response.status_code == 400
    assert imported() is None


def test_the_api_takes_the_files_club_or_the_managers_only_club(world, api, document):
    assert api("club_manager").post(API, document, format="json").status_code == 201
    document = document_build(5, seed=8, club=world.other_club.number)
    document["tournament"]["name"] = "Autre tournoi"
    response = api("federation_staff").post(API, document, format="json")
    assert response.status_code == 201
    assert Tournament.objects.get(pk=response.json()["id"]).club == world.other_club
