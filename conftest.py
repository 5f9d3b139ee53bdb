import gc
import os
import uuid

import pytest
from hypothesis import settings as hypothesis_settings

from tests.factories import PASSWORD
from tests.personas import World, world_build

pytest_plugins = ["tests.ci_skips"]

# Property tests are judged on what they find, never on time: a loaded machine must not
# fail them (no timed tests).
hypothesis_settings.register_profile("donne", deadline=None)
hypothesis_settings.load_profile("donne")

FAST_TEST_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def pytest_configure(config):
    from django.conf import settings

    settings.PASSWORD_HASHERS = FAST_TEST_HASHERS
    _own_cache_per_xdist_worker(settings)


def _own_cache_per_xdist_worker(settings) -> None:
    """Under pytest-xdist each worker clears the cache before every test: give each its own
    Redis database (14, 13, … below the broker's 15) so that one never empties another's
    cache, nor the queue a worker test is waiting on."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    cache = settings.CACHES["default"]
    if not worker.startswith("gw") or "redis" not in cache["BACKEND"].lower():
        return
    base, _, database = cache["LOCATION"].rpartition("/")
    cache["LOCATION"] = f"{base}/{int(database or 0) - 1 - int(worker[2:])}"


def pytest_collection_finish(session):
    """What the run has loaded by now (Django, the project, thousands of collected tests)
    lives to the end: set it aside from Python's garbage collector, whose full
    collections would otherwise walk it again and again (a tenth of a worker's time),
    and collect the young generation less often."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def pytest_collection_modifyitems(config, items):
    """Tests that start a worker or drive a browser are slow as well."""
    for item in items:
        if item.get_closest_marker("worker") or item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.slow)


@pytest.fixture
def world(db) -> World:
    return world_build()


@pytest.fixture
def login(client):
    """Sign the test client in as a user: login(user) -> client."""

    def _login(user):
        assert client.login(username=user.username, password=PASSWORD)
        return client

    return _login


@pytest.fixture
def isolated_worker_app():
    """The Celery app pointed at REDIS_URL and at a queue of this test's own, restored after;
    yields the queue. A private queue keeps other workers on the same Redis from taking the
    task."""
    from config.celery import app

    queue = f"donne-test-{uuid.uuid4().hex}"
    overrides = {
        "broker_url": os.environ["REDIS_URL"],
        "task_default_queue": queue,
        "worker_hijack_root_logger": False,
    }
    saved = {name: getattr(app.conf, name) for name in overrides}
    app.conf.update(overrides)
    yield queue
    app.conf.update(saved)


@pytest.fixture(autouse=True)
def _isolated_cache_and_eager_tasks(request, settings):
    """Each test starts with an empty cache, Redis tried again (whatever an earlier test's
    timeout left, apps.core.cache); Celery runs eagerly unless the test is marked
    `worker` (then it talks to a real worker through Redis)."""
    from django.core.cache import cache

    from apps.core.cache import unreachable_until
    from config.celery import app

    unreachable_until.clear()
    cache.clear()
    eager = request.node.get_closest_marker("worker") is None
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = eager
    settings.CELERY_TASK_ALWAYS_EAGER = eager
    yield
    app.conf.task_always_eager = previous


@pytest.fixture
def api():
    """A REST API client (apps' API tests)."""
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def api_as(world, api):
    """Sign the API client in (session) as one of the world's personas: api_as(name)."""

    def _as(persona: str):
        api.force_login(world.persona(persona))
        return api

    return _as
