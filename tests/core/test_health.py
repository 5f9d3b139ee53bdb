import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_health_reports_database_and_cache(client):
    response = client.get(reverse("core:health"))
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "cache": "ok"}


def test_health_says_when_the_cache_is_down(client, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",  # nothing listens there
        }
    }
    response = client.get(reverse("core:health"))
    assert response.status_code == 503
    assert response.json()["cache"] == "down"
