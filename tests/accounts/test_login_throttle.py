"""Sign-in throttling (apps.accounts.throttle), on the sign-in page and the API token
endpoint: the (address, username) pair and the address are refused after too many
failures; a username alone is only slowed down, so nobody locks a real user out from
elsewhere; usernames are normalised; a success clears only its own account's counters."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from apps.accounts import throttle
from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

TOKEN_URL = "/api/auth/token/"


def full_width(text: str) -> str:
    """The same letters as full-width forms (NFKC reads them back as ASCII)."""
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


def _attempt(client, username, password, ip="203.0.113.7"):
    return client.post(
        reverse("accounts:login"),
        {"username": username, "password": password},
        REMOTE_ADDR=ip,
    )


def _token(username, password, ip="203.0.113.7"):
    return APIClient().post(TOKEN_URL, {"username": username, "password": password}, REMOTE_ADDR=ip)


@pytest.fixture
def clock(monkeypatch):
    """The throttle's clock, moved by hand: clock.now += seconds."""

    class Clock:
        now = 1_000_000.0

    monkeypatch.setattr(throttle.time, "time", lambda: Clock.now)
    return Clock


def test_good_login_redirects_to_the_users_area(client, world):
    response = _attempt(client, "club_manager", PASSWORD)
    assert response.status_code == 302
    assert client.get(response.url).status_code == 302  # dispatch → club area


def test_the_pair_is_refused_after_its_failures_even_with_the_right_password(
    client, world, settings
):
    for _ in range(settings.LOGIN_MAX_FAILURES):
        assert _attempt(client, "club_manager", "wrong").status_code == 200
    blocked = _attempt(client, "club_manager", PASSWORD)
    assert blocked.status_code == 429
    assert blocked["Retry-After"] == str(settings.LOGIN_FAILURE_WINDOW_SECONDS)
    assert "_auth_user_id" not in client.session
    assert "15 minutes" in blocked.content.decode()


@pytest.mark.parametrize("spelling", ["CLUB_MANAGER", full_width("club_manager"), " Club_Manager "])
def test_usernames_are_counted_normalised(client, world, settings, spelling):
    for _ in range(settings.LOGIN_MAX_FAILURES):
        _attempt(client, spelling, "wrong")
    assert _attempt(client, "club_manager", PASSWORD).status_code == 429


def test_nobody_locks_a_real_user_out_from_elsewhere(client, world, settings, clock):
    """Failures on one username from many addresses slow its attempts down; the real
    user, from their own address, signs in once the short delay has passed."""
    for n in range(settings.LOGIN_MAX_FAILURES + 3):
        _attempt(client, "club_manager", "wrong", ip=f"198.51.100.{n}")
        clock.now += 0.1
    slowed = _attempt(client, "club_manager", PASSWORD, ip="192.0.2.50")
    assert slowed.status_code == 429
    delay = throttle.username_delay(settings.LOGIN_MAX_FAILURES + 3)
    assert 0 < delay <= settings.LOGIN_SLOWDOWN_MAX_SECONDS
    assert int(slowed["Retry-After"]) <= delay
    clock.now += delay
    assert _attempt(client, "club_manager", PASSWORD, ip="192.0.2.50").status_code == 302


def test_the_slow_down_doubles_and_stays_short():
    assert [throttle.username_delay(n) for n in range(4, 14)] == [
        0, 1, 2, 4, 8, 16, 32, 60, 60, 60,
    ]  # fmt: skip


def test_a_success_on_one_account_does_not_reset_another(client, world, settings):
    for _ in range(settings.LOGIN_MAX_FAILURES - 1):
        _attempt(client, "club_manager", "wrong")
    assert _attempt(client, "referee", PASSWORD).status_code == 302
    client.logout()
    _attempt(client, "club_manager", "wrong")
    assert _attempt(client, "club_manager", PASSWORD).status_code == 429


def test_a_success_clears_its_own_failures(client, world, settings):
    for _ in range(settings.LOGIN_MAX_FAILURES - 1):
        _attempt(client, "club_manager", "wrong")
    assert _attempt(client, "club_manager", PASSWORD).status_code == 302
    client.logout()
    for _ in range(settings.LOGIN_MAX_FAILURES - 1):
        _attempt(client, "club_manager", "wrong")
    assert _attempt(client, "club_manager", PASSWORD).status_code == 302


def test_an_address_trying_many_accounts_is_refused(client, world, settings):
    for n in range(settings.LOGIN_MAX_ADDRESS_FAILURES):
        _attempt(client, f"nobody{n}", "wrong")
    assert _attempt(client, "club_manager", PASSWORD).status_code == 429
    assert _attempt(client, "referee", PASSWORD, ip="192.0.2.1").status_code == 302


def test_forwarded_addresses_are_ignored_without_a_trusted_proxy(client, world, settings):
    settings.NUM_PROXIES = 0
    for n in range(settings.LOGIN_MAX_ADDRESS_FAILURES):
        client.post(
            reverse("accounts:login"),
            {"username": f"nobody{n}", "password": "x"},
            REMOTE_ADDR="203.0.113.7",
            HTTP_X_FORWARDED_FOR=f"10.0.0.{n}",  # forged on every attempt
        )
    assert _attempt(client, "club_manager", PASSWORD).status_code == 429


def test_behind_one_proxy_the_forwarded_client_address_counts(client, world, settings):
    settings.NUM_PROXIES = 1
    for n in range(settings.LOGIN_MAX_ADDRESS_FAILURES):
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


# --- the API token endpoint: the same protection -----------------------------------


def test_the_token_endpoint_refuses_the_pair_after_its_failures(world, settings, clock):
    for _ in range(settings.LOGIN_MAX_FAILURES):
        assert _token(full_width("CLUB") + "_manager", "wrong").status_code == 400
    refused = _token("club_manager", PASSWORD)
    assert refused.status_code == 429 and "Retry-After" in refused
    clock.now += throttle.username_delay(settings.LOGIN_MAX_FAILURES)  # slowed, not locked
    assert _token("club_manager", PASSWORD, ip="192.0.2.9").status_code == 200


def test_a_page_failure_and_a_token_failure_count_together(client, world, settings):
    for _ in range(settings.LOGIN_MAX_FAILURES - 1):
        _attempt(client, "club_manager", "wrong")
    _token("club_manager", "wrong")
    assert _attempt(client, "club_manager", PASSWORD).status_code == 429
