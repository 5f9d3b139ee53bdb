"""The FFT's file of a tournament's awards (fascicule 3, ch. 5, « Homologation des P.C.N. /
Déclaration »): the Excel sheet that Extar's « Export des Pcn » writes for the Aurore base,
with the columns ``NumLicenceJoueur NomJoueur Pcn Pp``.

Pure: the rows already read from the sheet in, entries or French messages out. Row numbers
are those a spreadsheet program shows (the header is row 1); blank rows are skipped but
still counted. All or nothing: a file with any error gives no entry.
"""

import hashlib
import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

# « NumLicenceJoueur NomJoueur Pcn Pp », in this order (the 0Tableaux.xls mask).
HEADER = ("NumLicenceJoueur", "NomJoueur", "Pcn", "Pp")
LICENCE, NAME, PCN, PP = HEADER
MAX_ROWS = 2000
# A bound far above any table value times any index: a larger number is a typing slip.
MAX_POINTS = 1_000_000
SHOWN_MAX_LENGTH = 40  # a cell quoted in a message is cut after this many characters
_DIGITS = re.compile(r"[0-9]+")


@dataclass(frozen=True)
class AwardEntry:
    """One player's line: licence number (digits as written), name, PCN and PP."""

    licence: str
    name: str
    pcn: int
    pp: int


@dataclass(frozen=True)
class ParsedAwardFile:
    """The entries of a file without error, or its errors and no entry."""

    entries: tuple[AwardEntry, ...]
    errors: tuple[str, ...]

    @property
    def ok(self) -> bool:
        return not self.errors


def award_file_fingerprint(entries: Iterable[AwardEntry]) -> str:
    """What a file from other software says, whatever its name, order or bytes: its
    licences with their PCN and PP, as a SHA-256 in hex. Within a season, the same
    fingerprint is the same tournament received again."""
    lines = sorted(f"{entry.licence}:{entry.pcn}:{entry.pp}" for entry in entries)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


class _CellError(ValueError):
    pass


def award_file_parse(
    rows: Sequence[Sequence[object]], *, known_licences: Collection[str], max_rows: int = MAX_ROWS
) -> ParsedAwardFile:
    """Read the rows of the sheet, the first one the header; ``known_licences`` are the
    licence numbers that exist; more than ``max_rows`` non-blank rows after the header
    refuse the whole file with one error."""
    if not any(not _blank(row) for row in rows):
        return _refused(["le fichier est vide"])
    too_many = _rows_over(rows, max_rows)
    if too_many is not None:
        return _refused(
            [f"ligne {too_many} : plus de {max_rows} lignes d'attribution, le fichier est refusé"]
        )
    header_errors = _header_errors(rows[0])
    if header_errors:
        return _refused(header_errors)
    known = known_licences if isinstance(known_licences, set | frozenset) else set(known_licences)
    entries: list[AwardEntry] = []
    errors: list[str] = []
    first_rows: dict[str, int] = {}
    for number, row in enumerate(rows[1:], start=2):
        if _blank(row):
            continue
        entry, row_errors = _row_read(number, row, known, first_rows)
        errors += row_errors
        if entry is not None:
            entries.append(entry)
    if not entries and not errors:
        return _refused(["le fichier ne contient aucune ligne après l'en-tête"])
    if errors:
        return _refused(errors)
    return ParsedAwardFile(entries=tuple(entries), errors=())


def _refused(errors: list[str]) -> ParsedAwardFile:
    return ParsedAwardFile(entries=(), errors=tuple(errors))


def _text(value: object) -> str:
    """A cell as text: None -> "", 1001001.0 -> "1001001", strings stripped."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _shown(value: object) -> str:
    text = _text(value)
    if len(text) > SHOWN_MAX_LENGTH:
        text = text[: SHOWN_MAX_LENGTH - 1] + "…"
    return f"« {text} »"


def _cells(row: Sequence[object]) -> tuple[object, ...]:
    """The four columns of a row, missing cells as None; the cells after Pp are ignored
    (the regulation's own example has a stray one)."""
    cells = tuple(row[: len(HEADER)])
    return cells + (None,) * (len(HEADER) - len(cells))


def _blank(row: Sequence[object]) -> bool:
    return not any(_text(cell) for cell in _cells(row))


def _rows_over(rows: Sequence[Sequence[object]], max_rows: int) -> int | None:
    """The number of the first row past the cap, None when the file keeps within it."""
    count = 0
    for number, row in enumerate(rows[1:], start=2):
        if not _blank(row):
            count += 1
            if count > max_rows:
                return number
    return None


def column_letter(position: int) -> str:
    """A spreadsheet column's letters from its 0-based position: 0 -> "A", 26 -> "AA"."""
    letters = ""
    position += 1
    while position:
        position, rest = divmod(position - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def _header_errors(row: Sequence[object]) -> list[str]:
    """Exactly the four columns in order; case, surrounding spaces and empty cells after
    the last one are tolerated."""
    found = [_text(cell) for cell in row]
    while found and not found[-1]:
        found.pop()
    if not {label.casefold() for label in found} & {label.casefold() for label in HEADER}:
        expected = ", ".join(HEADER)
        return [f"ligne 1 : en-tête manquant, attendu {expected} dans cet ordre"]
    errors = []
    for position, expected in enumerate(HEADER):
        label = found[position] if position < len(found) else ""
        if label.casefold() == expected.casefold():
            continue
        where = f"ligne 1, colonne {column_letter(position)} : "
        if label:
            errors.append(f"{where}{_shown(label)} au lieu de « {expected} »")
        else:
            errors.append(f"{where}« {expected} » manquant")
    for position, label in enumerate(found[len(HEADER) :], start=len(HEADER)):
        if label:
            errors.append(
                f"ligne 1, colonne {column_letter(position)} : {_shown(label)} en trop,"
                f" seules {', '.join(HEADER)} sont attendues"
            )
    return errors


def _row_read(
    number: int, row: Sequence[object], known: Collection[str], first_rows: dict[str, int]
) -> tuple[AwardEntry | None, list[str]]:
    """One row's entry (None when it has an error) and its errors, one per bad cell in
    the order of the columns; ``first_rows`` remembers where each licence appeared."""
    licence_cell, name_cell, pcn_cell, pp_cell = _cells(row)
    errors = []
    values: dict[str, object] = {}
    for column, cell, read in (
        (LICENCE, licence_cell, lambda c: _licence(c, number, known, first_rows)),
        (PCN, pcn_cell, _points),
        (PP, pp_cell, _points),
    ):
        try:
            values[column] = read(cell)
        except _CellError as exc:
            errors.append(f"ligne {number}, colonne {column} : {exc}")
    if errors:
        return None, errors
    licence = str(values[LICENCE])
    return AwardEntry(licence, _text(name_cell), int(values[PCN]), int(values[PP])), []


def _licence(cell: object, number: int, known: Collection[str], first_rows: dict[str, int]) -> str:
    text = _text(cell)
    if not text:
        raise _CellError("numéro de licence manquant")
    if isinstance(cell, bool) or not _DIGITS.fullmatch(text):
        raise _CellError(f"{_shown(cell)} n'est pas un numéro de licence (chiffres uniquement)")
    if text not in known:
        raise _CellError(f"licence {_shown(text)} inconnue")
    first = first_rows.setdefault(text, number)
    if first != number:
        raise _CellError(f"licence {_shown(text)} déjà présente ligne {first}")
    return text


def _points(cell: object) -> int:
    """A whole number at least 0; an empty cell counts as 0 (the regulation's example
    leaves Pcn empty)."""
    if isinstance(cell, bool):
        raise _CellError(f"{_shown(cell)} n'est pas un nombre entier")
    if isinstance(cell, int):
        value = cell
    elif isinstance(cell, float):
        if not cell.is_integer():
            raise _CellError(f"{_shown(cell)} n'est pas un nombre entier")
        value = int(cell)
    else:
        text = _text(cell)
        if not text:
            return 0
        digits = text.removeprefix("-")
        if not _DIGITS.fullmatch(digits):
            raise _CellError(f"{_shown(cell)} n'est pas un nombre entier")
        significant = digits.lstrip("0") or "0"
        if len(significant) > len(str(MAX_POINTS)):  # too large: not worth converting
            significant = str(MAX_POINTS + 1)
        value = -int(significant) if digits != text else int(significant)
    if value < 0:
        raise _CellError(f"{_shown(cell)} est négatif")
    if value > MAX_POINTS:
        raise _CellError(f"{_shown(cell)} est trop grand (au plus {MAX_POINTS})")
    return value
