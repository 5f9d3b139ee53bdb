"""/api/registrations/: who sees, adds and removes registrations."""

import pytest
from django.utils.translation import gettext

from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration
from tests import factories as f
from tests.api.helpers import audit_count, result_ids
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

SEEN = {
    "federation_staff": {"mine", "other"},
    "zone_manager": {"mine"},
    "committee_staff": {"mine"},
    "club_manager": {"mine"},
    "referee": {"mine"},
    "player": {"mine"},
    "outsider": set(),
}

# Registering world.other_licensee in world.tournament (open, public): only those who
# may register anybody see the licensee (others get 400 on "licensee").
CREATE = {
    "federation_staff": 201,
    "zone_manager": 400,
    "committee_staff": 400,
    "club_manager": 201,
    "referee": 400,
    "player": 400,
    "outsider": 400,
}

# Removing the player's registration in world.tournament.
DELETE = {
    "federation_staff": 204,
    "zone_manager": 403,
    "committee_staff": 403,
    "club_manager": 204,
    "referee": 403,
    "player": 403,
    "outsider": 404,
}


@pytest.fixture
def regs(world):
    """'mine': the player in world.tournament; 'other': other_licensee in other_tournament."""
    return {
        "mine": f.RegistrationFactory(tournament=world.tournament, licensee=world.licensee),
        "other": f.RegistrationFactory(
            tournament=world.other_tournament, licensee=world.other_licensee
        ),
    }


def _register(client, tournament, licensee):
    payload = {
        "tournament": getattr(tournament, "pk", tournament),
        "licensee": getattr(licensee, "pk", licensee),
    }
    return client.post("/api/registrations/", payload, format="json")


@pytest.mark.parametrize("persona", PERSONAS)
def test_list_shows_registrations_in_scope_and_the_players_own(regs, api_as, persona):
    response = api_as(persona).get("/api/registrations/")
    assert result_ids(response) == {regs[name].pk for name in SEEN[persona]}


@pytest.mark.parametrize("persona", PERSONAS)
def test_retrieve_answers_404_outside_sight(regs, api_as, persona):
    client = api_as(persona)
    for name, registration in regs.items():
        response = client.get(f"/api/registrations/{registration.pk}/")
        assert response.status_code == (200 if name in SEEN[persona] else 404)


def test_registration_fields(world, regs, api_as):
    registration = regs["mine"]
    response = api_as("player").get(f"/api/registrations/{registration.pk}/")
    body = response.json()
    assert body.pop("registered_at")
    assert body == {
        "id": registration.pk,
        "tournament": world.tournament.pk,
        "tournament_name": world.tournament.name,
        "licensee": world.licensee.pk,
        "licence_number": world.licensee.licence_number,
        "licensee_name": world.licensee.full_name,
        "club_name": world.club.name,
    }


def test_tournament_filter(world, regs, api_as):
    client = api_as("federation_staff")
    response = client.get("/api/registrations/", {"tournament": world.other_tournament.pk})
    assert result_ids(response) == {regs["other"].pk}


def test_tournament_filter_stays_within_sight(world, regs, api_as):
    client = api_as("club_manager")
    response = client.get("/api/registrations/", {"tournament": world.other_tournament.pk})
    assert result_ids(response) == set()


def test_tournament_filter_must_be_a_number(world, api_as):
    response = api_as("club_manager").get("/api/registrations/", {"tournament": "last"})
    assert response.status_code == 400
    assert list(response.json()) == ["tournament"]


@pytest.mark.parametrize("persona", PERSONAS)
def test_create(world, api_as, persona):
    before = audit_count()
    response = _register(api_as(persona), world.tournament, world.other_licensee)
    assert response.status_code == CREATE[persona], response.content
    created = Registration.objects.filter(
        tournament=world.tournament, licensee=world.other_licensee
    ).first()
    if CREATE[persona] == 201:
        assert response.json()["id"] == created.pk
        assert audit_count() == before + 1
    else:
        assert created is None
        assert audit_count() == before
        assert list(response.json()) == ["licensee"]


def test_club_manager_cannot_register_in_another_clubs_tournament(world, api_as):
    open_elsewhere = f.TournamentFactory(club=world.other_club, status=Status.REGISTRATION_OPEN)
    response = _register(api_as("club_manager"), open_elsewhere, world.licensee)
    assert response.status_code == 403
    assert response.json() == {"detail": gettext("You cannot register players in this tournament.")}
    assert not Registration.objects.filter(tournament=open_elsewhere).exists()


def test_a_tournament_out_of_sight_is_answered_like_a_missing_one(world, api_as):
    client = api_as("club_manager")
    hidden = _register(client, world.other_tournament, world.licensee)
    missing_pk = world.other_tournament.pk + 1000
    missing = _register(client, missing_pk, world.licensee)
    assert hidden.status_code == missing.status_code == 400
    assert list(hidden.json()) == list(missing.json()) == ["tournament"]
    hidden_message = hidden.json()["tournament"][0].replace(str(world.other_tournament.pk), "N")
    assert hidden_message == missing.json()["tournament"][0].replace(str(missing_pk), "N")
    assert not Registration.objects.exists()


def test_duplicate_registration(world, regs, api_as):
    response = _register(api_as("club_manager"), world.tournament, world.licensee)
    assert response.status_code == 400
    assert response.json() == {
        "non_field_errors": [
            gettext("%(name)s is already registered.") % {"name": world.licensee.full_name}
        ]
    }
    assert Registration.objects.filter(tournament=world.tournament).count() == 1


def test_registrations_closed(world, api_as):
    world.tournament.status = Status.FINISHED
    world.tournament.save()
    before = audit_count()
    response = _register(api_as("club_manager"), world.tournament, world.other_licensee)
    assert response.status_code == 400
    assert response.json() == {
        "non_field_errors": [gettext("Registrations are closed for this tournament.")]
    }
    assert not Registration.objects.exists()
    assert audit_count() == before


@pytest.mark.parametrize(
    "payload, fields",
    [
        ({}, ["tournament", "licensee"]),
        ({"tournament": "x", "licensee": None}, ["tournament", "licensee"]),
    ],
)
def test_create_validation(world, api_as, payload, fields):
    response = api_as("club_manager").post("/api/registrations/", payload, format="json")
    assert response.status_code == 400
    assert sorted(response.json()) == sorted(fields)
    assert not Registration.objects.exists()


@pytest.mark.parametrize("persona", PERSONAS)
def test_delete(regs, api_as, persona):
    before = audit_count()
    response = api_as(persona).delete(f"/api/registrations/{regs['mine'].pk}/")
    assert response.status_code == DELETE[persona], response.content
    exists = Registration.objects.filter(pk=regs["mine"].pk).exists()
    assert exists == (DELETE[persona] != 204)
    assert audit_count() == before + (1 if DELETE[persona] == 204 else 0)
    if DELETE[persona] == 403:
        assert response.json() == {
            "detail": gettext("You cannot change this tournament's registrations.")
        }


def test_delete_out_of_sight_answers_404(regs, api_as):
    response = api_as("club_manager").delete(f"/api/registrations/{regs['other'].pk}/")
    assert response.status_code == 404
    assert Registration.objects.filter(pk=regs["other"].pk).exists()


def test_delete_when_registrations_are_closed(world, regs, api_as):
    world.tournament.status = Status.FINISHED
    world.tournament.save()
    response = api_as("club_manager").delete(f"/api/registrations/{regs['mine'].pk}/")
    assert response.status_code == 400
    assert response.json() == {
        "non_field_errors": [gettext("Registrations are closed for this tournament.")]
    }
    assert Registration.objects.filter(pk=regs["mine"].pk).exists()


def test_no_update(regs, world, api_as):
    response = api_as("federation_staff").patch(
        f"/api/registrations/{regs['mine'].pk}/",
        {"licensee": world.other_licensee.pk},
        format="json",
    )
    assert response.status_code == 405
    regs["mine"].refresh_from_db()
    assert regs["mine"].licensee == world.licensee
