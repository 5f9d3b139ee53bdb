"""/api/licensees/: who reads which licensee, who adds and edits them, and validation."""

import threading

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils.translation import gettext
from rest_framework.test import APIClient

from apps.federation.api import LicenseeQuery
from apps.federation.forms import LicenseeSearchForm
from apps.federation.models import Licensee, Role
from tests import factories as f
from tests.api.helpers import audit_count, expected_ids, result_ids
from tests.personas import PERSONAS
from tests.threads import together

pytestmark = pytest.mark.django_db

SEEN = {
    "federation_staff": {"licensee", "other_licensee"},
    "zone_manager": {"licensee"},
    "committee_staff": {"licensee"},
    "club_manager": {"licensee"},
    "referee": set(),
    "player": {"licensee"},
    "outsider": set(),
}

# Creating a licensee in world.club: club not visible -> 400 on "club", visible but not
# managed -> 403 from the service.
CREATE = {
    "federation_staff": 201,
    "zone_manager": 403,
    "committee_staff": 403,
    "club_manager": 201,
    "referee": 400,
    "player": 400,
    "outsider": 400,
}

# Editing world.licensee: 404 when the record is not visible, 403 when it is but not managed.
UPDATE = {
    "federation_staff": 200,
    "zone_manager": 403,
    "committee_staff": 403,
    "club_manager": 200,
    "referee": 404,
    "player": 403,
    "outsider": 404,
}


def _payload(club, /, **overrides):
    return {
        "licence_number": "2002002",
        "last_name": "Martin",
        "first_name": "Claude",
        "birth_date": "1981-02-03",
        "series": Licensee.Series.SECOND,
        "club": club.pk,
        **overrides,
    }


@pytest.mark.parametrize("persona", PERSONAS)
def test_list_shows_the_licensees_in_scope(world, api_as, persona):
    response = api_as(persona).get("/api/licensees/")
    assert result_ids(response) == expected_ids(world, SEEN[persona])


@pytest.mark.parametrize("persona", PERSONAS)
def test_retrieve_answers_404_outside_scope(world, api_as, persona):
    client = api_as(persona)
    for name in ("licensee", "other_licensee"):
        response = client.get(f"/api/licensees/{getattr(world, name).pk}/")
        assert response.status_code == (200 if name in SEEN[persona] else 404)


def test_licensee_fields(world, api_as):
    licensee = world.licensee
    response = api_as("club_manager").get(f"/api/licensees/{licensee.pk}/")
    assert response.json() == {
        "id": licensee.pk,
        "licence_number": licensee.licence_number,
        "last_name": licensee.last_name,
        "first_name": licensee.first_name,
        "birth_date": licensee.birth_date.isoformat(),
        "series": licensee.series,
        "club": world.club.pk,
        "club_name": world.club.name,
    }


@pytest.mark.parametrize(
    "query, names",
    [
        ("dupont", {"dupont"}),
        ("ALICE", {"dupont", "durand"}),
        ("alice dur", {"durand"}),
        ("3003", {"dupont", "durand"}),
        ("30030", {"durand"}),
        ("nobody", set()),
        ("", {"dupont", "durand", "licensee", "other_licensee"}),
    ],
)
def test_search_by_name_or_licence_number(world, api_as, query, names):
    found = {
        "dupont": f.LicenseeFactory(
            club=world.club, last_name="Dupont", first_name="Alice", licence_number="3003123"
        ),
        "durand": f.LicenseeFactory(
            club=world.other_club, last_name="Durand", first_name="Alice", licence_number="3003099"
        ),
        "licensee": world.licensee,
        "other_licensee": world.other_licensee,
    }
    response = api_as("federation_staff").get("/api/licensees/", {"q": query})
    assert result_ids(response) == {found[name].pk for name in names}


def test_a_search_of_many_words_is_refused_at_once_as_on_the_page(world, api_as):
    query = " ".join(f"mot{n}" for n in range(1900))
    with CaptureQueriesContext(connection) as queries:
        response = api_as("federation_staff").get("/api/licensees/", {"q": query})
    assert response.status_code == 400
    assert "100" in response.json()["q"][0]
    assert not [q for q in queries.captured_queries if 'FROM "federation_licensee"' in q["sql"]]
    assert LicenseeQuery().fields["q"].max_length == LicenseeSearchForm().fields["q"].max_length


def test_club_filter(world, api_as):
    client = api_as("federation_staff")
    response = client.get("/api/licensees/", {"club": world.other_club.pk})
    assert result_ids(response) == {world.other_licensee.pk}


def test_club_filter_stays_within_scope(world, api_as):
    response = api_as("club_manager").get("/api/licensees/", {"club": world.other_club.pk})
    assert result_ids(response) == set()


def test_club_filter_must_be_a_number(world, api_as):
    response = api_as("federation_staff").get("/api/licensees/", {"club": "abc"})
    assert response.status_code == 400
    assert "club" in response.json()


@pytest.mark.parametrize("persona", PERSONAS)
def test_create(world, api_as, persona):
    before = audit_count()
    response = api_as(persona).post("/api/licensees/", _payload(world.club), format="json")
    assert response.status_code == CREATE[persona], response.content
    created = Licensee.objects.filter(licence_number="2002002").first()
    if CREATE[persona] == 201:
        assert response.json()["id"] == created.pk
        assert (created.club, created.last_name, created.series) == (world.club, "Martin", "2")
        assert audit_count() == before + 1
        return
    assert created is None
    assert audit_count() == before
    if CREATE[persona] == 403:
        assert response.json() == {"detail": gettext("You cannot add licensees to this club.")}
    else:
        assert list(response.json()) == ["club"]


def test_club_manager_cannot_create_in_a_club_out_of_sight(world, api_as):
    response = api_as("club_manager").post(
        "/api/licensees/", _payload(world.other_club), format="json"
    )
    assert response.status_code == 400
    assert list(response.json()) == ["club"]
    assert not Licensee.objects.filter(licence_number="2002002").exists()


@pytest.mark.parametrize(
    "overrides, field",
    [
        ({"licence_number": "2002 002"}, "licence_number"),
        ({"licence_number": "20A2002"}, "licence_number"),
        ({"licence_number": "123"}, "licence_number"),
        ({"last_name": ""}, "last_name"),
        ({"series": "X"}, "series"),
        ({"birth_date": "31/02/1980"}, "birth_date"),
        ({"club": None}, "club"),
    ],
)
def test_create_validation(world, api_as, overrides, field):
    before = audit_count(), Licensee.objects.count()
    response = api_as("club_manager").post(
        "/api/licensees/", _payload(world.club, **overrides), format="json"
    )
    assert response.status_code == 400
    assert list(response.json()) == [field]
    assert all(isinstance(message, str) and message for message in response.json()[field])
    assert (audit_count(), Licensee.objects.count()) == before


def test_licence_number_is_checked_as_the_model_does(world, api_as):
    response = api_as("club_manager").post(
        "/api/licensees/", _payload(world.club, licence_number="2002 002"), format="json"
    )
    assert response.json() == {
        "licence_number": [gettext("Write the licence number with digits only.")]
    }


def test_duplicate_licence_number(world, api_as):
    payload = _payload(world.club, licence_number=world.other_licensee.licence_number)
    response = api_as("club_manager").post("/api/licensees/", payload, format="json")
    assert response.status_code == 400
    assert list(response.json()) == ["licence_number"]
    assert Licensee.objects.filter(licence_number=payload["licence_number"]).count() == 1


@pytest.mark.parametrize("persona", PERSONAS)
def test_update(world, api_as, persona):
    before = audit_count()
    url = f"/api/licensees/{world.licensee.pk}/"
    response = api_as(persona).patch(url, {"first_name": "Sacha"}, format="json")
    assert response.status_code == UPDATE[persona], response.content
    world.licensee.refresh_from_db()
    if UPDATE[persona] == 200:
        assert response.json()["first_name"] == world.licensee.first_name == "Sacha"
        assert audit_count() == before + 1
        return
    assert world.licensee.first_name == "Camille"
    assert audit_count() == before
    if UPDATE[persona] == 403:
        assert response.json() == {"detail": gettext("You cannot change this licensee.")}


@pytest.mark.parametrize("persona", PERSONAS)
def test_update_out_of_sight_answers_404(world, api_as, persona):
    url = f"/api/licensees/{world.other_licensee.pk}/"
    response = api_as(persona).patch(url, {"first_name": "Sacha"}, format="json")
    assert response.status_code == (200 if persona == "federation_staff" else 404)


def test_federation_moves_a_licensee_to_another_club(world, api_as):
    url = f"/api/licensees/{world.licensee.pk}/"
    response = api_as("federation_staff").patch(url, {"club": world.other_club.pk}, format="json")
    assert response.status_code == 200
    assert response.json()["club_name"] == world.other_club.name
    world.licensee.refresh_from_db()
    assert world.licensee.club == world.other_club


def test_club_manager_cannot_move_a_licensee_out_of_sight(world, api_as):
    url = f"/api/licensees/{world.licensee.pk}/"
    response = api_as("club_manager").patch(url, {"club": world.other_club.pk}, format="json")
    assert response.status_code == 400
    assert list(response.json()) == ["club"]
    world.licensee.refresh_from_db()
    assert world.licensee.club == world.club


def test_club_manager_cannot_move_a_licensee_to_a_club_they_only_oversee(world, api_as):
    f.RoleFactory(
        user=world.club_manager, role=Role.COMMITTEE_STAFF, committee=world.other_club.committee
    )
    url = f"/api/licensees/{world.licensee.pk}/"
    response = api_as("club_manager").patch(url, {"club": world.other_club.pk}, format="json")
    assert response.status_code == 403
    assert response.json() == {"detail": gettext("You cannot move a licensee to this club.")}
    world.licensee.refresh_from_db()
    assert world.licensee.club == world.club


def test_update_validation_changes_nothing(world, api_as):
    before = audit_count()
    url = f"/api/licensees/{world.licensee.pk}/"
    response = api_as("club_manager").patch(
        url, {"first_name": "Sacha", "licence_number": "12"}, format="json"
    )
    assert response.status_code == 400
    assert list(response.json()) == ["licence_number"]
    world.licensee.refresh_from_db()
    assert world.licensee.first_name == "Camille"
    assert audit_count() == before


@pytest.mark.parametrize("method", ["put", "delete"])
def test_no_full_update_or_delete(world, api_as, method):
    url = f"/api/licensees/{world.licensee.pk}/"
    response = getattr(api_as("federation_staff"), method)(url, _payload(world.club), format="json")
    assert response.status_code == 405
    assert Licensee.objects.filter(pk=world.licensee.pk, first_name="Camille").exists()


@pytest.mark.django_db(transaction=True)
def test_two_creations_of_one_licence_at_once_answer_201_and_400_never_500(world, monkeypatch):
    """Both requests pass every check before either writes (a barrier holds them after
    the model's own validation): the database's unique constraint decides, and the loser
    gets a French 400."""
    barrier = threading.Barrier(2, timeout=10)
    checked = Licensee.full_clean

    def full_clean_then_wait(self, *args, **kwargs):
        checked(self, *args, **kwargs)
        barrier.wait()

    monkeypatch.setattr(Licensee, "full_clean", full_clean_then_wait)
    answers = []

    def signed_in():
        client = APIClient()
        client.force_login(world.club_manager)
        return client

    def create(client):
        answers.append(client.post("/api/licensees/", _payload(world.club), format="json"))

    together(create, prepare=signed_in)
    assert sorted(answer.status_code for answer in answers) == [201, 400]
    refused = next(answer for answer in answers if answer.status_code == 400)
    assert refused.json() == {
        "licence_number": [
            gettext("Licence number %(number)s is already taken.") % {"number": "2002002"}
        ]
    }
    assert Licensee.objects.filter(licence_number="2002002").count() == 1
