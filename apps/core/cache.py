"""The Redis cache, resilient: when Redis cannot be reached, a read is a miss and a write
is dropped (with a warning in the log) instead of an error. The cache only ever holds
what can be lost — sign-in counters, API throttles, job progress, a session's results
and its rankings as rendered (computed again) — so signing in and every page keep
working while Redis is down.

A Redis that accepts connections and never answers (hung) costs each call its timeout
(REDIS_TIMEOUT_SECONDS, in the settings): after a call that could not reach it, this
process goes without Redis for REDIS_RETRY_SECONDS, its calls answered at once as if it
were down, so that a hung Redis costs a process one timeout every few seconds, not one
per call of every page.

Its client is made once per connection pool and kept: Django's makes a new ``redis.Redis``
at every call, whose set-up (a table of some 170 reply handlers) cost more than reading a
signed-in user's session from Redis, on every request."""

import logging
import time
from functools import wraps

from django.conf import settings
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
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


# Until when (time.monotonic()) this process goes without Redis, by the cache's servers:
# for the whole process, whose every thread has a cache of its own (runserver starts one
# per request).
unreachable_until: dict[tuple[str, ...], float] = {}


def _missed(name: str, fallback, args: tuple, kwargs: dict):
    """What operation ``name`` answers without Redis."""
    if name == "get":  # get(key, default=None)
        return kwargs.get("default", args[1] if len(args) > 1 else None)
    if name == "incr":  # the caller counts on a number: one more than nothing
        return kwargs.get("delta", args[1] if len(args) > 1 else 1)
    return type(fallback)() if isinstance(fallback, dict | list) else fallback


def _resilient(name: str, fallback):
    method = getattr(RedisCache, name)

    @wraps(method)
    def call(self, *args, **kwargs):
        servers = tuple(self._servers)
        if time.monotonic() < unreachable_until.get(servers, 0):
            return _missed(name, fallback, args, kwargs)
        try:
            return method(self, *args, **kwargs)
        except UNREACHABLE as exc:
            unreachable_until[servers] = time.monotonic() + settings.REDIS_RETRY_SECONDS
            logger.warning(
                "cache unreachable (%s): %s skipped, and the cache for %s s",
                exc.__class__.__name__,
                name,
                settings.REDIS_RETRY_SECONDS,
            )
            return _missed(name, fallback, args, kwargs)

    return call


class KeptRedisCacheClient(RedisCacheClient):
    """Django's client, its ``redis.Redis`` made once per connection pool (thread-safe:
    each command takes a connection from the pool)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        if pool not in self._clients:
            self._clients[pool] = self._client(connection_pool=pool)
        return self._clients[pool]


class ResilientRedisCache(RedisCache):
    """django.core.cache.backends.redis.RedisCache that survives Redis being down."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = KeptRedisCacheClient


for _name, _fallback in FALLBACKS.items():
    setattr(ResilientRedisCache, _name, _resilient(_name, _fallback))
