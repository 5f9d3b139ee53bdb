"""Licensee rows of an import file: header matching and the checks of every row.

Pure: cells in, rows and errors out. An error carries a code and parameters; the
application turns it into a translated message.
"""

import re
import unicodedata
from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from functools import partial

from apps.federation.domain.licences import InvalidLicenceNumber, licence_number_normalize
from apps.federation.domain.series import Series
from apps.federation.domain.spreadsheets import FileProblem, cell_text

NAME_MAX_LENGTH = 100
MIN_BIRTH_YEAR = 1900
DATE_FORMATS = ("%d/%m/%Y", "%Y-%m-%d", "%d-%m-%Y", "%d.%m.%Y")

FIRST, SECOND, PROMOTION, UNRANKED = Series  # as stored on Licensee.series
SERIES_WORDS = {
    "": UNRANKED,
    "1": FIRST,
    "1ere": FIRST,
    "1re": FIRST,
    "premiere": FIRST,
    "2": SECOND,
    "2eme": SECOND,
    "2e": SECOND,
    "2nde": SECOND,
    "deuxieme": SECOND,
    "seconde": SECOND,
    "p": PROMOTION,
    "promo": PROMOTION,
    "promotion": PROMOTION,
    "nc": UNRANKED,
    "n c": UNRANKED,
    "non classe": UNRANKED,
    "non classee": UNRANKED,
}

# Each field and the header names it accepts; the first one is the template's.
COLUMNS = {
    "licence_number": (
        "Licence",
        "N° licence",
        "N° de licence",
        "No licence",
        "Numéro de licence",
        "Numéro licence",
    ),
    "last_name": ("Nom", "Nom de famille"),
    "first_name": ("Prénom",),
    "birth_date": ("Date de naissance", "Naissance"),
    "club": ("Club", "N° club", "N° de club", "No club", "Numéro de club", "Numéro club"),
    "series": ("Série",),
}
REQUIRED = ("licence_number", "last_name", "first_name", "club")


def label_normalize(text: str) -> str:
    """Compare labels without case, accents or punctuation: "N° Licence" -> "n licence"."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    return " ".join(re.sub(r"[^a-z0-9]+", " ", bare).split())


_ALIASES = {label_normalize(alias): name for name, aliases in COLUMNS.items() for alias in aliases}


def template_header() -> list[str]:
    return [aliases[0] for aliases in COLUMNS.values()]


@dataclass(frozen=True)
class Columns:
    """Where each known field sits in the file, and its header as the file writes it."""

    index: dict[str, int]
    labels: dict[str, str]

    def cell(self, cells: tuple, name: str) -> object:
        position = self.index[name]
        return cells[position] if position < len(cells) else None


def columns_locate(header: list[str]) -> Columns:
    """Find the known columns; raise FileProblem naming every required one missing."""
    index, labels = {}, {}
    for position, label in enumerate(header):
        name = _ALIASES.get(label_normalize(label))
        if name and name not in index:
            index[name], labels[name] = position, label
    missing = [COLUMNS[name][0] for name in REQUIRED if name not in index]
    if missing:
        raise FileProblem("missing_columns", columns=", ".join(missing))
    return Columns(index=index, labels=labels)


@dataclass(frozen=True)
class RowError:
    row: int
    field: str
    column: str
    code: str
    params: dict = field(default_factory=dict)


@dataclass(frozen=True)
class LicenseeRow:
    """One row's values; None for a value that is invalid or not given."""

    number: int
    licence_number: str | None
    last_name: str | None
    first_name: str | None
    birth_date: date | None
    club: str | None
    series: str | None


class CellError(ValueError):
    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code = code
        self.params = params


def licence_parse(value: object) -> str:
    try:
        return licence_number_normalize(cell_text(value) or None)
    except InvalidLicenceNumber as exc:
        raise CellError("licence", detail=str(exc)) from exc


def name_parse(value: object) -> str:
    text = cell_text(value)
    if not text:
        raise CellError("required")
    if len(text) > NAME_MAX_LENGTH:
        raise CellError("too_long", max=NAME_MAX_LENGTH)
    return text


def club_parse(value: object) -> str:
    text = cell_text(value)
    if not text:
        raise CellError("required")
    return text


def birth_date_parse(value: object, *, today: date) -> date | None:
    """A date cell, or text as dd/mm/yyyy or ISO; empty gives None."""
    if isinstance(value, datetime):
        value = value.date()
    if not isinstance(value, date):
        text = cell_text(value)
        if not text:
            return None
        value = _date_from_text(re.split(r"[ T]", text, maxsplit=1)[0])
        if value is None:
            raise CellError("date", value=text)
    if value.year < MIN_BIRTH_YEAR or value > today:
        raise CellError("date", value=value.strftime("%d/%m/%Y"))
    return value


def _date_from_text(text: str) -> date | None:
    for pattern in DATE_FORMATS:
        try:
            return datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    return None


def series_parse(value: object) -> str:
    words = label_normalize(cell_text(value)).split()
    key = " ".join(word for word in words if word != "serie")
    if key not in SERIES_WORDS:
        raise CellError("series", value=cell_text(value))
    return SERIES_WORDS[key]


def row_read(
    number: int, cells: tuple, columns: Columns, *, today: date
) -> tuple[LicenseeRow, list[RowError]]:
    """Check the cells of one row on their own (no lookup); absent columns give None."""
    parsers: dict[str, Callable[[object], object]] = {
        "licence_number": licence_parse,
        "last_name": name_parse,
        "first_name": name_parse,
        "birth_date": partial(birth_date_parse, today=today),
        "club": club_parse,
        "series": series_parse,
    }
    values, errors = {}, []
    for name, parse in parsers.items():
        values[name] = None
        if name not in columns.index:
            continue
        try:
            values[name] = parse(columns.cell(cells, name))
        except CellError as exc:
            errors.append(RowError(number, name, columns.labels[name], exc.code, exc.params))
    return LicenseeRow(number=number, **values), errors


def rows_check(
    rows: list[LicenseeRow],
    columns: Columns,
    *,
    club_ids: Mapping[str, int],
    manageable_club_ids: set[int],
    protected_licences: set[str],
) -> list[RowError]:
    """Checks across rows and against the database, given as lookups.

    club_ids: club number -> id of the clubs that exist; manageable_club_ids: those the
    uploader may manage; protected_licences: existing licensees they may not change.
    """
    errors = _duplicates(rows, columns)
    for row in rows:
        if row.club is not None:
            errors += _club_errors(row, columns, club_ids, manageable_club_ids)
        if row.licence_number in protected_licences:
            errors.append(_licence_error(row, columns, "licence_other_club"))
    return errors


def _club_errors(
    row: LicenseeRow, columns: Columns, club_ids: Mapping[str, int], manageable: set[int]
) -> list[RowError]:
    club_id = club_ids.get(row.club)
    if club_id is None:
        code = "club_unknown"
    elif club_id not in manageable:
        code = "club_forbidden"
    else:
        return []
    return [RowError(row.number, "club", columns.labels["club"], code, {"club": row.club})]


def _duplicates(rows: list[LicenseeRow], columns: Columns) -> list[RowError]:
    numbers = defaultdict(list)
    for row in rows:
        if row.licence_number is not None:
            numbers[row.licence_number].append(row.number)
    errors = []
    for row in rows:
        seen = numbers.get(row.licence_number, [])
        if len(seen) > 1:
            errors.append(_licence_error(row, columns, "duplicate", rows=", ".join(map(str, seen))))
    return errors


def _licence_error(row: LicenseeRow, columns: Columns, code: str, **params) -> RowError:
    label = columns.labels["licence_number"]
    return RowError(
        row.number, "licence_number", label, code, {"licence": row.licence_number, **params}
    )


def error_sort_key(error: RowError) -> tuple[int, int]:
    return error.row, list(COLUMNS).index(error.field)
