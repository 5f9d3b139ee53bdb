"""Time the national ranking's computation against a bare aggregate over the same rows.

    DATABASE_URL=postgres://... .venv/bin/python bench/ranking.py

Builds, in a throwaway database, a synthetic federation: 10,000 licensees in 200 clubs of
20 committees and 5 zones, one season of 5,000 approved tournaments of 60 players, each
player with an award (300,000 award rows). Prints the median time of the whole ranking
(totals, national, committee and zone ranks, stored) and of a bare
``SELECT licensee_id, sum(pcn), sum(pp) … GROUP BY licensee_id`` over the same award rows,
and their ratio (target: 3.5 at most, with every line checked against its source's
bounds, the same results and the same time); and the first ranking, which checks the
5,000 sources once.
"""

import datetime
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _size import sized
from _throwaway_db import throwaway_database
from _timing import timed
from django.db import connection, transaction

from apps.awards.models import Award, AwardSet
from apps.federation.models import Club, Committee, Licensee, Season, Zone
from apps.rankings.computation import ranking_store
from apps.rankings.models import RankingRun
from apps.tournaments.models import Registration, Tournament

LICENSEES, CLUBS, COMMITTEES, ZONES = sized((10_000, 200, 20, 5), (200, 10, 4, 2))
TOURNAMENTS, PLAYERS = sized((5_000, 60), (20, 12))
REPEATS = sized(9, 2)


def build() -> Season:
    zones = Zone.objects.bulk_create(Zone(code=f"Z{n}", name=f"Zone {n}") for n in range(ZONES))
    committees = Committee.objects.bulk_create(
        Committee(code=f"C{n}", name=f"Comité {n}", zone=zones[n % ZONES])
        for n in range(COMMITTEES)
    )
    clubs = Club.objects.bulk_create(
        Club(number=f"{n:04}", name=f"Club {n}", committee=committees[n % COMMITTEES])
        for n in range(CLUBS)
    )
    Licensee.objects.bulk_create(
        (
            Licensee(
                licence_number=f"{1000000 + n}",
                last_name=f"Joueur{n}",
                first_name="Camille",
                club=clubs[n % CLUBS],
                series="P",
            )
            for n in range(LICENSEES)
        ),
        batch_size=5_000,
    )
    Tournament.objects.bulk_create(
        (
            Tournament(
                club=clubs[n % CLUBS],
                name=f"Tournoi {n}",
                date=datetime.date(2026, 7, 1) + datetime.timedelta(days=n % 360),
                status="approved",
            )
            for n in range(TOURNAMENTS)
        ),
        batch_size=5_000,
    )
    AwardSet.objects.bulk_create(
        (AwardSet(tournament=t, state="done") for t in Tournament.objects.all()),
        batch_size=5_000,
    )
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            INSERT INTO {Registration._meta.db_table}
                (tournament_id, licensee_id, registered_at, waiting)
            SELECT t.id, l.id, now(), false
            FROM (SELECT id, row_number() OVER (ORDER BY id) AS n
                  FROM {Tournament._meta.db_table}) t
            CROSS JOIN generate_series(0, %s - 1) k
            JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n
                  FROM {Licensee._meta.db_table}) l
              ON l.n = (t.n * 37 + k * 163) %% %s
            """,
            [PLAYERS, LICENSEES],
        )
        cursor.execute(
            f"""
            INSERT INTO {Award._meta.db_table}
                (award_set_id, registration_id, licensee_id, pcn, pp, line, reason, inputs)
            SELECT s.id, r.id, r.licensee_id, (r.id * 7919) %% %s + 50, 0,
                   '', '', '{{}}'
            FROM {Registration._meta.db_table} r
            JOIN {AwardSet._meta.db_table} s ON s.tournament_id = r.tournament_id
            """,
            # Below the first place of the room's tables (80 x its tables: apps.awards
            # .domain.bounds), so that every line counts.
            [20 * PLAYERS - 50],
        )
        cursor.execute("ANALYZE")  # the statistics a live database keeps (autovacuum)
    return Season.objects.create(start_year=2026, is_current=True)


def median_seconds(work) -> float:
    return timed(work, REPEATS)[1]


def main() -> None:
    with throwaway_database():
        season = build()
        awards = Award.objects.count()
        runs = []

        def ranking():
            run = RankingRun.objects.create(season=season, state="running")  # as a new run
            runs.append(run)
            with transaction.atomic():
                ranking_store(run_id=run.pk, season=season)

        def bare():
            with connection.cursor() as cursor:
                cursor.execute(
                    f"SELECT licensee_id, sum(pcn), sum(pp) FROM {Award._meta.db_table} "
                    "GROUP BY licensee_id"
                )
                cursor.fetchall()

        # The first ranking checks every source once (apps.rankings.checks); the next
        # ones read the checks, as a season's runs do.
        started = time.perf_counter()
        ranking()
        first = time.perf_counter() - started
        bare()  # warm the caches alike
        whole, aggregate = median_seconds(ranking), median_seconds(bare)
        ranked = runs[-1].rows.count()
        print(f"{awards:,} awards, {ranked:,} players ranked")
        print(f"first ranking, every source checked: {first * 1000:.0f} ms")
        print(f"ranking (totals, 3 ranks, stored): {whole * 1000:.0f} ms")
        print(f"bare GROUP BY:                     {aggregate * 1000:.0f} ms")
        print(f"ratio: {whole / aggregate:.2f} (target ≤ 3.5)")


if __name__ == "__main__":
    main()
