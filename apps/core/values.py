"""Values read from a request that no form checks, checked before any write: a number (an
id, a year, a page), which ``str.isdigit`` and ``int`` read too kindly (« ² » passes
``isdigit`` and fails ``int``; « ٣ » passes both; an integer of any length reaches the
column), and a text longer than its column. One reading here, used by every view and
service; forms check their own fields (their ``max_length`` is the column's)."""

from django.core.exceptions import ValidationError

# The largest id a column holds (BigAutoField); a year or a count is bounded by its caller.
LARGEST_ID = 2**63 - 1


def whole_number(text: str | None, *, largest: int = LARGEST_ID) -> int | None:
    """The number ``text`` writes in ASCII digits only (no sign, no space), if it is at most
    ``largest``; None otherwise."""
    if not text or not text.isascii() or not text.isdigit() or len(text) > len(str(largest)):
        return None
    number = int(text)
    return number if number <= largest else None


def whole_numbers(texts: list[str]) -> list[int] | None:
    """The ids ``texts`` write (``whole_number``), or None if one of them is not one."""
    numbers = [whole_number(text) for text in texts]
    return None if None in numbers else numbers


def text_fitting(model, field: str, text: str) -> str:
    """``text`` if ``model``'s column ``field`` holds it, else a French ValidationError
    saying how long it may be."""
    longest = model._meta.get_field(field).max_length
    if len(text) > longest:
        raise ValidationError(
            f"Ce texte est trop long : {longest} caractères au plus ({len(text)} écrits)."
        )
    return text
