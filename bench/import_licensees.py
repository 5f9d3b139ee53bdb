"""Time the licensee import (checks + writes) on a 5,000-row csv file.

    DATABASE_URL=postgres://... .venv/bin/python bench/import_licensees.py

Runs against the database of DATABASE_URL (migrated first if needed), in a zone,
committee and club of its own that are deleted at the end with everything imported.
Prints rows per second for a first import (all created), a second that changes one
column of every row (a new season's series) and a third that changes every column.
"""

import csv
import io
import os
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.contrib.contenttypes.models import ContentType  # noqa: E402
from django.core.management import call_command  # noqa: E402

from apps.accounts.models import User  # noqa: E402
from apps.core.models import AuditLog  # noqa: E402
from apps.federation import imports  # noqa: E402
from apps.federation.domain.licensee_rows import template_header  # noqa: E402
from apps.federation.models import Club, Committee, Licensee, LicenseeImport, Zone  # noqa: E402

ROWS = 5_000
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
    if not os.environ.get("DATABASE_URL"):
        sys.exit("Set DATABASE_URL to the database to measure.")
    call_command("migrate", interactive=False, verbosity=0)
    tag = uuid.uuid4().hex[:6]
    numbers = [str(FIRST_LICENCE + i) for i in range(ROWS)]
    if Licensee.objects.filter(licence_number__in=numbers).exists():
        sys.exit("Licence numbers of the benchmark already exist; nothing done.")
    zone = Zone.objects.create(code=f"B{tag}", name="Bench")
    committee = Committee.objects.create(code=f"B{tag}", name="Bench", zone=zone)
    club = Club.objects.create(number=f"B{tag}", name="Bench", committee=committee)
    actor = User.objects.create(username=f"bench-{tag}", is_superuser=True)
    try:
        timed_import(actor, club, "created", "Camille", "17/05/1970", "P")
        timed_import(actor, club, "series changed", "Camille", "17/05/1970", "1")
        timed_import(actor, club, "all changed", "Dominique", "18/06/1971", "2")
    finally:
        import_ids = LicenseeImport.objects.filter(created_by=actor).values_list("pk", flat=True)
        AuditLog.objects.filter(
            content_type=ContentType.objects.get_for_model(LicenseeImport),
            object_id__in=[str(pk) for pk in import_ids],
        ).delete()
        LicenseeImport.objects.filter(created_by=actor).delete()
        Licensee.objects.filter(club=club).delete()
        for obj in (actor, club, committee, zone):
            obj.delete()


if __name__ == "__main__":
    main()
