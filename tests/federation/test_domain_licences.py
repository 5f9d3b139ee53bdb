import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.federation.domain.licences import (
    LICENCE_MAX_DIGITS,
    LICENCE_MIN_DIGITS,
    InvalidLicenceNumber,
    licence_number_normalize,
)


@pytest.mark.parametrize(
    "raw, expected",
    [
        ("1001001", "1001001"),
        (" 1001001 ", "1001001"),
        ("1 001 001", "1001001"),
        ("1.001.001", "1001001"),
        ("0012345", "0012345"),  # leading zeros are part of the identifier
        (1001001, "1001001"),
        (1001001.0, "1001001"),  # spreadsheet numeric cell
    ],
)
def test_normalize_accepts_what_clubs_type(raw, expected):
    assert licence_number_normalize(raw) == expected


@pytest.mark.parametrize(
    "raw",
    [
        None,
        "",
        "   ",
        "12a4567",
        "123",
        "12345678901",
        "\uff11\uff12\uff13\uff14\uff15\uff16\uff17",  # full-width digits
        1001001.5,
    ],
)
def test_normalize_rejects_with_a_french_message(raw):
    with pytest.raises(InvalidLicenceNumber) as error:
        licence_number_normalize(raw)
    assert "licence" in str(error.value)


@given(st.text(alphabet="0123456789", min_size=LICENCE_MIN_DIGITS, max_size=LICENCE_MAX_DIGITS))
def test_normalize_is_idempotent_on_valid_numbers(digits):
    assert licence_number_normalize(licence_number_normalize(digits)) == digits
