"""Load a 150-table session with table entry on, served by gunicorn as docker-compose runs
it (3 workers), PostgreSQL and Redis.

    DATABASE_URL=postgres://... REDIS_URL=redis://... .venv/bin/python bench/load.py

Runs in a throwaway database on the server of DATABASE_URL. It seats 600 players with
the regulation's movement for 150 tables, scores positions 1 and 2, puts position 3 in
play with table entry on, starts gunicorn on a free port and measures, one after the
other, with simulated clients (threads keeping their connection open):
  (a) a trivial page (the form that takes a table's code), 150 clients;
  (b) table entry: 150 tables, each sending then confirming every étui of position 3
      (Nord's post and the checker's post), as the phones do;
  (c) the live ranking page of the session under 200 readers.
It prints the throughput (requests per second) and the 95th percentile of the response
times of each, and the ratios of table entry to the trivial page.
"""

import contextlib
import http.client
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode, urlsplit, urlunsplit

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _size import sized
from _throwaway_db import throwaway_database
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore
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
TABLES = sized(150, 5)
READERS = sized(200, 5)
TRIVIAL_ROUNDS = sized(8, 2)  # requests per client of the trivial page: as many as a table posts
READER_ROUNDS = sized(3, 1)
WORKERS = sized(3, 1)
# Served as production serves them: collected and compressed, which takes over a minute;
# the tiny run has DEBUG on, its static files served from the apps.
COLLECTED_STATIC = sized(True, False)
SCORES = (56, 62, -56, -52, 50, 70, -70, 96, -104, 34, 132, -62)  # Garde scores


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_url() -> str:
    """DATABASE_URL pointing at the throwaway database."""
    parts = urlsplit(os.environ["DATABASE_URL"])
    return urlunsplit(parts._replace(path="/" + connection.settings_dict["NAME"]))


class Client:
    """One simulated browser: a kept-alive connection and its cookies."""

    def __init__(self, port: int, cookies: dict | None = None):
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.cookies = dict(cookies or {})

    def request(self, method: str, path: str, body: dict | None = None) -> tuple[int, float]:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        data = None
        if body is not None:
            data = urlencode(body)
            headers |= {
                "Content-Type": "application/x-www-form-urlencoded",
                "HX-Request": "true",
                "X-CSRFToken": self.cookies.get("csrftoken", ""),
            }
        start = time.perf_counter()
        self.connection.request(method, path, body=data, headers=headers)
        response = response_read = self.connection.getresponse()
        response_read.read()
        elapsed = time.perf_counter() - start
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        return response.status, elapsed


def run_clients(count: int, work) -> tuple[float, list[float]]:
    """Run work(index, times) in `count` threads started together; the wall time and every
    response time."""
    times: list[list[float]] = [[] for _ in range(count)]
    barrier = threading.Barrier(count + 1)
    errors: list[str] = []

    def body(index):
        try:
            prepared = work(index)
            barrier.wait()
            prepared(times[index])
        except Exception as exc:  # reported after the run
            errors.append(repr(exc))
            barrier.abort()

    threads = [threading.Thread(target=body, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    with contextlib.suppress(threading.BrokenBarrierError):
        barrier.wait()
    start = time.perf_counter()
    for thread in threads:
        thread.join()
    wall = time.perf_counter() - start
    if errors:
        sys.exit(f"{len(errors)} clients failed, first: {errors[0]}")
    return wall, [t for per_client in times for t in per_client]


def report(name: str, wall: float, times: list[float]) -> tuple[float, float]:
    throughput = len(times) / wall
    p95 = statistics.quantiles(times, n=20)[-1]
    print(f"{name:<28} {len(times):5d} requests  {throughput:8.1f} req/s  p95 {p95 * 1000:7.1f} ms")
    return throughput, p95


def expect(status: int, wanted: int, what: str) -> None:
    if status != wanted:
        raise RuntimeError(f"{what}: HTTP {status}")


def main() -> None:
    rng = random.Random(2026)
    with throwaway_database():
        world = world_build()
        world.tournament.status = Status.RUNNING
        world.tournament.save()
        register(world.tournament, TABLES * 4)
        session = world.tournament.sessions.get()
        movement = movement_services.movement_generate(
            actor=world.referee, session=session, tables=TABLES, seed=1
        )
        movement = advance_to(world, movement, 3)
        movement = movement_services.movement_table_entry_set(
            actor=world.referee, movement=movement, enabled=True
        )
        played = MovementTable.objects.filter(movement=movement, sequence__lt=3, position__gte=1)
        Play.objects.bulk_create(
            Play(table=table, etui=etui, score=rng.choice(SCORES))
            for table in played
            for etui in table.etuis
        )
        in_play = list(MovementTable.objects.filter(movement=movement, sequence=3))
        rows = TableCode.objects.filter(movement=movement).values_list("section", "table", "code")
        codes = {(section, table): code for section, table, code in rows}
        secret_key = secrets.token_urlsafe(64)  # the server signs the readers session with it
        with override_settings(SECRET_KEY=secret_key):
            store = SessionStore()
            store[SESSION_KEY] = str(world.referee.pk)
            store[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[0]
            store[HASH_SESSION_KEY] = world.referee.get_session_auth_hash()
            store.create()
        print(f"{TABLES} tables, {TABLES * 4} players, position 3 in play, "
              f"{Play.objects.count()} plays scored, table entry on")  # fmt: skip

        port = free_port()
        env = {
            **os.environ,
            "DATABASE_URL": database_url(),
            "DATABASE_CONN_MAX_AGE": "60",  # as docker-compose runs gunicorn
            "DEBUG": "0" if COLLECTED_STATIC else "1",
            "SECRET_KEY": secret_key,
            "SECURE_SSL_REDIRECT": "0",
            "SESSION_COOKIE_SECURE": "0",
            "CSRF_COOKIE_SECURE": "0",
            "LOG_LEVEL": "WARNING",
        }
        if COLLECTED_STATIC:  # gunicorn serves them as production does: with a manifest
            subprocess.run(
                [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"],
                cwd=ROOT,
                env=env,
                check=True,
            )
        server = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "config.wsgi:application",
             "--bind", f"127.0.0.1:{port}", "--workers", str(WORKERS), "--log-level", "warning"],
            cwd=ROOT, env=env,
        )  # fmt: skip
        try:
            for _ in range(300):
                if server.poll() is not None:
                    sys.exit("gunicorn did not start")
                try:
                    Client(port).request("GET", reverse("core:health"))
                    break
                except OSError:
                    time.sleep(0.1)
            measure(port, in_play, codes, store.session_key, session.pk)
        finally:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def measure(port: int, in_play, codes: dict, session_key: str, session_pk: int) -> None:
    trivial_path = reverse("scoring:table_code")

    def reading(path: str, rounds: int, what: str, cookies: dict | None = None):
        """Clients that read ``path`` ``rounds`` times each."""

        def client_of(index):
            client = Client(port, cookies)
            if cookies is None:  # a first visit, as a phone's
                expect(client.request("GET", path)[0], 200, what)

            def go(times):
                for _ in range(rounds):
                    status, elapsed = client.request("GET", path)
                    expect(status, 200, what)
                    times.append(elapsed)

            return go

        return client_of

    def table_entry(index):
        table = in_play[index]
        code = codes[(table.section, table.table)]
        nord, checker = Client(port), Client(port)  # two phones: another one checks Nord's
        for phone in (nord, checker):
            page = reverse("scoring:table_page", args=[code])
            expect(phone.request("GET", page)[0], 200, "table")
        scores = random.Random(index)

        def go(times):
            for etui in table.etuis:
                path = reverse("scoring:table_post", args=[code, table.sequence, etui])
                score = scores.choice(SCORES)
                sent = {"action": "send", f"e{etui}-score": str(score)}
                confirmed = {"action": "confirm", "seat": "E", "score": str(score)}
                for phone, body in ((nord, sent), (checker, confirmed)):
                    status, elapsed = phone.request("POST", path, body)
                    expect(status, 200, "table entry")
                    times.append(elapsed)

        return go

    ranking_path = reverse("results:session", args=[session_pk])
    readers = reading(
        ranking_path, READER_ROUNDS, "live ranking", {settings.SESSION_COOKIE_NAME: session_key}
    )

    trivial = reading(trivial_path, TRIVIAL_ROUNDS, "trivial page")
    base = report("(a) trivial page", *run_clients(TABLES, trivial))
    entry = report("(b) table entry posts", *run_clients(len(in_play), table_entry))
    report("(c) live ranking, readers", *run_clients(READERS, readers))
    recorded = Play.objects.filter(table__in=in_play, score__isnull=False).count()
    expected = sum(len(table.etuis) for table in in_play)
    print(f"lines recorded from the tables: {recorded} of {expected}")
    print(f"throughput ratio table entry / trivial: {entry[0] / base[0]:.2f}")
    print(f"p95 ratio table entry / trivial: {entry[1] / base[1]:.2f}")


if __name__ == "__main__":
    main()
