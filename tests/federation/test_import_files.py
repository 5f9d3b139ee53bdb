"""Reading import files (no database)."""

import datetime

import pytest

from apps.federation.domain.spreadsheets import FileProblem, cell_text, table_read
from tests.factories import HEADER, csv_bytes, xlsx_bytes


def _read(name, content):
    table = table_read(name, content)
    return table.header, list(table.rows)


ROWS = [["1001001", "Éluard", "Hélène", "01/02/1960", "700001", "1ère série"]]


@pytest.mark.parametrize("separator", [";", ","])
@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp1252"])
def test_csv_separators_and_encodings(separator, encoding):
    header, rows = _read("a.csv", csv_bytes(ROWS, separator=separator, encoding=encoding))
    assert header == HEADER
    assert rows == [(2, tuple(ROWS[0]))]


def test_csv_blank_lines_are_skipped_but_counted():
    content = b"Licence;Nom\r\n\r\n1001001;Dupont\r\n;\r\n1001002;Durand\r\n"
    assert _read("a.CSV", content)[1] == [(3, ("1001001", "Dupont")), (5, ("1001002", "Durand"))]


def test_csv_quoted_multiline_cell_is_one_spreadsheet_row():
    content = b'Licence;Nom\n1001001;"Du\npont"\n1001002;Durand\n'
    assert [number for number, _cells in _read("a.csv", content)[1]] == [2, 3]


def test_csv_header_only_line_picks_the_most_frequent_separator():
    content = "Licence,Nom;Prénom,Club\n1,2;3,4\n".encode()
    assert _read("a.csv", content)[0] == ["Licence", "Nom;Prénom", "Club"]


def test_xlsx_cells_keep_their_types_and_row_numbers():
    birth = datetime.datetime(1960, 2, 1)
    content = xlsx_bytes([[1001001, "Dupont", "Jean", birth, 700001, 2], [], ["x"]])
    header, rows = _read("a.xlsx", content)
    assert header == HEADER
    assert rows[0] == (2, (1001001, "Dupont", "Jean", birth, 700001, 2))
    assert rows[1][0] == 4


@pytest.mark.parametrize(
    "name, content, code",
    [
        ("a.xls", b"anything", "file_type"),
        ("a.txt", b"Licence;Nom\n", "file_type"),
        ("noextension", b"Licence;Nom\n", "file_type"),
        ("a.csv", b"", "file_empty"),
        ("a.csv", b"\r\n ; \r\n", "file_empty"),
        ("a.csv", b"Licence\x00;Nom\n", "file_unreadable"),
        ("a.csv", b"Licence;Nom\x81\x8d\n", "file_unreadable"),  # neither UTF-8 nor cp1252
        ("a.xlsx", b"this is not a zip archive", "file_unreadable"),
        ("a.xlsx", csv_bytes(ROWS), "file_unreadable"),
    ],
)
def test_unusable_files(name, content, code):
    with pytest.raises(FileProblem) as caught:
        table_read(name, content)
    assert caught.value.code == code


def test_xlsx_without_rows_is_empty():
    with pytest.raises(FileProblem) as caught:
        table_read("a.xlsx", xlsx_bytes([], header=[]))
    assert caught.value.code == "file_empty"


@pytest.mark.parametrize(
    "value, text",
    [
        (None, ""),
        ("  Dupont ", "Dupont"),
        (1001001.0, "1001001"),
        (12.5, "12.5"),
        (700001, "700001"),
        (datetime.datetime(1960, 2, 1, 0, 0), "1960-02-01"),
        (datetime.date(1960, 2, 1), "1960-02-01"),
    ],
)
def test_cell_text(value, text):
    assert cell_text(value) == text
