"""Header matching and row checks of the licensee import (pure, no database)."""

import datetime

import pytest

from apps.federation.domain import licensee_rows as lr
from apps.federation.domain.spreadsheets import FileProblem
from apps.federation.models import Licensee

TODAY = datetime.date(2026, 3, 1)
HEADER = ["Licence", "Nom", "Prénom", "Date de naissance", "Club", "Série"]
COLUMNS = lr.columns_locate(HEADER)


def _read(cells, columns=COLUMNS, number=2):
    return lr.row_read(number, tuple(cells), columns, today=TODAY)


def _codes(errors):
    return [(e.row, e.field, e.code) for e in errors]


def test_series_codes_match_the_model():
    assert {lr.FIRST, lr.SECOND, lr.PROMOTION, lr.UNRANKED} == set(Licensee.Series.values)


def test_name_max_length_matches_the_model():
    for name in ("last_name", "first_name"):
        assert Licensee._meta.get_field(name).max_length == lr.NAME_MAX_LENGTH


@pytest.mark.parametrize(
    "label, field",
    [
        ("Licence", "licence_number"),
        ("N° licence", "licence_number"),
        ("n° LICENCE", "licence_number"),
        ("Numéro de licence", "licence_number"),
        ("numero de licence", "licence_number"),
        ("Nº licence", "licence_number"),
        ("NOM", "last_name"),
        ("Prenom", "first_name"),
        ("  Prénom ", "first_name"),
        ("Date de Naissance", "birth_date"),
        ("N° club", "club"),
        ("Serie", "series"),
    ],
)
def test_header_labels_match_without_case_accents_or_punctuation(label, field):
    header = {
        "licence_number": "Licence",
        "last_name": "Nom",
        "first_name": "Prénom",
        "club": "Club",
    }
    columns = lr.columns_locate(list({**header, field: label}.values()))
    assert columns.labels[field] == label


def test_unknown_columns_are_ignored_and_the_first_match_wins():
    columns = lr.columns_locate(["Email", "Nom", "Licence", "Prénom", "Club", "Nom"])
    assert columns.index == {"last_name": 1, "licence_number": 2, "first_name": 3, "club": 4}


def test_missing_required_columns_give_one_error_naming_them_all():
    with pytest.raises(FileProblem) as caught:
        lr.columns_locate(["Nom", "Série", "Ville"])
    assert caught.value.code == "missing_columns"
    assert caught.value.params == {"columns": "Licence, Prénom, Club"}


def test_a_good_row():
    row, errors = _read([" 1 001 001 ", " Dupont ", "Jean", "17/05/1970", "700001", "2ème série"])
    assert errors == []
    assert row == lr.LicenseeRow(
        number=2,
        licence_number="1001001",
        last_name="Dupont",
        first_name="Jean",
        birth_date=datetime.date(1970, 5, 17),
        club="700001",
        series="2",
    )


def test_xlsx_typed_cells():
    cells = [1001001.0, "Dupont", "Jean", datetime.datetime(1970, 5, 17), 700001, 1]
    row, errors = _read(cells)
    assert errors == []
    assert (row.licence_number, row.club, row.series) == ("1001001", "700001", "1")
    assert row.birth_date == datetime.date(1970, 5, 17)


def test_optional_columns_absent_or_empty_give_none_or_unranked():
    columns = lr.columns_locate(["Licence", "Nom", "Prénom", "Club"])
    row, errors = _read(["1001001", "Dupont", "Jean", "700001"], columns)
    assert errors == []
    assert (row.birth_date, row.series) == (None, None)
    row, errors = _read(["1001001", "Dupont", "Jean", "", "700001", ""])
    assert errors == []
    assert (row.birth_date, row.series) == (None, "NC")


def test_short_rows_are_padded_with_empty_cells():
    row, errors = _read(["1001001", "Dupont", "Jean"])
    assert _codes(errors) == [(2, "club", "required")]
    assert row.club is None


@pytest.mark.parametrize(
    "text, expected",
    [
        ("17/05/1970", datetime.date(1970, 5, 17)),
        ("7/5/1970", datetime.date(1970, 5, 7)),
        ("1970-05-17", datetime.date(1970, 5, 17)),
        ("1970-05-17 00:00:00", datetime.date(1970, 5, 17)),
        ("1970-05-17T00:00:00", datetime.date(1970, 5, 17)),
        ("17-05-1970", datetime.date(1970, 5, 17)),
        ("17.05.1970", datetime.date(1970, 5, 17)),
        ("", None),
        (None, None),
    ],
)
def test_birth_dates_accepted(text, expected):
    assert lr.birth_date_parse(text, today=TODAY) == expected


@pytest.mark.parametrize(
    "value",
    ["31/02/1970", "17/05/70", "1970/05/17", "hier", "25705", 25705, "01/01/1899", "02/03/2026"],
)
def test_birth_dates_refused(value):
    with pytest.raises(lr.CellError) as caught:
        lr.birth_date_parse(value, today=TODAY)
    assert caught.value.code == "date"


@pytest.mark.parametrize(
    "value, series",
    [
        ("1", "1"),
        (1, "1"),
        (1.0, "1"),
        ("1ère série", "1"),
        ("1ERE SERIE", "1"),
        ("Série 1", "1"),
        ("2", "2"),
        ("2ème série", "2"),
        ("2e série", "2"),
        ("P", "P"),
        ("p", "P"),
        ("Promotion", "P"),
        ("NC", "NC"),
        ("N.C.", "NC"),
        ("Non classé", "NC"),
        ("", "NC"),
        (None, "NC"),
    ],
)
def test_series_accepted(value, series):
    assert lr.series_parse(value) == series


@pytest.mark.parametrize("value", ["3", "3ème série", "A", "Champion"])
def test_series_refused(value):
    with pytest.raises(lr.CellError) as caught:
        lr.series_parse(value)
    assert (caught.value.code, caught.value.params) == ("series", {"value": value})


def test_every_cell_error_of_a_row_is_reported_with_its_column_label():
    columns = lr.columns_locate(["N° licence", "Nom", "Prénom", "Naissance", "Club", "Série"])
    row, errors = _read(["12a", "", "x" * 101, "30/02/1980", "", "Z"], columns, number=7)
    assert _codes(errors) == [
        (7, "licence_number", "licence"),
        (7, "last_name", "required"),
        (7, "first_name", "too_long"),
        (7, "birth_date", "date"),
        (7, "club", "required"),
        (7, "series", "series"),
    ]
    assert [e.column for e in errors] == [
        "N° licence",
        "Nom",
        "Prénom",
        "Naissance",
        "Club",
        "Série",
    ]
    assert "chiffres" in errors[0].params["detail"]
    assert errors[2].params == {"max": 100}
    assert errors[3].params == {"value": "30/02/1980"}
    assert row == lr.LicenseeRow(7, None, None, None, None, None, None)


def test_a_missing_licence_number_is_reported():
    _row, errors = _read(["", "Dupont", "Jean", "", "700001", ""])
    assert _codes(errors) == [(2, "licence_number", "licence")]
    assert errors[0].params == {"detail": "numéro de licence manquant"}


def _rows(*specs):
    """specs: (row number, licence, club)."""
    return [
        lr.LicenseeRow(n, licence, "Nom", "Prénom", None, club, "NC") for n, licence, club in specs
    ]


def _check(rows, clubs=None, manageable=None, protected=()):
    clubs = {"700001": 1, "700002": 2} if clubs is None else clubs
    return lr.rows_check(
        rows,
        COLUMNS,
        club_ids=clubs,
        manageable_club_ids={1, 2} if manageable is None else manageable,
        protected_licences=set(protected),
    )


def test_rows_check_passes_good_rows():
    assert _check(_rows((2, "1001001", "700001"), (3, "1001002", "700002"))) == []


def test_duplicate_licence_numbers_are_reported_on_every_row():
    rows = _rows((2, "1001001", "700001"), (3, "1001002", "700001"), (5, "1001001", "700002"))
    errors = _check(rows)
    assert _codes(errors) == [
        (2, "licence_number", "duplicate"),
        (5, "licence_number", "duplicate"),
    ]
    assert errors[0].params == {"licence": "1001001", "rows": "2, 5"}
    assert errors[1].params == errors[0].params


def test_unknown_and_unmanaged_clubs():
    rows = _rows((2, "1001001", "999999"), (3, "1001002", "700002"), (4, "1001003", "700001"))
    errors = _check(rows, manageable={1})
    assert _codes(errors) == [(2, "club", "club_unknown"), (3, "club", "club_forbidden")]
    assert [e.params for e in errors] == [{"club": "999999"}, {"club": "700002"}]


def test_licensee_of_an_unmanaged_club_cannot_be_taken_over():
    errors = _check(_rows((2, "1001001", "700001")), protected={"1001001"})
    assert _codes(errors) == [(2, "licence_number", "licence_other_club")]
    assert errors[0].params == {"licence": "1001001"}


def test_rows_with_invalid_cells_are_skipped_by_the_lookups():
    assert _check(_rows((2, None, None), (3, None, None))) == []


def test_errors_sort_by_row_then_column_order():
    errors = [
        lr.RowError(3, "licence_number", "Licence", "duplicate"),
        lr.RowError(2, "series", "Série", "series"),
        lr.RowError(2, "licence_number", "Licence", "licence"),
    ]
    assert [(e.row, e.field) for e in sorted(errors, key=lr.error_sort_key)] == [
        (2, "licence_number"),
        (2, "series"),
        (3, "licence_number"),
    ]
