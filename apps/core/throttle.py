"""Failure counters for throttling, kept in the cache (Redis in production, shared by
every web worker): sign-in (apps.accounts.throttle) and the codes phones open tables and
sheets with (apps.movements.phones) count their failures here. With Redis down the cache
answers misses (apps.core.cache) and nothing is throttled rather than everything failing."""

from django.conf import settings
from django.core.cache import cache


def client_ip(request) -> str:
    """The client's address: REMOTE_ADDR, or behind NUM_PROXIES proxies the address the
    outermost trusted proxy saw (X-Forwarded-For cannot be forged past it)."""
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if settings.NUM_PROXIES and forwarded:
        addresses = [a.strip() for a in forwarded.split(",")]
        return addresses[-min(settings.NUM_PROXIES, len(addresses))]
    return request.META.get("REMOTE_ADDR", "") or "unknown"


def failures_add(*keys: str, window: int) -> None:
    """One more failure on each counter; a counter lasts ``window`` seconds from its first
    failure."""
    for key in keys:
        if not cache.add(key, 1, timeout=window):
            try:
                cache.incr(key)
            except ValueError:  # expired between add and incr
                cache.set(key, 1, timeout=window)
