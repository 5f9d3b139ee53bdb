"""Tables read from uploaded .xlsx and .csv files: a header row, then numbered rows.

Row numbers are those the user sees in a spreadsheet program (the first row is 1);
blank rows are skipped but still counted.
"""

import csv
import io
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import PurePath

import openpyxl

CSV_SEPARATORS = (";", ",")
CSV_ENCODINGS = ("utf-8-sig", "cp1252")
# Caps that keep a small hostile file cheap: only the first MAX_COLUMNS cells of a row are
# read (a sheet can declare 16,384 columns), and an .xlsx (a zip) may unpack to at most
# MAX_UNPACKED_BYTES (a few kilobytes can declare a sheet of millions of rows).
MAX_COLUMNS = 32
MAX_UNPACKED_BYTES = 64 * 1024 * 1024


class FileProblem(Exception):
    """The whole file is refused; code and params name the reason."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code = code
        self.params = params


@dataclass
class Table:
    header: list[str]
    rows: Iterator[tuple[int, tuple]]  # (row number, cells), read lazily


def cell_text(value: object) -> str:
    """A cell as text: 1001001.0 -> "1001001", dates in ISO form, strings stripped."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, datetime):
        return value.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    return str(value).strip()


def table_read(filename: str, content: bytes) -> Table:
    """Read the header now and the rows lazily; raise FileProblem if the file is unusable."""
    suffix = PurePath(filename).suffix.lower()
    readers = {".csv": _csv_rows, ".xlsx": _xlsx_rows}
    if suffix not in readers:
        raise FileProblem("file_type")
    rows = _numbered(readers[suffix](content))
    try:
        _number, header = next(rows)
    except StopIteration:
        raise FileProblem("file_empty") from None
    return Table(header=[cell_text(cell) for cell in header], rows=rows)


def _numbered(rows: Iterable[tuple]) -> Iterator[tuple[int, tuple]]:
    for number, cells in enumerate(rows, start=1):
        cells = list(cells)[:MAX_COLUMNS]
        while cells and cells[-1] is None:  # the padding of a sheet read max_col wide
            cells.pop()
        if any(cell_text(cell) for cell in cells):
            yield number, tuple(cells)


def _csv_rows(content: bytes) -> Iterator[list[str]]:
    text = _csv_decode(content)
    if "\x00" in text:
        raise FileProblem("file_unreadable")
    first_line = next((line for line in text.splitlines() if line.strip()), "")
    separator = max(CSV_SEPARATORS, key=first_line.count)
    try:
        yield from csv.reader(io.StringIO(text, newline=""), delimiter=separator)
    except csv.Error as exc:
        raise FileProblem("file_unreadable") from exc


def _csv_decode(content: bytes) -> str:
    for encoding in CSV_ENCODINGS:
        try:
            return content.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise FileProblem("file_unreadable")


def _unpacked_size(content: bytes) -> int:
    try:
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            return sum(member.file_size for member in archive.infolist())
    except (zipfile.BadZipFile, OSError) as exc:
        raise FileProblem("file_unreadable") from exc


def _xlsx_rows(content: bytes) -> Iterator[tuple]:
    if _unpacked_size(content) > MAX_UNPACKED_BYTES:
        raise FileProblem("file_unpacks_too_large", max=MAX_UNPACKED_BYTES // (1024 * 1024))
    try:
        workbook = openpyxl.load_workbook(io.BytesIO(content), read_only=True, data_only=True)
    except Exception as exc:  # a damaged file can fail anywhere inside openpyxl
        raise FileProblem("file_unreadable") from exc
    try:
        sheet = workbook.worksheets[0]
        sheet.reset_dimensions()  # some writers store a wrong sheet size
        yield from sheet.iter_rows(max_col=MAX_COLUMNS, values_only=True)
    except Exception as exc:
        raise FileProblem("file_unreadable") from exc
    finally:
        workbook.close()
