"""Time the results of a 150-table session (600 players) and the cost of one more score.

    DATABASE_URL=postgres://... .venv/bin/python bench/scoring.py

Runs in a throwaway database on the server of DATABASE_URL. It seats 600 players with
the regulation's movement for 150 tables (parallel sections of 5 to 7 tables, 4 étuis
per table), enters every score, then prints the time to recompute every note,
percentage and ranking from the database (the stamp of their inputs read first, as a
reader does; the seating, unchanged by a score, kept for the stamp of the seating), the
same with the seating read too (the first reader of a session), the time of a bare read
of the session's plays, the time of a read when nothing changed (the results kept for
the stamp of their inputs), and the time of one more score entry followed by the
recomputation a live ranking page does, with their ratios.
"""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import _timing as timing
from _size import sized
from _throwaway_db import throwaway_database
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.movements import services as movement_services
from apps.movements.models import MovementTable
from apps.results.memo import results_stamp
from apps.results.selectors import session_results, session_results_computed
from apps.scoring import services as scoring_services
from apps.scoring.models import Play
from tests.builders import advance_to
from tests.factories import register
from tests.personas import world_build

TABLES = sized(150, 5)
REPEATS = sized(5, 1)
SCORES = (56, 62, -56, -52, 50, 70, -70, 96, -104, 34, 132, -62)  # Garde scores


def timed(function, repeats=REPEATS):
    return timing.timed(function, repeats)


def main() -> None:
    rng = random.Random(2026)
    with throwaway_database():
        world = world_build()
        register(world.tournament, TABLES * 4)
        session = world.tournament.sessions.get()
        movement = movement_services.movement_generate(
            actor=world.referee, session=session, tables=TABLES, seed=1
        )
        movement = advance_to(world, movement, movement.positions)
        tables = list(MovementTable.objects.filter(movement=movement, position__gte=1))
        Play.objects.bulk_create(
            Play(table=table, etui=etui, score=rng.choice(SCORES))
            for table in tables
            for etui in table.etuis
        )
        last = Play.objects.order_by("pk").last()
        last_table, last_etui = last.table, last.etui
        last.delete()
        plays = Play.objects.count() + 1
        print(f"{TABLES} tables, {TABLES * 4} players, {movement.positions} positions, "
              f"{len(movement.sections)} sections, {plays} plays")  # fmt: skip
        # everything read, the seating too, as the first reader of a session does
        results, cold = timed(lambda: session_results_computed(session))
        assert len(results.players) == TABLES * 4 and results.missing == 1
        session_results_computed(session, results_stamp(session))  # the seating kept
        with CaptureQueriesContext(connection) as queries:
            # as a reader recomputes them after a score: the stamp of the inputs, then the
            # results, the seating kept for the stamp of the seating
            results, whole = timed(
                lambda: session_results_computed(session, results_stamp(session))
            )
        assert len(results.players) == TABLES * 4 and results.missing == 1
        print(f"recompute everything:      {whole * 1000:8.1f} ms "
              f"({len(queries) // REPEATS} queries; the seating kept for its stamp)")  # fmt: skip
        print(f"recompute everything, seating read too: {cold * 1000:8.1f} ms")
        rows, bare = timed(
            lambda: list(
                Play.objects.filter(table__movement=movement).values_list(
                    "table_id", "etui", "score"
                )
            )
        )
        assert len(rows) == plays - 1
        print(f"bare read:                 {bare * 1000:8.1f} ms")
        print(f"ratio recompute / bare read: {whole / bare:.1f}")
        print(f"ratio recompute with the seating read / bare read: {cold / bare:.1f}")
        session_results(session)
        _, kept = timed(lambda: session_results(session))
        print(f"read again, nothing changed: {kept * 1000:8.1f} ms (the stamp of its inputs)")

        def one_more_score():
            scoring_services.play_score_set(
                actor=world.referee, table=last_table, etui=last_etui, score=rng.choice(SCORES)
            )
            return session_results(session)

        results, seconds = timed(one_more_score)
        assert results.missing == 0
        print(f"one more score + recompute: {seconds * 1000:8.1f} ms")
        print(f"ratio one more score + recompute / recompute: {seconds / whole:.2f}")
        _, seconds = timed(
            lambda: scoring_services.play_score_set(
                actor=world.referee, table=last_table, etui=last_etui, score=rng.choice(SCORES)
            )
        )
        print(f"one more score alone:      {seconds * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
