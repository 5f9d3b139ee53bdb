"""Sign-in throttling, for the sign-in page and the API token endpoint alike.

A browser (or API client) where an account has signed in keeps a device cookie (OWASP's
« device cookies »): a signed cookie naming the device (a random id) and the accounts
that signed in on it. Usernames are normalised (NFKC and case-folded, so that full-width
or capital letters name the same account). Failures are counted in the cache:

- on a device the account signed in on, per (device, account): past LOGIN_MAX_FAILURES
  in LOGIN_FAILURE_WINDOW_SECONDS the device is no longer trusted for that account and is
  throttled as any other; nothing else counts there, so nobody elsewhere can keep the
  real user out of their own devices;
- anywhere else, per (address, account) and per address (refused past LOGIN_MAX_FAILURES
  and LOGIN_MAX_ADDRESS_FAILURES in the window), and per account: all these devices share
  LOGIN_MAX_ACCOUNT_FAILURES guesses in any LOGIN_ACCOUNT_WINDOW_SECONDS (a sliding
  window of one-minute buckets). Each attempt takes its place in that budget before the
  password is checked and gives it back if it succeeds, so that attempts sent together
  cannot overrun it.

A success never clears the account's budget: only its own failures on that device or
that address. django-axes was considered and not used: it locks by username, address or
their combination, and has no device exemption, so it can either lock a real user out
from elsewhere or let many addresses guess without a per-account cap.

Counters live in the cache (apps.core.throttle, shared with the phones' codes); with
Redis down the cache answers misses and sign-in goes on unthrottled rather than failing.
"""

import contextlib
import dataclasses
import hashlib
import math
import secrets
import time
import unicodedata

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _

from apps.core.throttle import client_ip, failures_add

DEVICE_COOKIE = "donne_signin"
_SALT = "apps.accounts.throttle"
ACCOUNTS_KEPT = 8  # a club's shared laptop sees a few referees and managers
BUCKET_SECONDS = 60


class LoginThrottled(Exception):
    """Too many failures: ``wait`` seconds before trying again."""

    def __init__(self, wait: int):
        super().__init__(wait)
        self.wait = wait


@dataclasses.dataclass(frozen=True)
class LoginAttempt:
    """One sign-in attempt under way: where it comes from, and what it holds."""

    ip: str
    account: str  # a digest of the normalised username
    device: str  # this browser's id ("" before its first sign-in)
    accounts: tuple[str, ...]  # the accounts that signed in on this device
    trusted: bool  # the account signed in here and has not failed too often since
    reserved: str  # the account-budget bucket this attempt took a place in, or ""


def username_normalize(username: str) -> str:
    return unicodedata.normalize("NFKC", username or "").strip().casefold()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _pair_key(attempt: LoginAttempt) -> str:
    return f"login-fail:pair:{_digest(attempt.ip)}:{attempt.account}"


def _ip_key(attempt: LoginAttempt) -> str:
    return f"login-fail:ip:{_digest(attempt.ip)}"


def _device_key(device: str, account: str) -> str:
    return f"login-fail:device:{_digest(device)}:{account}"


def _bucket_key(account: str, bucket: int) -> str:
    return f"login-fail:account:{account}:{bucket}"


def _buckets(account: str, now: float) -> list[str]:
    """The account's buckets that still count, oldest first: those of the window's minutes
    and the current one, so that every failure counts for a whole window at least."""
    current = int(now // BUCKET_SECONDS)
    span = settings.LOGIN_ACCOUNT_WINDOW_SECONDS // BUCKET_SECONDS
    return [_bucket_key(account, bucket) for bucket in range(current - span, current + 1)]


def _held(request) -> tuple[str, tuple[str, ...]]:
    """This device's id and the accounts that signed in on it ("" and none without a valid
    cookie)."""
    value = request.get_signed_cookie(
        DEVICE_COOKIE, default="", salt=_SALT, max_age=settings.LOGIN_DEVICE_MAX_AGE_SECONDS
    )
    device, _sep, accounts = value.partition(":")
    return device, tuple(account for account in accounts.split(",") if account)


def _account_wait(counts: list[int], now: float) -> int:
    """Seconds until the account's budget has a place again, its buckets' ``counts``
    given oldest first (as _buckets names them): until the oldest buckets whose leaving
    brings the rest below the budget have left the window."""
    age = next(
        age
        for age in range(len(counts))
        if sum(counts[age + 1 :]) < settings.LOGIN_MAX_ACCOUNT_FAILURES
    )
    leaves = (int(now // BUCKET_SECONDS) + 1 + age) * BUCKET_SECONDS
    return max(1, math.ceil(leaves - now))


def _account_reserve(account: str) -> str:
    """Take a place in the account's budget; the bucket taken, or LoginThrottled."""
    now = time.time()
    keys = _buckets(account, now)
    failures_add(keys[-1], window=settings.LOGIN_ACCOUNT_WINDOW_SECONDS + BUCKET_SECONDS)
    found = cache.get_many(keys)
    counts = [found.get(key, 0) for key in keys]
    if sum(counts) > settings.LOGIN_MAX_ACCOUNT_FAILURES:
        _account_release(keys[-1])
        counts[-1] -= 1
        raise LoginThrottled(_account_wait(counts, now))
    return keys[-1]


def _account_release(key: str) -> None:
    with contextlib.suppress(ValueError):  # the bucket expired meanwhile
        cache.decr(key)


def login_attempt_start(*, request, username: str) -> LoginAttempt:
    """The attempt, its place in the account's budget taken; LoginThrottled if refused."""
    device, accounts = _held(request)
    account = _digest(username_normalize(username))
    if device and account in accounts:
        failures = cache.get(_device_key(device, account), 0)
        if failures < settings.LOGIN_MAX_FAILURES:
            return LoginAttempt(client_ip(request), account, device, accounts, True, "")
    attempt = LoginAttempt(client_ip(request), account, device, accounts, False, "")
    counts = cache.get_many([_pair_key(attempt), _ip_key(attempt)])
    if (
        counts.get(_pair_key(attempt), 0) >= settings.LOGIN_MAX_FAILURES
        or counts.get(_ip_key(attempt), 0) >= settings.LOGIN_MAX_ADDRESS_FAILURES
    ):
        raise LoginThrottled(settings.LOGIN_FAILURE_WINDOW_SECONDS)
    return dataclasses.replace(attempt, reserved=_account_reserve(account))


def login_attempt_failed(*, attempt: LoginAttempt) -> None:
    """The password was wrong: counted on the device if trusted, else on the address and
    the pair (the account's budget keeps the place taken)."""
    window = settings.LOGIN_FAILURE_WINDOW_SECONDS
    if attempt.trusted:
        failures_add(_device_key(attempt.device, attempt.account), window=window)
    else:
        failures_add(_pair_key(attempt), _ip_key(attempt), window=window)


def login_attempt_succeeded(*, attempt: LoginAttempt, response) -> None:
    """Signed in: the attempt's place given back, the failures of this device or address on
    this account forgotten, and the device cookie given (or renewed) naming the account."""
    if attempt.reserved:
        _account_release(attempt.reserved)
    forgotten = [_pair_key(attempt)]
    if attempt.device:
        forgotten.append(_device_key(attempt.device, attempt.account))
    cache.delete_many(forgotten)
    device = attempt.device or secrets.token_urlsafe(16)
    accounts = [*[held for held in attempt.accounts if held != attempt.account], attempt.account]
    response.set_signed_cookie(
        DEVICE_COOKIE,
        f"{device}:{','.join(accounts[-ACCOUNTS_KEPT:])}",
        salt=_SALT,
        max_age=settings.LOGIN_DEVICE_MAX_AGE_SECONDS,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )


def wait_text(seconds: int) -> str:
    """Why the attempt is refused, in French, and for how long."""
    if seconds >= 120:
        return _("Too many failed attempts. Try again in %(minutes)s minutes.") % {
            "minutes": round(seconds / 60)
        }
    return _("Too many failed attempts. Try again in %(seconds)s seconds.") % {"seconds": seconds}
