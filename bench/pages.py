"""Time the busiest pages and count their queries for a small and a large field.

    DATABASE_URL=postgres://... .venv/bin/python bench/pages.py

Runs in a throwaway database on the server of DATABASE_URL. For 40 and 600 registered
players it prints, per page, the median response time over repeated requests and the
number of SQL queries (which must not grow with the number of players).
"""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _size import sized
from _throwaway_db import throwaway_database
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests import factories as f
from tests.personas import world_build

REPEATS = sized(15, 2)
FIELDS = sized((40, 600), (4, 8))


def measure(client: Client, url: str) -> tuple[float, int]:
    client.get(url)  # warm caches
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        with CaptureQueriesContext(connection) as queries:
            response = client.get(url)
        times.append(time.perf_counter() - start)
        assert response.status_code == 200, (url, response.status_code)
    return statistics.median(times) * 1000, len(queries)


def main() -> None:
    with throwaway_database():
        world = world_build()
        manager, referee, federation = Client(), Client(), Client()
        manager.force_login(world.club_manager)
        referee.force_login(world.referee)
        federation.force_login(world.federation_staff)
        pages = {
            "tournament page (club manager)": (
                manager,
                reverse("tournaments:detail", args=[world.tournament.pk]),
            ),
            "referee room": (
                referee,
                reverse("tournaments:referee_room", args=[world.tournament.pk]),
            ),
            "federation licensees": (federation, reverse("federation:licensees")),
            "club area": (manager, reverse("tournaments:club_home")),
            "home": (Client(), reverse("tournaments:home")),
        }
        registered = 0
        print(f"{'page':<32}" + "".join(f"{n:>8} players (ms, queries)" for n in FIELDS))
        results = {name: [] for name in pages}
        for size in FIELDS:
            f.register(world.tournament, size - registered)
            registered = size
            for name, (client, url) in pages.items():
                results[name].append(measure(client, url))
        for name, figures in results.items():
            cells = "".join(f"{ms:>14.1f} ms {queries:>4} q     " for ms, queries in figures)
            print(f"{name:<32}{cells}")


if __name__ == "__main__":
    main()
