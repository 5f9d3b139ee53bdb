"""The room's peak (issue 24, point 3): a 150-table evening played as open-loop arrivals
(requests fired on their schedule whatever the answers, from many threads) against
gunicorn as docker-compose runs it (gunicorn.conf.py), PostgreSQL and Redis.

    DATABASE_URL=postgres://... REDIS_URL=redis://... .venv/bin/python bench/evening.py
    BENCH_PROFILE=/tmp/prof ...   also dumps each worker's cProfile figures there

The mix once (N = 1), per second: every table sends and confirms an étui within the same minute
(5 étuis/s, Nord's post and the checker's timed together as one request), each of the 600
players' own pages every 15 s (40/s, « où je joue » and « Mes scores » in turn), each table's
phone page every 15 s (10/s), the room display every 15 s and the referee's progress page
every 5 s. Each page is asked as it asks for itself while the room plays (htmx: its live
part; a phone's script: its étuis), revalidating what its browser keeps. Each kind is first
served alone (its median, one request at a time); then the mix runs at N = 0.5, 1, 2, 3,
4, 6, 8... for a fixed window each until a kind's p95 exceeds max(5 times its median
alone, 50 times the trivial page's median alone), a request fails, or a confirmed score is
missing from the travellers. Response times run from the moment a request was due, so a
queue on the client side counts too.
"""

import os
import random
import statistics
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _http import (
    SCORES,
    Client,
    Table,
    evening_build,
    gunicorn,
    p95,
    signed_in,
    workers_served,
)
from _size import sized
from _throwaway_db import throwaway_database
from django.urls import reverse

from apps.accounts.models import User
from apps.federation.models import Licensee
from apps.scoring.models import Play, TableEntry

TABLES = sized(150, 5)
POSITION = sized(5, 4)  # the last, in play: it and the one before give the bench's étuis
SCORED_BEFORE = POSITION - 1  # the positions before are scored
WINDOW = sized(30.0, 1.0)  # seconds of each multiple of the mix
MULTIPLES = sized((0.5, 1, 2, 3, 4, 6, 8, 10, 12, 16, 20), (1, 2))
ALONE = sized(60, 3)  # requests of each kind served alone (the limits follow their median)
THREADS = 300
PEAK = TABLES / 150  # the mix scales with the room: 1 at 150 tables
ETUI, HOME, SCORES_PAGE, PHONE, DISPLAY, PROGRESS, TRIVIAL = (
    "étui sent + confirmed", "où je joue", "Mes scores", "table's phone page",
    "room display", "progress page", "trivial page",
)  # fmt: skip
RATES = {  # requests per second of each kind at N = 1 for 150 tables
    ETUI: 5.0,
    HOME: 20.0,
    SCORES_PAGE: 20.0,
    PHONE: 10.0,
    DISPLAY: 1 / 15,
    PROGRESS: 1 / 5,
}


class Room:
    """The requests of each kind, each a call that raises when it fails."""

    def __init__(self, port: int, evening, players: list[dict], referee: dict):
        self.port = port
        self.tables = {
            table.pk: Table(port, table, evening.codes[(table.section, table.table)])
            for table in evening.in_play
        }
        self.etuis = [(table, etui) for table in evening.pool for etui in table.etuis]
        random.Random(1).shuffle(self.etuis)  # the tables send their étuis through the step
        self.players = players
        self.etags = [{} for _ in players]  # each player's browser's
        self.referee_etags = {}
        self.referee = referee
        session = evening.session.pk
        self.paths = {
            HOME: reverse("movements:where_i_play"),
            SCORES_PAGE: reverse("scoring:my_scores", args=[session]),
            DISPLAY: reverse("results:display", args=[session]),
            PROGRESS: reverse("scoring:progress", args=[session]),
            TRIVIAL: reverse("scoring:table_code"),
        }
        self.in_play = list(self.tables.values())
        self.pool = evening.pool
        self.by_code = {(t.section, t.table): self.tables[t.pk] for t in evening.in_play}

    def read(self, kind: str, index: int) -> None:
        """One request of ``kind`` from the browser that makes it, as its page asks for
        itself while the room plays (htmx: the part of the page whose id ``target`` names;
        a phone's script: its étuis), revalidating what that browser keeps."""
        path, target = self.paths.get(kind), None
        if kind in (HOME, SCORES_PAGE):
            player = index % len(self.players)
            client = Client(self.port, self.players[player], self.etags[player])
            target = "where-i-play" if kind == HOME else "my-scores-lines"
        elif kind == PHONE:
            table = self.in_play[index % len(self.in_play)]
            client = Client(self.port, table.checker.cookies, table.checker.etags)
            path = table.page
        elif kind in (DISPLAY, PROGRESS):
            client = Client(self.port, self.referee, self.referee_etags)
            target = "board" if kind == DISPLAY else "progress-live"
        else:
            client = Client(self.port)
        polled = {"HX-Request": "true", **({"HX-Target": target} if target else {})}
        client.get(path, kind, None if kind == TRIVIAL else polled)

    def etui(self, index: int) -> None:
        table, etui = self.etuis[index]
        phones = self.by_code[(table.section, table.table)]
        phones.etui_enter(etui, SCORES[index % len(SCORES)], sequence=table.sequence)

    def recorded(self) -> int:
        """The pool's lines with a score."""
        return Play.objects.filter(table__in=self.pool, score__isnull=False).count()

    def call(self, kind: str, index: int) -> None:
        (self.etui if kind == ETUI else lambda i: self.read(kind, i))(index)

    def replay(self) -> None:
        """The pool's étuis unscored again, for the next step."""
        Play.objects.filter(table__in=self.pool).delete()
        TableEntry.objects.filter(table__in=self.pool).delete()


def alone(room: Room) -> dict[str, float]:
    """Each kind's median served alone, one request at a time."""
    medians = {}
    for kind in [TRIVIAL, *RATES]:
        times = []
        for index in range(ALONE):
            start = time.perf_counter()
            room.call(kind, index)
            times.append(time.perf_counter() - start)
        medians[kind] = statistics.median(times)
    room.replay()
    return medians


def schedule(multiple: int, window: float, rng: random.Random) -> list[tuple[float, str, int]]:
    """(due time, kind, index) of the mix ``multiple`` times over ``window`` seconds: each
    kind at a steady rate, its first request at a random phase."""
    events = []
    for kind, rate in RATES.items():
        every = 1 / (rate * PEAK * multiple)
        phase = rng.uniform(0, every)
        count = int((window - phase) / every) + 1 if phase < window else 0
        events += [(phase + i * every, kind, i) for i in range(count)]
    return sorted(events)


def mix(room: Room, multiple: int, rng: random.Random) -> tuple[dict, int, int]:
    """Play the mix ``multiple`` times over: each kind's response times, failures and étuis
    whose confirmed score is missing."""
    pool = len(room.etuis)  # a shorter step when the pool would run out
    events = schedule(multiple, min(WINDOW, 0.99 * pool / (RATES[ETUI] * PEAK * multiple)), rng)
    times: dict[str, list[float]] = {kind: [] for kind in RATES}
    failures: list[str] = []
    lock = threading.Lock()
    start = time.perf_counter()

    def run(due: float, kind: str, index: int) -> None:
        try:
            room.call(kind, index)
        except Exception as exc:
            with lock:
                failures.append(f"{kind}: {exc!r}")
            return
        with lock:
            times[kind].append(time.perf_counter() - start - due)

    with ThreadPoolExecutor(THREADS) as pool:
        for due, kind, index in events:
            wait = start + due - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            pool.submit(run, due, kind, index)
    sent = sum(1 for _, kind, _ in events if kind == ETUI)
    lost = sent - room.recorded()
    if failures:
        print(f"  {len(failures)} failed, first: {failures[0]}")
    room.replay()
    return times, len(failures), lost


def main() -> None:
    rng = random.Random(2026)
    with throwaway_database():
        evening = evening_build(TABLES, POSITION, scored_before=SCORED_BEFORE)
        evening.pool = [t for t in evening.tables if t.sequence >= SCORED_BEFORE]
        registrations = evening.world.tournament.registrations.all()
        accounts = User.objects.bulk_create(User(username=f"joueur{r.pk}") for r in registrations)
        Licensee.objects.bulk_update(
            [
                Licensee(pk=r.licensee_id, user=a)
                for r, a in zip(registrations, accounts, strict=True)
            ],
            ["user"],
        )
        players = [signed_in(user) for user in User.objects.filter(username__startswith="joueur")]
        referee = signed_in(evening.world.referee)
        etuis = sum(len(t.etuis) for t in evening.pool)
        print(f"{TABLES} tables, {len(players)} players signed in, position {POSITION} in play, "
              f"{Play.objects.count()} plays scored, {etuis} étuis to enter each step, "
              f"{WINDOW:.0f} s a step, {workers_served()} gunicorn workers")  # fmt: skip
        profile = os.environ.get("BENCH_PROFILE")
        config = Path(__file__).with_name("_gunicorn_profile.py") if profile else None
        with gunicorn(config=config) as port:
            room = Room(port, evening, players, referee)
            measure(room, rng)


def measure(room: Room, rng: random.Random) -> None:
    medians = alone(room)
    print("served alone (median):")
    for kind, median in medians.items():
        print(f"  {kind:<24} {median * 1000:8.1f} ms")
    limits = {kind: max(5 * medians[kind], 50 * medians[TRIVIAL]) for kind in RATES}
    capacity = 0
    for multiple in MULTIPLES:
        times, failed, lost = mix(room, multiple, rng)
        slow = {kind: p95(t) for kind, t in times.items() if t}  # a tiny room asks few
        over = [kind for kind in slow if slow[kind] > limits[kind]]
        total = sum(len(t) for t in times.values())
        print(f"{multiple:g}×: {total} requests, {failed} failed, {lost} scores lost")  # noqa: RUF001
        for kind in slow:
            mark = "  over its limit" if kind in over else ""
            print(f"  {kind:<24} p95 {slow[kind] * 1000:8.1f} ms "
                  f"(limit {limits[kind] * 1000:.0f} ms){mark}")  # fmt: skip
        if over or failed or lost:
            break
        capacity = multiple
    print(f"capacity: {capacity:g}× the peak of a 150-table evening")  # noqa: RUF001


if __name__ == "__main__":
    main()
