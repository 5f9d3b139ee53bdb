"""Liveness of the web process and its database and cache connections."""

from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache


def _database_ok() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        return True
    except Exception:
        return False


def _cache_ok() -> bool:
    try:
        cache.set("health", "ok", 5)
        return cache.get("health") == "ok"
    except Exception:
        return False


@never_cache
def health(request):
    checks = {"database": _database_ok(), "cache": _cache_ok()}
    status = 200 if all(checks.values()) else 503
    return JsonResponse({k: "ok" if v else "down" for k, v in checks.items()}, status=status)
