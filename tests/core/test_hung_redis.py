"""A Redis that accepts connections and never answers (hung) never hangs the site (issue
42, point 7): every call to it gives up after REDIS_TIMEOUT_SECONDS, a process that met
it goes without the cache for a while (apps.core.cache), sign-in goes on unthrottled
(fails open), and a job the broker did not take is marked so and queued again by the
sweep once Redis answers (apps.core.jobs)."""

import base64
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode

import pytest
import redis
from django.conf import settings as django_settings
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.core.cache import cache
from django.urls import reverse

from apps.accounts.models import User
from apps.core import cache as resilient_cache
from apps.core import jobs
from apps.federation.models import Season
from apps.rankings.models import RankingRun
from config.celery import app
from tests.builders import ETUI_1, enter, played
from tests.factories import PASSWORD
from tests.processes import database_url, free_port

ANSWER_SECONDS = 5  # a generous limit for a page on a loaded machine: a hung call took 31 s
START_SECONDS = 60
UNQUEUED = "La tâche n'a pas pu être lancée : la file des tâches est injoignable."


class BlackHole:
    """A TCP server on 127.0.0.1 that accepts every connection, reads nothing and never
    answers, as a hung Redis does; counts the connections it accepted."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.accepted: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def _accept(self) -> None:
        try:
            while True:
                self.accepted.append(self.listener.accept()[0])
        except OSError:  # closed
            return

    def close(self) -> None:
        self.listener.close()
        for held in self.accepted:
            held.close()


@pytest.fixture
def black_hole() -> Iterator[BlackHole]:
    hole = BlackHole()
    yield hole
    hole.close()


def test_every_call_to_redis_gives_up_within_the_settings_timeout():
    """The cache (and the throttles counting in it) and the broker, connecting and
    waiting for an answer alike."""
    limit = django_settings.REDIS_TIMEOUT_SECONDS
    assert limit <= 0.3
    options = django_settings.CACHES["default"]["OPTIONS"]
    assert (options["socket_connect_timeout"], options["socket_timeout"]) == (limit, limit)
    broker = django_settings.CELERY_BROKER_TRANSPORT_OPTIONS
    assert (broker["socket_connect_timeout"], broker["socket_timeout"]) == (limit, limit)
    assert broker["max_retries"] == 0 and limit >= django_settings.CELERY_BROKER_CONNECTION_TIMEOUT


@pytest.fixture
def hung_cache(settings, black_hole) -> BlackHole:
    settings.CACHES = {
        **django_settings.CACHES,
        "default": {
            **django_settings.CACHES["default"],
            "BACKEND": "apps.core.cache.ResilientRedisCache",
            "LOCATION": black_hole.url,
        },
    }
    return black_hole


def test_after_a_hung_call_the_process_goes_without_redis_for_a_while(hung_cache):
    """One timeout, then misses at once without a connection, until REDIS_RETRY_SECONDS
    have passed: then Redis is tried again."""
    assert cache.get("key", "missed") == "missed"
    tried = len(hung_cache.accepted)
    assert tried >= 1
    cache.set("key", 1)
    assert (cache.get("key"), cache.add("key", 1), cache.incr("key")) == (None, False, 1)
    assert cache.get_many(["key"]) == {} and len(hung_cache.accepted) == tried
    resilient_cache.unreachable_until[(hung_cache.url,)] = time.monotonic()  # the while over
    assert cache.get("key") is None and len(hung_cache.accepted) > tried


class Recorded:
    """A task whose publishing is recorded, or ends as ``ending`` says."""

    def __init__(self, ending: BaseException | None = None):
        self.ending = ending
        self.sent: list[list[int]] = []

    def apply_async(self, *, args, retry, countdown):
        if self.ending is not None:
            raise self.ending
        self.sent.append(args)


class ProcessEnded(BaseException):
    """The process ends while it publishes (a worker timeout, a kill): nothing catches it."""


@pytest.fixture
def season(db) -> Season:
    return Season.objects.create(start_year=2026, is_current=True)


@pytest.mark.django_db
def test_a_job_the_broker_took_is_not_queued_again(
    season, monkeypatch, django_capture_on_commit_callbacks
):
    run = RankingRun.objects.create(season=season, state=RankingRun.State.PENDING)
    task = Recorded()
    with django_capture_on_commit_callbacks(execute=True):
        jobs.job_enqueue(RankingRun, run.pk, task)
    run.refresh_from_db()
    assert (task.sent, run.enqueue_error) == ([[run.pk]], "")
    monkeypatch.setattr(jobs, "kinds", [(RankingRun, task)])
    assert jobs.jobs_sweep() == 0


@pytest.mark.django_db
def test_a_job_whose_publishing_never_ended_is_marked_and_swept(
    season, monkeypatch, django_capture_on_commit_callbacks
):
    """The mark is written before the broker is asked: a process that ends meanwhile
    leaves it, and the sweep queues the job again (then clears it)."""
    run = RankingRun.objects.create(season=season, state=RankingRun.State.PENDING)
    with pytest.raises(ProcessEnded), django_capture_on_commit_callbacks(execute=True):
        jobs.job_enqueue(RankingRun, run.pk, Recorded(ProcessEnded()))
    run.refresh_from_db()
    assert run.enqueue_error.startswith(UNQUEUED) and jobs.job_restartable(run)
    task = Recorded()
    monkeypatch.setattr(jobs, "kinds", [(RankingRun, task)])
    with django_capture_on_commit_callbacks(execute=True):
        assert jobs.jobs_sweep() == 1
    run.refresh_from_db()
    assert (task.sent, run.state, run.enqueue_error) == ([[run.pk]], "pending", "")


class Browser:
    """A browser of the server on ``port``: keeps its cookies, follows no redirect, and
    answers how long each request took."""

    def __init__(self, port: int):
        self.port = port
        self.cookies = SimpleCookie()

    def request(self, method: str, path: str, form: dict | None = None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = {"Cookie": "; ".join(f"{k}={v.value}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urlencode({**form, "csrfmiddlewaretoken": self.cookies["csrftoken"].value})
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        started = time.monotonic()
        try:
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            response.read()
        finally:
            connection.close()
        for cookie in response.headers.get_all("Set-Cookie") or []:
            self.cookies.load(cookie)
        return response.status, time.monotonic() - started

    def sign_in(self, username: str, password: str):
        self.request("GET", reverse("accounts:login"))
        return self.request(
            "POST", reverse("accounts:login"), {"username": username, "password": password}
        )


@contextmanager
def served(redis_url: str) -> Iterator[int]:
    """`manage.py runserver` on the test database, its REDIS_URL (cache, throttles,
    broker) at ``redis_url``: its port, once it answers."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url(), "REDIS_URL": redis_url}
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=Path(django_settings.BASE_DIR),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, "no runserver"
                time.sleep(0.2)
        yield port
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)


def _queued(queue: str) -> list[dict]:
    """The messages waiting in the broker's ``queue`` (kombu's Redis list), taken out."""
    broker = redis.Redis.from_url(os.environ["REDIS_URL"])
    messages = [json.loads(message) for message in broker.lrange(queue, 0, -1)]
    broker.delete(queue)
    return [
        {"task": m["headers"]["task"], "args": json.loads(base64.b64decode(m["body"]))[0]}
        for m in messages
    ]


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_the_site_answers_with_redis_hung_and_queues_its_job_once_redis_is_back(
    world, season, black_hole, isolated_worker_app
):
    movement = played(world)
    enter(world, movement, 1, [score for _p, _t, score, _a, _d in ETUI_1])
    session = movement.session
    # A hash the server's own hashers read (the tests' MD5 is not among them), made quick.
    User.objects.filter(username__in=["club_manager", "federation_staff"]).update(
        password=PBKDF2PasswordHasher().encode(PASSWORD, "hung-redis-salt", iterations=1000)
    )
    with served(black_hole.url) as port:
        visitor, manager, staff = Browser(port), Browser(port), Browser(port)
        answers = {"home": visitor.request("GET", reverse("tournaments:home"))}
        answers["wrong table code"] = visitor.request(
            "GET", reverse("scoring:table_code") + "?code=NOPE"
        )
        # The sign-in throttle fails open: more wrong passwords than it allows are each
        # answered as wrong, then the right one signs in.
        for attempt in range(django_settings.LOGIN_MAX_FAILURES + 1):
            answers[f"wrong password {attempt}"] = manager.sign_in("club_manager", "wrong")
        answers["sign-in"] = manager.sign_in("club_manager", PASSWORD)
        for name in ("tournaments:home", "tournaments:club_home"):
            answers[name] = manager.request("GET", reverse(name))
        answers["tournament"] = manager.request(
            "GET", reverse("tournaments:detail", args=[world.tournament.pk])
        )
        answers["live ranking"] = manager.request(
            "GET", reverse("results:session", args=[session.pk])
        )
        assert staff.sign_in("federation_staff", PASSWORD)[0] == 302
        answers["calculer"] = staff.request("POST", reverse("rankings:compute", args=[2026]), {})
        answers["staff ranking"] = staff.request("GET", reverse("rankings:staff", args=[2026]))
    statuses = {name: status for name, (status, _took) in answers.items()}
    assert statuses == {
        "home": 200,
        "wrong table code": 200,
        **{f"wrong password {n}": 200 for n in range(django_settings.LOGIN_MAX_FAILURES + 1)},
        "sign-in": 302,
        "tournaments:home": 200,
        "tournaments:club_home": 200,
        "tournament": 200,
        "live ranking": 200,
        "calculer": 302,
        "staff ranking": 200,
    }
    slow = {name: round(took, 1) for name, (_status, took) in answers.items()}
    assert max(slow.values()) < ANSWER_SECONDS, slow
    run = RankingRun.objects.get(live=False)
    assert (run.state, run.enqueue_error.startswith(UNQUEUED)) == ("pending", True)
    # Redis is back: the sweep queues the run, once.
    app.conf.task_always_eager = False
    assert jobs.jobs_sweep() == 1
    run.refresh_from_db()
    assert (run.state, run.enqueue_error) == ("pending", "")
    queued = _queued(isolated_worker_app)
    assert queued == [{"task": "apps.rankings.tasks.ranking_compute", "args": [run.pk]}]
    assert jobs.jobs_sweep() == 0
