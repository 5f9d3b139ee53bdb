"""Sign-in throttling (apps.accounts.throttle), on the sign-in page and the API token
endpoint: the (address, username) pair and the address are refused after too many
failures; usernames are normalised; a success clears only its own account's counters.
A device the account signed in on is never kept out from elsewhere, while the devices it
never signed in on share a budget of guesses per account and hour."""

import pytest
from django.http import HttpResponse
from django.test import Client
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


def test_the_token_endpoint_refuses_the_pair_after_its_failures(world, settings):
    for _ in range(settings.LOGIN_MAX_FAILURES):
        assert _token(full_width("CLUB") + "_manager", "wrong").status_code == 400
    refused = _token("club_manager", PASSWORD)
    assert refused.status_code == 429 and "Retry-After" in refused
    assert _token("club_manager", PASSWORD, ip="192.0.2.9").status_code == 200


def test_a_page_failure_and_a_token_failure_count_together(client, world, settings):
    for _ in range(settings.LOGIN_MAX_FAILURES - 1):
        _attempt(client, "club_manager", "wrong")
    _token("club_manager", "wrong")
    assert _attempt(client, "club_manager", PASSWORD).status_code == 429


# --- devices the account signed in on, and the account's budget elsewhere ----------


def _sign_in_and_out(client, ip="192.0.2.50"):
    """The real user signs in on their own browser, then out: the browser keeps its
    device cookie, as a real one does."""
    signed_in = _attempt(client, "club_manager", PASSWORD, ip=ip)
    client.post(reverse("accounts:logout"), REMOTE_ADDR=ip)
    return signed_in.status_code


def _guesses_spent(client, settings):
    """Wrong passwords on club_manager from as many addresses, until its budget is spent."""
    for n in range(settings.LOGIN_MAX_ACCOUNT_FAILURES):
        assert _attempt(client, "club_manager", "wrong", ip=f"198.51.100.{n}").status_code == 200


def test_the_real_user_signs_in_throughout_an_attack_from_six_addresses(
    client, world, settings, clock
):
    """As measured: a wrong password a minute from 6 addresses in turn, for 15 minutes
    before the real user, who signed in on their laptop the day before, comes back and
    signs in every 5 s from their own address for 10 minutes: every time, while the
    attacker has its 20 guesses and no more."""
    attacker, answers, signed_in = Client(), [], []
    assert _sign_in_and_out(client) == 302
    clock.now += 24 * 3600
    for second in range(0, 25 * 60, 5):
        if second % 60 == 0:
            ip = f"198.51.100.{second // 60 % 6}"
            answers.append(_attempt(attacker, "club_manager", "wrong", ip=ip).status_code)
        if second >= 15 * 60:
            signed_in.append(_sign_in_and_out(client))
        clock.now += 5
    assert signed_in == [302] * 120
    assert answers == [200] * settings.LOGIN_MAX_ACCOUNT_FAILURES + [429] * 5


def test_the_attacker_has_no_more_than_20_guesses_an_hour(settings, world, clock):
    """A guess a minute, each from a new address, for 3 hours: at most 20 guesses in any
    hour, each refused guess told how long to wait."""
    guessed_at = []
    for minute in range(180):
        answer = _attempt(Client(), "club_manager", "wrong", ip=f"10.{minute}.0.1")
        if answer.status_code == 200:
            guessed_at.append(minute)
        else:
            assert answer.status_code == 429 and int(answer["Retry-After"]) > 0
        clock.now += 60
    assert guessed_at[:21] == [*range(20), 61]  # the first minute's guess counts an hour
    assert max(sum(start <= m < start + 60 for m in guessed_at) for start in range(180)) == 20


def test_a_refused_guess_is_told_when_the_budget_has_a_place_again(client, world, clock):
    """The first guess leaves the budget an hour (and less than a minute) after it."""
    for n in range(20):
        _attempt(client, "club_manager", "wrong", ip=f"198.51.100.{n}")
        clock.now += 60
    refused = _attempt(client, "club_manager", "wrong", ip="198.51.100.99")
    assert refused.status_code == 429
    wait = int(refused["Retry-After"])
    assert 40 * 60 <= wait <= 41 * 60  # 20 minutes spent of the hour, and its last minute
    assert "minutes" in refused.content.decode()
    clock.now += wait - 1
    assert _attempt(client, "club_manager", "wrong", ip="198.51.100.98").status_code == 429
    clock.now += 1
    assert _attempt(client, "club_manager", "wrong", ip="198.51.100.97").status_code == 200


def test_a_device_the_account_never_signed_in_on_shares_the_budget(client, world, settings):
    _guesses_spent(Client(), settings)
    assert _attempt(client, "club_manager", PASSWORD, ip="192.0.2.50").status_code == 429
    assert _token("club_manager", PASSWORD, ip="192.0.2.51").status_code == 429
    assert _attempt(client, "referee", PASSWORD, ip="192.0.2.50").status_code == 302


def test_a_sign_in_elsewhere_does_not_give_the_attacker_more_guesses(client, world, settings):
    attacker = Client()
    for n in range(settings.LOGIN_MAX_ACCOUNT_FAILURES - 1):
        _attempt(attacker, "club_manager", "wrong", ip=f"198.51.100.{n}")
    assert _attempt(client, "club_manager", PASSWORD, ip="192.0.2.50").status_code == 302
    assert _attempt(attacker, "club_manager", "wrong", ip="198.51.100.50").status_code == 200
    assert _attempt(attacker, "club_manager", "wrong", ip="198.51.100.51").status_code == 429


def test_the_token_endpoint_trusts_the_device_too(world, settings):
    api = APIClient()
    assert (
        api.post(TOKEN_URL, {"username": "club_manager", "password": PASSWORD}).status_code == 200
    )
    _guesses_spent(Client(), settings)
    answer = api.post(TOKEN_URL, {"username": "club_manager", "password": PASSWORD})
    assert answer.status_code == 200


def test_a_device_that_fails_too_often_is_throttled_as_any_other(client, world, settings):
    assert _sign_in_and_out(client) == 302
    _guesses_spent(Client(), settings)
    for _ in range(settings.LOGIN_MAX_FAILURES):
        assert _attempt(client, "club_manager", "wrong", ip="192.0.2.50").status_code == 200
    assert _attempt(client, "club_manager", PASSWORD, ip="192.0.2.50").status_code == 429


def test_a_device_is_trusted_only_for_the_accounts_that_signed_in_on_it(client, world, settings):
    assert _attempt(client, "referee", PASSWORD, ip="192.0.2.50").status_code == 302
    client.post(reverse("accounts:logout"), REMOTE_ADDR="192.0.2.50")
    _guesses_spent(Client(), settings)
    assert _attempt(client, "club_manager", PASSWORD, ip="192.0.2.50").status_code == 429


def test_a_forged_device_cookie_is_not_trusted(client, world, settings):
    assert _sign_in_and_out(client) == 302
    device, accounts = client.cookies[throttle.DEVICE_COOKIE].value.split(":")[:2]
    forged = Client()
    forged.cookies[throttle.DEVICE_COOKIE] = f"{device}:{accounts}"  # its signature dropped
    _guesses_spent(Client(), settings)
    assert _attempt(forged, "club_manager", PASSWORD, ip="192.0.2.60").status_code == 429
    assert _attempt(client, "club_manager", PASSWORD, ip="192.0.2.50").status_code == 302


def test_attempts_sent_together_cannot_overrun_the_budget(world, settings, rf):
    """Each attempt takes its place before the password is checked: of 25 under way at
    once, 20 go on; a success gives its place back."""
    started, refused = [], 0
    for n in range(25):
        request = rf.post("/", REMOTE_ADDR=f"198.51.100.{n}")
        try:
            started.append(throttle.login_attempt_start(request=request, username="club_manager"))
        except throttle.LoginThrottled:
            refused += 1
    assert (len(started), refused) == (settings.LOGIN_MAX_ACCOUNT_FAILURES, 5)
    throttle.login_attempt_succeeded(attempt=started[0], response=HttpResponse())
    request = rf.post("/", REMOTE_ADDR="192.0.2.50")
    assert throttle.login_attempt_start(request=request, username="club_manager").reserved
