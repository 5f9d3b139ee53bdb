"""With Redis unreachable, signing in, the API token endpoint and the pages still work:
the cache (apps.core.cache.ResilientRedisCache) answers misses instead of errors."""

import pytest
from django.conf import settings as django_settings
from django.core.cache import cache
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import PASSWORD

pytestmark = pytest.mark.django_db

NOWHERE = "redis://127.0.0.1:1/0"  # nothing listens on port 1


@pytest.fixture
def redis_down(settings):
    settings.CACHES = {
        "default": {
            **django_settings.CACHES["default"],
            "BACKEND": "apps.core.cache.ResilientRedisCache",
            "LOCATION": NOWHERE,
        }
    }


def test_production_uses_the_resilient_cache():
    assert django_settings.CACHES["default"]["BACKEND"] == "apps.core.cache.ResilientRedisCache"
    assert django_settings.CACHES["default"]["OPTIONS"]["socket_connect_timeout"] <= 1


def test_the_cache_answers_misses_when_redis_is_down(redis_down):
    cache.set("k", 1)
    assert cache.get("k") is None and cache.get("k", "default") == "default"
    assert cache.add("k", 1) is False and cache.get_many(["k"]) == {}
    assert cache.incr("k") == 1 and cache.delete("k") is False
    cache.delete_many(["k"])


def test_signing_in_works_without_redis(client, world, redis_down):
    assert client.get(reverse("accounts:login")).status_code == 200
    wrong = client.post(reverse("accounts:login"), {"username": "club_manager", "password": "x"})
    assert wrong.status_code == 200
    right = client.post(
        reverse("accounts:login"), {"username": "club_manager", "password": PASSWORD}
    )
    assert right.status_code == 302


def test_the_token_endpoint_works_without_redis(world, redis_down):
    response = APIClient().post(
        "/api/auth/token/", {"username": "club_manager", "password": PASSWORD}
    )
    assert response.status_code == 200 and response.json()["token"]


def test_pages_work_without_redis(client, world, redis_down):
    client.force_login(world.club_manager)
    for url in (
        reverse("tournaments:home"),
        reverse("tournaments:club_home"),
        reverse("tournaments:detail", args=[world.tournament.pk]),
        "/api/tournaments/",
    ):
        assert client.get(url).status_code == 200, url


def test_the_cache_keeps_one_redis_client_and_works_through_it():
    """Django makes a new redis.Redis at every call; ours is made once per pool."""
    cache.set("kept", 41)
    cache.incr("kept")
    client = cache._cache.get_client(write=True)
    assert cache.get("kept") == 42 and cache._cache.get_client() is client
    assert client is cache._cache.get_client(write=True)
    cache.delete("kept")


def test_the_kept_client_still_survives_redis_going_down(redis_down):
    cache.get("k")  # the client made, against a Redis that does not answer
    assert cache.get("k", "default") == "default" and cache.set("k", 1) is None
