"""The Redis cache, resilient: when Redis cannot be reached, a read is a miss and a write
is dropped (with a warning in the log) instead of an error. The cache only ever holds
what can be lost — sign-in counters, API throttles, job progress, a session's results
and its rankings as rendered (computed again) — so signing in and every page keep
working while Redis is down."""

import logging
from functools import wraps

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger(__name__)
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)

# What each operation answers when Redis is unreachable: a miss, or nothing done.
FALLBACKS = {
    "add": False,
    "get": None,
    "set": None,
    "touch": False,
    "delete": False,
    "get_many": {},
    "set_many": [],
    "delete_many": None,
    "has_key": False,
    "incr": None,
    "clear": None,
}


def _resilient(name: str, fallback):
    method = getattr(RedisCache, name)

    @wraps(method)
    def call(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except UNREACHABLE as exc:
            logger.warning("cache unreachable (%s): %s skipped", exc.__class__.__name__, name)
            if name == "get":  # get(key, default=None)
                return kwargs.get("default", args[1] if len(args) > 1 else None)
            if name == "incr":  # the caller counts on a number: one more than nothing
                return kwargs.get("delta", args[1] if len(args) > 1 else 1)
            return type(fallback)() if isinstance(fallback, dict | list) else fallback

    return call


class ResilientRedisCache(RedisCache):
    """django.core.cache.backends.redis.RedisCache that survives Redis being down."""


for _name, _fallback in FALLBACKS.items():
    setattr(ResilientRedisCache, _name, _resilient(_name, _fallback))
