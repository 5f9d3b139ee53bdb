"""What the benchmarks that load gunicorn share: a 150-table session in play with table
entry on, signed-in sessions, gunicorn started as docker-compose runs it (its workers as
gunicorn.conf.py sets them, connections kept 60 s), and simulated browsers."""

import contextlib
import http.client
import importlib
import os
import random
import runpy
import secrets
import socket
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

import _throwaway_db  # noqa: F401  (sets Django up)
from _size import sized
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.db import connection
from django.test import override_settings
from django.urls import reverse

from apps.movements import services as movement_services
from apps.movements.models import MovementTable, TableCode
from apps.scoring.models import Play
from apps.tournaments.domain.workflow import Status
from tests.builders import advance_to
from tests.factories import register
from tests.personas import world_build

ROOT = Path(__file__).resolve().parent.parent
WORKERS = sized(None, 1)  # None: as gunicorn.conf.py sets them for this machine


def workers_served() -> int:
    """How many workers gunicorn runs for the benchmarks on this machine."""
    return WORKERS or runpy.run_path(str(ROOT / "gunicorn.conf.py"))["workers"]


# Served as production serves them: collected and compressed, which takes over a minute;
# the tiny run has DEBUG on, its static files served from the apps.
COLLECTED_STATIC = sized(True, False)
SCORES = (56, 62, -56, -52, 50, 70, -70, 96, -104, 34, 132, -62)  # Garde scores
SECRET_KEY = secrets.token_urlsafe(64)  # the server signs the bench's sessions with it


@dataclass
class Evening:
    """A session in play: ``tables`` its tables where a position is played, ``in_play``
    those at the position in play, ``unplayed`` those of the positions after it, ``codes``
    each table's code by (section, table)."""

    world: object
    session: object
    movement: object
    tables: list
    in_play: list
    unplayed: list
    codes: dict


def evening_build(tables: int, position: int = 3, scored_before: int | None = None) -> Evening:
    """``tables`` tables seated with the regulation's movement, the positions before
    ``scored_before`` scored (those before ``position`` by default), ``position`` in play
    with table entry on."""
    rng = random.Random(2026)
    world = world_build()
    world.tournament.status = Status.RUNNING
    world.tournament.save()
    register(world.tournament, tables * 4)
    session = world.tournament.sessions.get()
    movement = movement_services.movement_generate(
        actor=world.referee, session=session, tables=tables, seed=1
    )
    movement = advance_to(world, movement, position)
    movement = movement_services.movement_table_entry_set(
        actor=world.referee, movement=movement, enabled=True
    )
    played = MovementTable.objects.filter(
        movement=movement, sequence__lt=scored_before or position, position__gte=1
    )
    Play.objects.bulk_create(
        Play(table=table, etui=etui, score=rng.choice(SCORES))
        for table in played
        for etui in table.etuis
    )
    tables_of = list(
        MovementTable.objects.filter(movement=movement, position__gte=1).order_by("sequence", "pk")
    )
    in_play = [table for table in tables_of if table.sequence == position]
    unplayed = [table for table in tables_of if table.sequence > position]
    rows = TableCode.objects.filter(movement=movement).values_list("section", "table", "code")
    codes = {(section, table): code for section, table, code in rows}
    with connection.cursor() as cursor:  # statistics, as autovacuum keeps them in a server in use
        cursor.execute("ANALYZE")
    return Evening(world, session, movement, tables_of, in_play, unplayed, codes)


def signed_in(user) -> dict:
    """The cookies of a browser where ``user`` is signed in."""
    with override_settings(SECRET_KEY=SECRET_KEY):
        store = importlib.import_module(settings.SESSION_ENGINE).SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
    return {settings.SESSION_COOKIE_NAME: store.session_key}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_url() -> str:
    """DATABASE_URL pointing at the throwaway database."""
    parts = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(parts._replace(path="/" + connection.settings_dict["NAME"]))


@contextlib.contextmanager
def gunicorn(
    app: str = "config.wsgi:application", extra_env: dict | None = None, config: Path | None = None
):
    """Gunicorn serving ``app`` (a module of bench/ or the site's) on the throwaway
    database as docker-compose runs it; its port."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DATABASE_CONN_MAX_AGE": "60",  # as docker-compose runs gunicorn
        "DEBUG": "0" if COLLECTED_STATIC else "1",
        "SECRET_KEY": SECRET_KEY,
        "SECURE_SSL_REDIRECT": "0",
        "SESSION_COOKIE_SECURE": "0",
        "CSRF_COOKIE_SECURE": "0",
        "LOG_LEVEL": "WARNING",
        **(extra_env or {}),
    }
    if COLLECTED_STATIC:  # gunicorn serves them as production does: with a manifest
        subprocess.run(
            [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
            cwd=ROOT,
            env=env,
            check=True,
        )
    command = [sys.executable, "-m", "gunicorn", app, "--pythonpath", str(ROOT / "bench"),
               "--bind", f"127.0.0.1:{port}", "--log-level", "warning",
               "--config", str(config or ROOT / "gunicorn.conf.py")]  # fmt: skip
    if WORKERS is not None:
        command += ["--workers", str(WORKERS)]
    server = subprocess.Popen(command, cwd=ROOT, env=env)
    try:
        for _ in range(300):
            if server.poll() is not None:
                sys.exit("gunicorn did not start")
            try:
                Client(port).request("GET", reverse("core:health"))
                break
            except OSError:
                time.sleep(0.1)
        yield port
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


class Client:
    """One simulated browser: a kept-alive connection, its cookies (those the server sets
    kept for its next requests: the CSRF cookie, which names the pages it revalidates) and,
    as a browser revalidates what it keeps, each page's ETag sent back as If-None-Match
    (``cookies`` and ``etags``: shared by the clients of one browser)."""

    def __init__(self, port: int, cookies: dict | None = None, etags: dict | None = None):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookies = {} if cookies is None else cookies
        self.etags = {} if etags is None else etags

    def request(
        self, method: str, path: str, body: dict | None = None, headers: dict | None = None
    ) -> tuple[int, float]:
        headers = {
            "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            **(headers or {}),
        }
        data = None
        if method == "GET" and path in self.etags:
            headers["If-None-Match"] = self.etags[path]
        if body is not None:
            data = urlencode(body)
            headers |= {
                "Content-Type": "application/x-www-form-urlencoded",
                "HX-Request": "true",
                "X-CSRFToken": self.cookies.get("csrftoken", ""),
            }
        start = time.perf_counter()
        self.connection.request(method, path, body=data, headers=headers)
        response = self.connection.getresponse()
        response.read()
        elapsed = time.perf_counter() - start
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
            elif header.lower() == "etag" and method == "GET":
                self.etags[path] = value
        return response.status, elapsed

    def get(self, path: str, what: str, headers: dict | None = None) -> float:
        status, elapsed = self.request("GET", path, headers=headers)
        if status != 304:  # unchanged since this browser's last view
            expect(status, 200, what)
        return elapsed


class Table:
    """A table's two phones: Nord's, that sends each étui's score, and another player's,
    that confirms it."""

    def __init__(self, port: int, table, code: str):
        self.port, self.table, self.code = port, table, code
        self.nord, self.checker = Client(port), Client(port)
        self.page = reverse("scoring:table_page", args=[code])
        for phone in (self.nord, self.checker):
            phone.get(self.page, "table page")

    def etui_enter(self, etui: int, score: int, sequence: int | None = None) -> list[float]:
        """Nord sends ``score`` for ``etui`` (of the position played ``sequence``-th, the
        table's by default) and the checker confirms it: each response's time. Each post
        opens its own connection (gunicorn's workers close it after each response), so
        that a table may send several étuis at once."""
        sequence = sequence or self.table.sequence
        path = reverse("scoring:table_post", args=[self.code, sequence, etui])
        sent = {"action": "send", f"e{etui}-score": str(score)}
        confirmed = {"action": "confirm", "seat": "E", "score": str(score)}
        times = []
        for phone, body in ((self.nord, sent), (self.checker, confirmed)):
            status, elapsed = Client(self.port, phone.cookies).request("POST", path, body)
            expect(status, 200, "table entry")
            times.append(elapsed)
        return times


def p95(times: list[float]) -> float:
    """The 95th percentile, interpolated between the times measured (as numpy's default
    does): never beyond the slowest, however few the times (the progress page is asked
    once in 5 s)."""
    return statistics.quantiles(times, n=20, method="inclusive")[-1] if len(times) > 1 else times[0]


def expect(status: int, wanted: int, what: str) -> None:
    if status != wanted:
        raise RuntimeError(f"{what}: HTTP {status}")
