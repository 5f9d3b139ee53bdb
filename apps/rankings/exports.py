"""The national ranking as a file: CSV (semicolons, UTF-8 with its mark, as French
spreadsheets open it) or Excel (openpyxl, write-only), with the page's filters applied."""

import csv
from collections.abc import Iterable
from io import BytesIO, StringIO

from apps.core.spreadsheets import csv_cell, sheet_row
from apps.rankings.models import RankingRow

HEADERS = [
    "Rang",
    "Licence",
    "Nom",
    "Prénom",
    "Club",
    "Comité",
    "Zone",
    "Série",
    "PCN",
    "PP",
    "Tournois",
    "Rang comité",
    "Rang zone",
]
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
CSV = "text/csv; charset=utf-8"


def _values(row: RankingRow) -> list:
    """A row as it was computed (the player's licence, name and club then)."""
    return [
        row.rank,
        row.licence_number,
        row.last_name,
        row.first_name,
        row.club_name,
        row.committee.name,
        row.zone.name,
        str(row.get_series_display()),
        row.pcn,
        row.pp,
        row.tournaments,
        row.committee_rank,
        row.zone_rank,
    ]


def ranking_csv(rows: Iterable[RankingRow]) -> bytes:
    out = StringIO()
    writer = csv.writer(out, delimiter=";")
    writer.writerow(HEADERS)
    for row in rows:
        writer.writerow([csv_cell(value) for value in _values(row)])
    return out.getvalue().encode("utf-8-sig")


def ranking_xlsx(rows: Iterable[RankingRow]) -> bytes:
    from openpyxl import Workbook  # only the exports need it

    book = Workbook(write_only=True)
    sheet = book.create_sheet("Classement")
    sheet_row(sheet, HEADERS)
    for row in rows:
        sheet_row(sheet, _values(row))
    output = BytesIO()
    book.save(output)
    return output.getvalue()
