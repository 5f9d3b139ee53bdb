"""Names that reach an e-mail's subject line, a printout's heading or a file (a tournament's,
a stage's): one line of printable text. A newline in a subject makes the mail library refuse
the whole message (header injection), so such names are refused at every door — form, API,
file — with this one check."""

import unicodedata

from django.core.exceptions import ValidationError

CONTROL_CHARACTERS_REFUSED = (
    "Un nom tient sur une ligne : ni retour à la ligne, ni tabulation, ni caractère de contrôle."
)
# Control characters (Cc: newline, tab, NUL, DEL…) and the line and paragraph separators.
_REFUSED_CATEGORIES = frozenset({"Cc", "Zl", "Zp"})


def has_control_characters(text: str) -> bool:
    """Whether ``text`` holds a character that breaks a line or controls a terminal."""
    return any(unicodedata.category(character) in _REFUSED_CATEGORIES for character in text)


def no_control_characters(value: str) -> None:
    """Field validator: refuse a name holding a control character or a line break."""
    if has_control_characters(value):
        raise ValidationError(CONTROL_CHARACTERS_REFUSED, code="control_characters")
