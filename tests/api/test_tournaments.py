"""/api/tournaments/: what each persona sees, creates and edits, and validation."""

from decimal import Decimal

import pytest
from django.utils.translation import gettext

from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Session, Tournament
from tests import factories as f
from tests.api.helpers import audit_count, expected_ids, result_ids
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

SEEN = {
    "federation_staff": {"tournament", "draft", "other_tournament"},
    "zone_manager": {"tournament", "draft"},
    "committee_staff": {"tournament", "draft"},
    "club_manager": {"tournament", "draft"},
    "referee": {"tournament"},
    "player": {"tournament"},
    "outsider": {"tournament"},
}

# Creating a tournament for world.club: club not visible -> 400, visible not managed -> 403.
CREATE = {
    "federation_staff": 201,
    "zone_manager": 403,
    "committee_staff": 403,
    "club_manager": 201,
    "referee": 400,
    "player": 400,
    "outsider": 400,
}

# Editing world.draft: drafts are hidden from the public (404).
UPDATE_DRAFT = {
    "federation_staff": 200,
    "zone_manager": 403,
    "committee_staff": 403,
    "club_manager": 200,
    "referee": 404,
    "player": 404,
    "outsider": 404,
}


def _payload(club, /, **overrides):
    return {
        "club": club.pk,
        "name": "Open de printemps",
        "date": "2026-04-18",
        "venue": "Maison des associations",
        "kind": Tournament.Kind.MULTI_SESSION,
        "index": "1.2",
        "sessions": 2,
        **overrides,
    }


@pytest.mark.parametrize("persona", PERSONAS)
def test_list_shows_public_tournaments_and_those_in_scope(world, api_as, persona):
    response = api_as(persona).get("/api/tournaments/")
    assert result_ids(response) == expected_ids(world, SEEN[persona])


@pytest.mark.parametrize("persona", PERSONAS)
def test_retrieve_answers_404_outside_sight(world, api_as, persona):
    client = api_as(persona)
    for name in ("tournament", "draft", "other_tournament"):
        response = client.get(f"/api/tournaments/{getattr(world, name).pk}/")
        assert response.status_code == (200 if name in SEEN[persona] else 404)


def test_tournament_fields_with_sessions_and_registered_count(world, api_as):
    tournament = world.tournament
    Session.objects.create(tournament=tournament, number=2, coefficient=Decimal("1.5"))
    f.RegistrationFactory(tournament=tournament, licensee=world.licensee)
    f.RegistrationFactory(tournament=tournament, licensee=world.other_licensee)
    response = api_as("outsider").get(f"/api/tournaments/{tournament.pk}/")
    assert response.json() == {
        "id": tournament.pk,
        "club": world.club.pk,
        "club_name": world.club.name,
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "venue": tournament.venue,
        "kind": tournament.kind,
        "index": "1.0",
        "status": Status.REGISTRATION_OPEN,
        "sessions": [
            {"number": 1, "coefficient": "1.00"},
            {"number": 2, "coefficient": "1.50"},
        ],
        "registered": 2,
        "waiting": 0,
    }


def test_status_filter(world, api_as):
    response = api_as("federation_staff").get("/api/tournaments/", {"status": Status.DRAFT})
    assert result_ids(response) == expected_ids(world, {"draft", "other_tournament"})


def test_status_filter_stays_within_sight(world, api_as):
    response = api_as("player").get("/api/tournaments/", {"status": Status.DRAFT})
    assert result_ids(response) == set()


def test_status_filter_rejects_unknown_statuses(world, api_as):
    response = api_as("federation_staff").get("/api/tournaments/", {"status": "cancelled"})
    assert response.status_code == 400
    assert list(response.json()) == ["status"]


def test_create_sent_twice_with_its_key_creates_one_tournament(world, api_as):
    client = api_as("club_manager")
    payload = {**_payload(world.club), "request_key": "6f1c2a9e-3b4d-4e5f-8a7b-0c1d2e3f4a5b"}
    first = client.post("/api/tournaments/", payload, format="json")
    second = client.post("/api/tournaments/", payload, format="json")
    assert first.status_code == second.status_code == 201
    assert first.json()["id"] == second.json()["id"]
    assert Tournament.objects.filter(name="Open de printemps").count() == 1


@pytest.mark.parametrize("persona", PERSONAS)
def test_create(world, api_as, persona):
    before = audit_count()
    response = api_as(persona).post("/api/tournaments/", _payload(world.club), format="json")
    assert response.status_code == CREATE[persona], response.content
    created = Tournament.objects.filter(name="Open de printemps").first()
    if CREATE[persona] == 201:
        body = response.json()
        assert body["id"] == created.pk
        assert (body["status"], body["index"], body["registered"]) == (Status.DRAFT, "1.2", 0)
        assert [s["number"] for s in body["sessions"]] == [1, 2]
        assert created.club == world.club
        assert audit_count() == before + 1
        return
    assert created is None
    assert audit_count() == before
    if CREATE[persona] == 403:
        assert response.json() == {
            "detail": gettext("You cannot create tournaments for this club.")
        }
    else:
        assert list(response.json()) == ["club"]


@pytest.mark.parametrize(
    "overrides, field",
    [
        ({"sessions": 0}, "sessions"),
        ({"sessions": 13}, "sessions"),
        ({"index": "3.5"}, "index"),
        ({"index": "0.5"}, "index"),
        ({"index": "2.3"}, "index"),  # between 1 and 3, not an index of the regulation
        ({"kind": "teams"}, "kind"),
        ({"name": ""}, "name"),
        ({"date": "18/04/2026"}, "date"),
        ({"club": None}, "club"),
    ],
)
def test_create_validation(world, api_as, overrides, field):
    before = audit_count(), Tournament.objects.count()
    response = api_as("club_manager").post(
        "/api/tournaments/", _payload(world.club, **overrides), format="json"
    )
    assert response.status_code == 400
    assert list(response.json()) == [field]
    assert all(isinstance(message, str) and message for message in response.json()[field])
    assert (audit_count(), Tournament.objects.count()) == before


def test_session_count_message_comes_from_the_service(world, api_as):
    response = api_as("club_manager").post(
        "/api/tournaments/", _payload(world.club, sessions=13), format="json"
    )
    message = gettext("Between 1 and %(max)s sessions.") % {"max": 12}
    assert response.json() == {"sessions": [message]}


@pytest.mark.parametrize("persona", PERSONAS)
def test_update_draft(world, api_as, persona):
    before = audit_count()
    url = f"/api/tournaments/{world.draft.pk}/"
    response = api_as(persona).patch(url, {"venue": "Salle Gambetta"}, format="json")
    assert response.status_code == UPDATE_DRAFT[persona], response.content
    world.draft.refresh_from_db()
    if UPDATE_DRAFT[persona] == 200:
        assert response.json()["venue"] == world.draft.venue == "Salle Gambetta"
        assert audit_count() == before + 1
        return
    assert world.draft.venue == "Salle des fêtes"
    assert audit_count() == before
    if UPDATE_DRAFT[persona] == 403:
        assert response.json() == {"detail": gettext("You cannot change this tournament.")}


@pytest.mark.parametrize("persona", ["referee", "player", "outsider"])
def test_update_of_a_public_tournament_is_forbidden_to_those_who_only_see_it(
    world, api_as, persona
):
    url = f"/api/tournaments/{world.tournament.pk}/"
    response = api_as(persona).patch(url, {"venue": "Salle Gambetta"}, format="json")
    assert response.status_code == 403
    world.tournament.refresh_from_db()
    assert world.tournament.venue == "Salle des fêtes"


def test_update_validation_changes_nothing(world, api_as):
    before = audit_count()
    url = f"/api/tournaments/{world.draft.pk}/"
    response = api_as("club_manager").patch(
        url, {"venue": "Salle Gambetta", "index": "9"}, format="json"
    )
    assert response.status_code == 400
    assert list(response.json()) == ["index"]
    world.draft.refresh_from_db()
    assert world.draft.venue == "Salle des fêtes"
    assert audit_count() == before


def test_status_and_club_do_not_change_by_update(world, api_as):
    url = f"/api/tournaments/{world.draft.pk}/"
    response = api_as("federation_staff").patch(
        url, {"status": Status.APPROVED, "club": world.other_club.pk}, format="json"
    )
    assert response.status_code == 200
    world.draft.refresh_from_db()
    assert (world.draft.status, world.draft.club) == (Status.DRAFT, world.club)


@pytest.mark.parametrize("method", ["put", "delete"])
def test_no_full_update_or_delete(world, api_as, method):
    url = f"/api/tournaments/{world.draft.pk}/"
    response = getattr(api_as("federation_staff"), method)(url, _payload(world.club), format="json")
    assert response.status_code == 405
    assert Tournament.objects.filter(pk=world.draft.pk).exists()


@pytest.mark.parametrize("sent", ["1,5", "1.5", 1.5])
def test_the_index_is_read_with_a_comma_as_the_french_write_it(world, api_as, sent):
    url = f"/api/tournaments/{world.draft.pk}/"
    response = api_as("club_manager").patch(url, {"index": sent}, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["index"] == "1.5"
    world.draft.refresh_from_db()
    assert world.draft.index == Decimal("1.5")


def test_an_index_with_two_separators_is_refused(world, api_as):
    url = f"/api/tournaments/{world.draft.pk}/"
    response = api_as("club_manager").patch(url, {"index": "1,5,0"}, format="json")
    assert response.status_code == 400 and list(response.json()) == ["index"]
