"""Licence numbers as the FFT writes them: digits only, e.g. ``1001001``.

Spaces, dots and dashes typed or exported by spreadsheets are removed; leading
zeros are kept (the number is an identifier, not a quantity).
"""

import re

LICENCE_MIN_DIGITS = 4
LICENCE_MAX_DIGITS = 10
_SEPARATORS = re.compile(r"[\s.\-]")


class InvalidLicenceNumber(ValueError):
    pass


def licence_number_normalize(raw: object) -> str:
    """Return the canonical licence number or raise InvalidLicenceNumber (French message)."""
    if raw is None:
        raise InvalidLicenceNumber("numéro de licence manquant")
    if isinstance(raw, float):
        if not raw.is_integer():
            raise InvalidLicenceNumber(f"numéro de licence « {raw} » : chiffres uniquement")
        raw = int(raw)  # spreadsheets store 1001001 as 1001001.0
    text = _SEPARATORS.sub("", str(raw))
    if not text:
        raise InvalidLicenceNumber("numéro de licence manquant")
    if not text.isascii() or not text.isdigit():
        raise InvalidLicenceNumber(f"numéro de licence « {raw} » : chiffres uniquement")
    if not LICENCE_MIN_DIGITS <= len(text) <= LICENCE_MAX_DIGITS:
        raise InvalidLicenceNumber(
            f"numéro de licence « {raw} » : entre {LICENCE_MIN_DIGITS} et "
            f"{LICENCE_MAX_DIGITS} chiffres"
        )
    return text
