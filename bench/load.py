"""Load a 150-table session with table entry on, served by gunicorn as docker-compose runs
it (gunicorn.conf.py), PostgreSQL and Redis.

    DATABASE_URL=postgres://... REDIS_URL=redis://... .venv/bin/python bench/load.py
    BENCH_PROFILE=/tmp/prof ...   also dumps each worker's cProfile figures there

Runs in a throwaway database on the server of DATABASE_URL. It seats 600 players with
the regulation's movement for 150 tables, scores positions 1 and 2, puts position 3 in
play with table entry on, starts gunicorn on a free port and measures, one after the
other, with simulated clients (threads keeping their connection open):
  (a) a trivial page (the form that takes a table's code), 150 clients;
  (b) table entry: 150 tables, each sending then confirming every étui of position 3
      (Nord's post and the checker's post), as the phones do;
  (c) the live ranking page of the session under 200 readers;
  (d) the floor of a score post: as many posts as (b), each one transaction writing a
      line of a later position and its audit row, nothing else, served by the same
      gunicorn and middleware (a bench-only address, bench/_floor_wsgi.py);
  (a) the trivial page again.
It prints the throughput (requests per second) and the 95th percentile of the response
times of each, and the ratios of each to the trivial page (the mean of its two
measures).
"""

import contextlib
import os
import random
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _floor import floor_path
from _http import (
    SCORES,
    Client,
    Table,
    evening_build,
    expect,
    gunicorn,
    p95,
    signed_in,
    workers_served,
)
from _size import sized
from _throwaway_db import throwaway_database
from django.urls import reverse

from apps.scoring.models import Play

TABLES = sized(150, 5)
READERS = sized(200, 5)
TRIVIAL_ROUNDS = sized(8, 2)  # requests per client of the trivial page: as many as a table posts
READER_ROUNDS = sized(3, 1)


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
    slow = p95(times)
    print(
        f"{name:<28} {len(times):5d} requests  {throughput:8.1f} req/s  p95 {slow * 1000:7.1f} ms"
    )
    return throughput, slow


def main() -> None:
    with throwaway_database():
        evening = evening_build(TABLES)
        cookies = signed_in(evening.world.referee)
        print(f"{TABLES} tables, {TABLES * 4} players, position 3 in play, "
              f"{Play.objects.count()} plays scored, table entry on, "
              f"{workers_served()} gunicorn workers")  # fmt: skip
        profile = os.environ.get("BENCH_PROFILE")
        config = Path(__file__).with_name("_gunicorn_profile.py") if profile else None
        with gunicorn("_floor_wsgi:application", config=config) as port:
            measure(port, evening, cookies)


def reading(port: int, path: str, rounds: int, what: str, cookies: dict | None = None):
    """Clients that read ``path`` ``rounds`` times each, each a browser of its own: signed
    in with ``cookies``, it keeps in its own jar the cookies the server then sets."""

    def client_of(index):
        client = Client(port, None if cookies is None else dict(cookies))
        if cookies is None:  # a first visit, as a phone's
            client.get(path, what)

        def go(times):
            times.extend(client.get(path, what) for _ in range(rounds))

        return go

    return client_of


def table_entry(tables: list[Table]):
    """Each table sends then confirms every étui of its position."""

    def client_of(index):
        table, scores = tables[index], random.Random(index)

        def go(times):
            for etui in table.table.etuis:
                times.extend(table.etui_enter(etui, scores.choice(SCORES)))

        return go

    return client_of


def audited_insert(evening, tables: list[Table]):
    """As many posts as table entry makes (a send and a confirm an étui), each writing a
    line of a position not played yet, and its audit row."""

    def client_of(index):
        phone = tables[index].nord
        lines = [(table.pk, etui) for table in evening.unplayed[index::len(tables)]
                 for etui in table.etuis][: 2 * len(evening.in_play[index].etuis)]  # fmt: skip

        def go(times):
            for table, etui in lines:
                status, elapsed = phone.request("POST", floor_path(table, etui), {"score": "56"})
                expect(status, 200, "audited insert")
                times.append(elapsed)

        return go

    return client_of


def measure(port: int, evening, cookies: dict) -> None:
    tables = [
        Table(port, table, evening.codes[(table.section, table.table)]) for table in evening.in_play
    ]
    ranking_path = reverse("results:session", args=[evening.session.pk])
    readers = reading(port, ranking_path, READER_ROUNDS, "live ranking", cookies)
    trivial = reading(port, reverse("scoring:table_code"), TRIVIAL_ROUNDS, "trivial page")
    first = report("(a) trivial page", *run_clients(len(tables), trivial))
    entry = report("(b) table entry posts", *run_clients(len(tables), table_entry(tables)))
    ranking = report("(c) live ranking, readers", *run_clients(READERS, readers))
    floor = report(
        "(d) audited insert floor", *run_clients(len(tables), audited_insert(evening, tables))
    )
    last = report("(a) trivial page, again", *run_clients(len(tables), trivial))
    # the reference: the trivial page measured before and after the others, as a machine
    # shared with other work changes speed from one minute to the next
    base = ((first[0] + last[0]) / 2, (first[1] + last[1]) / 2)
    print(f"trivial page after / before: {last[0] / first[0]:.2f}")
    recorded = Play.objects.filter(table__in=evening.in_play, score__isnull=False).count()
    expected = sum(len(table.etuis) for table in evening.in_play)
    print(f"lines recorded from the tables: {recorded} of {expected}")
    print(f"throughput ratio table entry / trivial: {entry[0] / base[0]:.2f}")
    print(f"throughput ratio live ranking / trivial: {ranking[0] / base[0]:.2f}")
    print(f"throughput ratio audited insert / trivial: {floor[0] / base[0]:.2f}")
    print(f"p95 ratio table entry / trivial: {entry[1] / base[1]:.2f}")


if __name__ == "__main__":
    main()
