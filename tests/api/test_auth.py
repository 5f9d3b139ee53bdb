"""Authentication: anonymous requests are refused, tokens work, the token endpoint is
rate limited, and session writes need the CSRF token."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from apps.tournaments.models import Registration
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/auth/token/"


def _token_for(api, user) -> str:
    response = api.post(TOKEN_URL, {"username": user.username, "password": PASSWORD})
    assert response.status_code == 200, response.content
    return response.json()["token"]


@pytest.mark.parametrize(
    "method, url",
    [
        ("get", "/api/clubs/"),
        ("get", "/api/clubs/{club}/"),
        ("get", "/api/licensees/"),
        ("post", "/api/licensees/"),
        ("patch", "/api/licensees/{licensee}/"),
        ("get", "/api/tournaments/"),
        ("get", "/api/tournaments/{tournament}/"),
        ("post", "/api/tournaments/"),
        ("patch", "/api/tournaments/{tournament}/"),
        ("post", "/api/tournaments/{tournament}/transition/"),
        ("get", "/api/registrations/"),
        ("post", "/api/registrations/"),
    ],
)
def test_anonymous_requests_are_refused(world, api, method, url):
    url = url.format(club=world.club.pk, licensee=world.licensee.pk, tournament=world.tournament.pk)
    response = getattr(api, method)(url, {}, format="json")
    assert response.status_code in (401, 403)
    assert set(response.json()) == {"detail"}


def test_token_for_username_and_password(world, api):
    token = _token_for(api, world.club_manager)
    assert token == Token.objects.get(user=world.club_manager).key
    assert _token_for(api, world.club_manager) == token


@pytest.mark.parametrize(
    "payload",
    [
        {"username": "club_manager", "password": "wrong"},
        {"username": "nobody", "password": PASSWORD},
        {"username": "club_manager"},
    ],
)
def test_no_token_without_the_right_password(world, api, payload):
    response = api.post(TOKEN_URL, payload, format="json")
    assert response.status_code == 400
    assert not Token.objects.exists()


def test_token_authenticates_reads(world):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {_token_for(api, world.club_manager)}")
    response = api.get("/api/clubs/")
    assert response.status_code == 200
    assert [club["id"] for club in response.json()["results"]] == [world.club.pk]


def test_token_authenticates_writes_without_csrf(world):
    api = APIClient(enforce_csrf_checks=True)
    api.credentials(HTTP_AUTHORIZATION=f"Token {_token_for(api, world.club_manager)}")
    payload = {"tournament": world.tournament.pk, "licensee": world.licensee.pk}
    response = api.post("/api/registrations/", payload, format="json")
    assert response.status_code == 201
    assert Registration.objects.filter(pk=response.json()["id"]).exists()


def test_token_keeps_the_users_scope(world):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {_token_for(api, world.player)}")
    response = api.get(f"/api/tournaments/{world.draft.pk}/")
    assert response.status_code == 404


def test_unknown_token_is_refused(world):
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION="Token 0123456789abcdef0123456789abcdef01234567")
    response = api.get("/api/clubs/")
    assert response.status_code in (401, 403)


def test_session_writes_need_the_csrf_token(world):
    api = APIClient(enforce_csrf_checks=True)
    api.force_login(world.club_manager)
    payload = {"tournament": world.tournament.pk, "licensee": world.licensee.pk}
    response = api.post("/api/registrations/", payload, format="json")
    assert response.status_code == 403
    assert not Registration.objects.exists()


def test_token_endpoint_is_rate_limited(world, api, settings):
    assert settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["token"] == "10/min"
    for n in range(10):  # other accounts each time: the sign-in throttle stays quiet
        wrong = {"username": f"nobody{n}", "password": "wrong"}
        assert api.post(TOKEN_URL, wrong, format="json").status_code == 400
    right = {"username": "club_manager", "password": PASSWORD}
    response = api.post(TOKEN_URL, right, format="json")
    assert response.status_code == 429
    assert "Retry-After" in response.headers
    assert not Token.objects.exists()
