"""Decimal numbers as the pages write them, at a fraction of the template language's cost
per value: a ranking of hundreds of players writes thousands of percentages each time
the results change."""

from decimal import ROUND_HALF_UP, Context, Decimal


def _rounded(value: float, places: int) -> Decimal:
    """``value`` rounded half up to ``places`` decimals, from the float's shortest decimal
    form (as ``floatformat`` rounds it)."""
    exact = Decimal(repr(value))
    _sign, digits, exponent = exact.as_tuple()
    precision = places + len(digits) + abs(exponent) + 1
    return exact.quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP, Context(prec=precision))


def decimals_text(value: float | None, places: int, separator: str) -> str:
    """``value`` rounded half up to ``places`` decimals and written with ``separator``, as
    the ``floatformat`` filter writes it (the float's shortest decimal form rounded, no
    sign on a zero, no grouping); "" for None."""
    if value is None:
        return ""
    rounded = _rounded(value, places)
    whole, _, decimals = f"{abs(rounded):f}".partition(".")
    minus = "-" if rounded.is_signed() and rounded else ""
    return f"{minus}{whole}{separator}{decimals}" if places else f"{minus}{whole}"


def decimals_rounded(value: float | None, places: int) -> float | None:
    """``value`` as a number rounded as ``decimals_text`` writes it (a spreadsheet's cell
    then holds what the page shows: 68.33, not 68.33333333333333); None stays None."""
    return None if value is None else float(_rounded(value, places))
