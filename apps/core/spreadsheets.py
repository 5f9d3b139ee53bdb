"""Cells of the workbooks we write (openpyxl, write-only mode). Text from user data that a
spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage
return: a licensee named « =HYPERLINK(…) ») is written as plain text, marked with Excel's
quote prefix, so that it shows literally and never runs; numbers stay numbers."""

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def sheet_cell(sheet, value, number_format: str | None = None):
    """A write-only cell holding `value`; text is always text, never a formula."""
    from openpyxl.cell import WriteOnlyCell  # only the exports need openpyxl

    cell = WriteOnlyCell(sheet)
    if isinstance(value, str):
        cell._value, cell.data_type = value, "s"
        cell.quotePrefix = value.startswith(FORMULA_STARTS)
    else:
        cell.value = value
    if number_format:
        cell.number_format = number_format
    return cell


def sheet_row(sheet, values, number_formats: dict[int, str] | None = None) -> None:
    """Append a row of values, each column's number format given by its index."""
    formats = number_formats or {}
    sheet.append([sheet_cell(sheet, v, formats.get(i)) for i, v in enumerate(values)])


def sheet_widths(sheet, rows, *, least: int = 6, most: int = 40) -> None:
    """Each column as wide as its widest value in ``rows`` (headers included), in
    characters, within ``least`` and ``most``; set before any row is written, as the
    write-only mode asks."""
    from openpyxl.utils import get_column_letter  # only the exports need openpyxl

    widths: dict[int, int] = {}
    for row in rows:
        for index, value in enumerate(row, start=1):
            length = len(str(value)) if value is not None else 0
            widths[index] = max(widths.get(index, least), length + 2)
    for index, width in widths.items():
        sheet.column_dimensions[get_column_letter(index)].width = min(width, most)


def csv_cell(value):
    """A CSV value that a spreadsheet opening the file never reads as a formula: text
    starting like one gets a leading apostrophe (OWASP's advice); numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
