"""Time the licensee import (checks + writes) on a 5,000-row csv file.

    DATABASE_URL=postgres://... .venv/bin/python bench/import_licensees.py

Runs in a throwaway database on the server of DATABASE_URL. Prints rows per second
for a first import (all created), a second that changes one column of every row (a
new season's series) and a third that changes every column.
"""

import csv
import io
import time

from _size import sized
from _throwaway_db import throwaway_database

from apps.accounts.models import User
from apps.federation import imports
from apps.federation.domain.licensee_rows import template_header
from apps.federation.models import Club, Committee, Licensee, LicenseeImport, Zone

ROWS = sized(5_000, 50)
FIRST_LICENCE = 9_100_000_000  # ten digits: far from real licence numbers


def csv_content(club_number: str, name: str, birth: str, series: str) -> bytes:
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter=";", lineterminator="\r\n")
    writer.writerow(template_header())
    for i in range(ROWS):
        writer.writerow([FIRST_LICENCE + i, f"{name}{i}", name, birth, club_number, series])
    return buffer.getvalue().encode()


def timed_import(actor, club: Club, label: str, *values: str) -> None:
    licensee_import = LicenseeImport.objects.create(
        created_by=actor,
        filename="bench.csv",
        content=csv_content(club.number, *values),
        total_rows=ROWS,
    )
    start = time.perf_counter()
    imports.licensee_import_execute(import_id=licensee_import.pk)
    elapsed = time.perf_counter() - start
    licensee_import.refresh_from_db()
    assert licensee_import.state == LicenseeImport.State.DONE, licensee_import.errors
    print(
        f"{label:>16}: {ROWS} rows in {elapsed:.2f} s = {ROWS / elapsed:,.0f} rows/s "
        f"(created {licensee_import.created_count}, updated {licensee_import.updated_count})"
    )


def main() -> None:
    with throwaway_database():
        zone = Zone.objects.create(code="B", name="Bench")
        committee = Committee.objects.create(code="B", name="Bench", zone=zone)
        club = Club.objects.create(number="B1", name="Bench", committee=committee)
        actor = User.objects.create(username="bench", is_superuser=True)
        timed_import(actor, club, "created", "Camille", "17/05/1970", "P")
        timed_import(actor, club, "series changed", "Camille", "17/05/1970", "1")
        timed_import(actor, club, "all changed", "Dominique", "18/06/1971", "2")
        assert Licensee.objects.count() == ROWS


if __name__ == "__main__":
    main()
