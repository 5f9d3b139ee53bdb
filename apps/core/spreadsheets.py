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


def csv_cell(value):
    """A CSV value that a spreadsheet opening the file never reads as a formula: text
    starting like one gets a leading apostrophe (OWASP's advice); numbers stay numbers."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
