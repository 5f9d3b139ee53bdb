"""Hostile or oversized licensee files cost little: a file of more rows than the cap, or
an .xlsx that unpacks to far more than it weighs, is refused at once with a French
message; a sheet as wide as Excel allows is read 32 columns deep; a rejected file keeps
its first errors and the count of all, so its report stays small."""

import io
import tracemalloc
import zipfile

import openpyxl
import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from apps.federation import imports
from apps.federation.domain import spreadsheets
from apps.federation.models import Licensee, LicenseeImport
from tests.factories import HEADER, csv_bytes, licensee_rows, upload

pytestmark = pytest.mark.django_db


def _refused(world, content, name):
    with pytest.raises(ValidationError) as caught:
        imports.licensee_import_create(actor=world.club_manager, file=upload(content, name))
    assert not LicenseeImport.objects.exists()
    return caught.value


def test_more_rows_than_the_cap_are_refused_without_reading_them_all(world, monkeypatch):
    monkeypatch.setattr(imports, "IMPORT_MAX_ROWS", 100)
    read = []
    real = spreadsheets._numbered

    def counting(rows):
        for row in real(rows):
            read.append(row)
            yield row

    monkeypatch.setattr(spreadsheets, "_numbered", counting)
    error = _refused(world, csv_bytes(licensee_rows(world.club.number, 5000)), "gros.csv")
    assert error.code == "too_many_rows"
    assert error.messages == [
        "Le fichier compte plus de 100 lignes : découpez-le en plusieurs fichiers."
    ]
    assert len(read) <= 102  # the header, then one row past the cap


def _bomb(rows: int) -> bytes:
    """An .xlsx of `rows` identical rows: tiny once zipped, huge once unpacked."""
    book = openpyxl.Workbook(write_only=True)
    sheet = book.create_sheet()
    sheet.append(HEADER)
    for _ in range(rows):
        sheet.append(["3000001", "Martin", "Léa", "17/05/1970", "700001", "P"])
    output = io.BytesIO()
    book.save(output)
    return output.getvalue()


@pytest.mark.slow
def test_an_xlsx_that_unpacks_too_large_is_refused_before_it_is_opened(world, monkeypatch):
    content = _bomb(20_000)
    unpacked = sum(m.file_size for m in zipfile.ZipFile(io.BytesIO(content)).infolist())
    assert unpacked > 10 * len(content)  # zipped ten times smaller at least
    monkeypatch.setattr(spreadsheets, "MAX_UNPACKED_BYTES", len(content) * 2)
    opened = []
    monkeypatch.setattr(
        spreadsheets.openpyxl, "load_workbook", lambda *a, **k: opened.append(1) or None
    )
    error = _refused(world, content, "bombe.xlsx")
    assert error.code == "file_unpacks_too_large" and not opened
    assert "Le fichier se décompresse en plus de" in error.messages[0]


def test_a_sheet_as_wide_as_excel_allows_is_read_32_columns_deep(world):
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(HEADER)
    sheet.append(licensee_rows(world.club.number, 1)[0])
    sheet.cell(row=2, column=16_384, value="au bout du monde")
    output = io.BytesIO()
    book.save(output)
    table = spreadsheets.table_read("large.xlsx", output.getvalue())
    tracemalloc.start()
    rows = list(table.rows)
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert [len(cells) for _number, cells in rows] == [len(HEADER)]  # the far cell unread
    assert peak < 2 * 1024 * 1024


def test_a_rejected_file_keeps_its_first_errors_and_counts_all(world, login, monkeypatch):
    monkeypatch.setattr(imports, "IMPORT_MAX_STORED_ERRORS", 10)
    rows = [[str(3000001 + i), "", "Léa", "", "999999", ""] for i in range(150)]
    client = login(world.club_manager)
    response = client.post(reverse("federation:import_new"), {"file": upload(csv_bytes(rows))})
    rejected = LicenseeImport.objects.get()
    assert rejected.state == LicenseeImport.State.FAILED
    assert len(rejected.errors) == 10 and rejected.error_count == 300  # club and name
    page = client.get(response.url)
    assert len(page.context["errors"]) == 10
    assert "Les 10 premières erreurs sur 300 sont affichées" in page.content.decode()
    assert len(page.content) < 100_000
    assert not Licensee.objects.filter(licence_number="3000001").exists()
