"""Login is rate-limited: after LOGIN_MAX_FAILURES failures the form answers 429."""

import pytest
from django.urls import reverse

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db


def _attempt(client, username, password, ip="203.0.113.7"):
    return client.post(
        reverse("accounts:login"),
        {"username": username, "password": password},
        REMOTE_ADDR=ip,
    )


def test_good_login_redirects_to_the_users_area(client, world):
    response = _attempt(client, "club_manager", PASSWORD)
    assert response.status_code == 302
    assert client.get(response.url).status_code == 302  # dispatch → club area


def test_failures_then_blocked_even_with_the_right_password(client, world, settings):
    for _ in range(settings.LOGIN_MAX_FAILURES):
        assert _attempt(client, "club_manager", "wrong").status_code == 200
    blocked = _attempt(client, "club_manager", PASSWORD)
    assert blocked.status_code == 429
    assert "_auth_user_id" not in client.session
    assert "15 minutes" in blocked.content.decode()


def test_blocking_follows_the_username_across_addresses(client, world, settings):
    for n in range(settings.LOGIN_MAX_FAILURES):
        _attempt(client, "club_manager", "wrong", ip=f"198.51.100.{n}")
    assert _attempt(client, "club_manager", PASSWORD, ip="198.51.100.99").status_code == 429


def test_other_users_from_other_addresses_are_not_blocked(client, world, settings):
    for _ in range(settings.LOGIN_MAX_FAILURES):
        _attempt(client, "club_manager", "wrong")
    assert _attempt(client, "referee", PASSWORD, ip="192.0.2.1").status_code == 302


def test_success_clears_the_failures(client, world, settings):
    for _ in range(settings.LOGIN_MAX_FAILURES - 1):
        _attempt(client, "club_manager", "wrong")
    assert _attempt(client, "club_manager", PASSWORD).status_code == 302
    client.logout()
    for _ in range(settings.LOGIN_MAX_FAILURES - 1):
        _attempt(client, "club_manager", "wrong")
    assert _attempt(client, "club_manager", PASSWORD).status_code == 302


def test_forwarded_addresses_are_ignored_without_a_trusted_proxy(client, world, settings):
    settings.NUM_PROXIES = 0
    for n in range(settings.LOGIN_MAX_FAILURES):
        client.post(
            reverse("accounts:login"),
            {"username": f"nobody{n}", "password": "x"},
            REMOTE_ADDR="203.0.113.7",
            HTTP_X_FORWARDED_FOR=f"10.0.0.{n}",  # forged on every attempt
        )
    assert _attempt(client, "club_manager", PASSWORD).status_code == 429


def test_behind_one_proxy_the_forwarded_client_address_counts(client, world, settings):
    settings.NUM_PROXIES = 1
    for n in range(settings.LOGIN_MAX_FAILURES):
        client.post(
            reverse("accounts:login"),
            {"username": f"nobody{n}", "password": "x"},
            REMOTE_ADDR="172.16.0.1",  # the proxy
            HTTP_X_FORWARDED_FOR="forged, 198.51.100.5",
        )
    blocked = client.post(
        reverse("accounts:login"),
        {"username": "club_manager", "password": PASSWORD},
        REMOTE_ADDR="172.16.0.1",
        HTTP_X_FORWARDED_FOR="198.51.100.5",
    )
    assert blocked.status_code == 429
    other = client.post(
        reverse("accounts:login"),
        {"username": "referee", "password": PASSWORD},
        REMOTE_ADDR="172.16.0.1",
        HTTP_X_FORWARDED_FOR="198.51.100.6",
    )
    assert other.status_code == 302
