"""Login throttling: after LOGIN_MAX_FAILURES failed attempts within the window, from one
client address or on one username, further attempts are refused until the window ends.
Counters live in the cache (Redis in production, so every web worker shares them)."""

import hashlib

from django.conf import settings
from django.core.cache import cache


def _keys(ip: str, username: str) -> list[str]:
    name = hashlib.sha256(username.strip().lower().encode()).hexdigest()[:32]
    return [f"login-fail:ip:{ip}", f"login-fail:user:{name}"]


def client_ip(request) -> str:
    """The client's address: REMOTE_ADDR, or behind NUM_PROXIES proxies the address the
    outermost trusted proxy saw (X-Forwarded-For cannot be forged past it)."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if settings.NUM_PROXIES and forwarded:
        addresses = [a.strip() for a in forwarded.split(",")]
        return addresses[-min(settings.NUM_PROXIES, len(addresses))]
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def login_blocked(*, ip: str, username: str) -> bool:
    counts = cache.get_many(_keys(ip, username))
    return any(count >= settings.LOGIN_MAX_FAILURES for count in counts.values())


def login_failure_record(*, ip: str, username: str) -> None:
    for key in _keys(ip, username):
        if cache.add(key, 1, timeout=settings.LOGIN_FAILURE_WINDOW_SECONDS):
            continue
        try:
            cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=settings.LOGIN_FAILURE_WINDOW_SECONDS)


def login_failures_clear(*, ip: str, username: str) -> None:
    cache.delete_many(_keys(ip, username))
