"""Time the printouts of a session's movement and count their pages.

    DATABASE_URL=postgres://... .venv/bin/python bench/printouts.py [--out DIR]

Runs in a throwaway database on the server of DATABASE_URL. For a 7-table room and the
largest room the form offers, it registers four players per table, generates the
movement and prints, per kind of printout, the seconds to render the PDF and its pages.
With --out, the PDFs are written to DIR to be looked at.
"""

import argparse
import logging
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _size import sized
from _throwaway_db import throwaway_database
from django.utils import translation

from apps.movements import services
from apps.movements.domain.room import MAX_TABLES
from apps.movements.printing import Printout, printout_render
from tests import factories as f
from tests.personas import world_build

ROOMS = sized((7, MAX_TABLES), (3,))


def seated_session(world, tables: int):
    tournament = f.TournamentFactory(club=world.club)
    f.register(tournament, tables * 4)
    session = tournament.sessions.get()
    return services.movement_generate(
        actor=world.federation_staff, session=session, tables=tables, seed=1
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", type=Path, help="write the PDFs to this directory")
    out = parser.parse_args().out
    logging.getLogger("weasyprint").setLevel(logging.WARNING)  # no progress lines per page
    translation.activate("fr")
    with throwaway_database():
        world = world_build()
        print(f"{'printout':<24}" + "".join(f"{n:>10} tables (s, pages)" for n in ROOMS))
        results = {kind: [] for kind in Printout}
        for tables in ROOMS:
            movement = seated_session(world, tables)
            for kind in Printout:
                start = time.perf_counter()
                rendered = printout_render(movement, kind)
                results[kind].append((time.perf_counter() - start, rendered.pages))
                if out:
                    out.mkdir(parents=True, exist_ok=True)
                    (out / f"{tables}-{rendered.filename}").write_bytes(rendered.pdf)
        for kind, figures in results.items():
            cells = "".join(f"{seconds:>17.2f} s {pages:>5} p  " for seconds, pages in figures)
            print(f"{kind.value:<24}{cells}")
        total = [sum(figures[i][0] for figures in results.values()) for i in range(len(ROOMS))]
        print(f"{'all four':<24}" + "".join(f"{seconds:>17.2f} s          " for seconds in total))


if __name__ == "__main__":
    main()
