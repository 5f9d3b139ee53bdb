"""POST /api/tournaments/{id}/transition/: the workflow through the API."""

import pytest

from apps.tournaments.domain.workflow import Status
from tests.api.helpers import audit_count
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

# world.tournament, registration open -> running: the organising club, the federation
# and the assigned referee; everyone else sees the tournament but may not move it.
START = {
    "federation_staff": 200,
    "zone_manager": 403,
    "committee_staff": 403,
    "club_manager": 200,
    "referee": 200,
    "player": 403,
    "outsider": 403,
}

# world.draft -> registration open: managers only; the draft is hidden from the public.
OPEN = {
    "federation_staff": 200,
    "zone_manager": 403,
    "committee_staff": 403,
    "club_manager": 200,
    "referee": 404,
    "player": 404,
    "outsider": 404,
}


def _transition(client, tournament, status):
    return client.post(
        f"/api/tournaments/{tournament.pk}/transition/", {"status": status}, format="json"
    )


@pytest.mark.parametrize("persona", PERSONAS)
def test_start_a_tournament(world, api_as, persona):
    before = audit_count()
    response = _transition(api_as(persona), world.tournament, Status.RUNNING)
    assert response.status_code == START[persona], response.content
    world.tournament.refresh_from_db()
    if START[persona] == 200:
        assert response.json()["status"] == world.tournament.status == Status.RUNNING
        assert audit_count() == before + 1
    else:
        assert world.tournament.status == Status.REGISTRATION_OPEN
        assert audit_count() == before
        assert response.json()["detail"]


@pytest.mark.parametrize("persona", PERSONAS)
def test_open_a_draft(world, api_as, persona):
    response = _transition(api_as(persona), world.draft, Status.REGISTRATION_OPEN)
    assert response.status_code == OPEN[persona], response.content
    world.draft.refresh_from_db()
    expected = Status.REGISTRATION_OPEN if OPEN[persona] == 200 else Status.DRAFT
    assert world.draft.status == expected


def test_other_clubs_draft_is_out_of_sight(world, api_as):
    response = _transition(api_as("club_manager"), world.other_tournament, Status.DRAFT)
    assert response.status_code == 404


def test_a_step_outside_the_workflow_is_refused(world, api_as):
    response = _transition(api_as("federation_staff"), world.draft, Status.APPROVED)
    assert response.status_code == 403
    world.draft.refresh_from_db()
    assert world.draft.status == Status.DRAFT


@pytest.mark.parametrize("status", ["cancelled", ""])
def test_unknown_status(world, api_as, status):
    before = audit_count()
    response = _transition(api_as("club_manager"), world.draft, status)
    assert response.status_code == 400
    assert list(response.json()) == ["status"]
    world.draft.refresh_from_db()
    assert world.draft.status == Status.DRAFT
    assert audit_count() == before


def test_transition_needs_post(world, api_as):
    response = api_as("club_manager").get(f"/api/tournaments/{world.draft.pk}/transition/")
    assert response.status_code == 405
