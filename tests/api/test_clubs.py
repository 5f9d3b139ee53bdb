"""/api/clubs/: the clubs each persona manages or oversees, read only."""

import pytest

from tests.api.helpers import expected_ids, result_ids
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

SEEN = {
    "federation_staff": {"club", "other_club"},
    "zone_manager": {"club"},
    "committee_staff": {"club"},
    "club_manager": {"club"},
    "referee": set(),
    "player": set(),
    "outsider": set(),
}


@pytest.mark.parametrize("persona", PERSONAS)
def test_list_shows_the_clubs_in_scope(world, api_as, persona):
    response = api_as(persona).get("/api/clubs/")
    assert result_ids(response) == expected_ids(world, SEEN[persona])


@pytest.mark.parametrize("persona", PERSONAS)
def test_retrieve_answers_404_outside_scope(world, api_as, persona):
    client = api_as(persona)
    for name in ("club", "other_club"):
        response = client.get(f"/api/clubs/{getattr(world, name).pk}/")
        assert response.status_code == (200 if name in SEEN[persona] else 404)


def test_club_fields(world, api_as):
    club = world.club
    response = api_as("club_manager").get(f"/api/clubs/{club.pk}/")
    assert response.json() == {
        "id": club.pk,
        "number": club.number,
        "name": club.name,
        "city": club.city,
        "committee_code": club.committee.code,
        "committee_name": club.committee.name,
        "zone_code": club.committee.zone.code,
    }


@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_clubs_are_read_only(world, api_as, method):
    client = api_as("federation_staff")
    url = "/api/clubs/" if method == "post" else f"/api/clubs/{world.club.pk}/"
    response = getattr(client, method)(url, {"name": "Renamed"}, format="json")
    assert response.status_code == 405
    world.club.refresh_from_db()
    assert world.club.name != "Renamed"
