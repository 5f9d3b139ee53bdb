"""Workbook cells: text that a spreadsheet would run as a formula is written as text."""

from io import BytesIO

import pytest
from openpyxl import Workbook, load_workbook

from apps.core.spreadsheets import sheet_row

DANGEROUS = ['=HYPERLINK("http://x";"clic")', "+1+2", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]


def written(values: list) -> list:
    book = Workbook(write_only=True)
    sheet = book.create_sheet("x")
    sheet_row(sheet, values, {2: "0.00"})
    output = BytesIO()
    book.save(output)
    return list(load_workbook(BytesIO(output.getvalue())).active[1])


@pytest.mark.parametrize("text", DANGEROUS)
def test_text_that_looks_like_a_formula_is_written_as_text(text):
    (cell,) = written([text])
    shown = text.replace("\r", "\n")  # XML reads a carriage return as a line feed
    assert (cell.value, cell.data_type, cell.quotePrefix) == (shown, "s", True)


def test_numbers_and_plain_text_stay_as_they_are():
    name, score, percent, empty, last = written(["Dupont", -56, 62.5, None, "x"])
    assert (name.value, name.data_type, name.quotePrefix) == ("Dupont", "s", False)
    assert (score.value, score.data_type) == (-56, "n")
    assert (percent.value, percent.number_format) == (62.5, "0.00")
    assert (empty.value, last.value) == (None, "x")
