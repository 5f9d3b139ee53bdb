"""The FFT's file of a tournament's awards (fascicule 3, ch. 5, « Homologation des P.C.N. /
Déclaration »): columns NumLicenceJoueur NomJoueur Pcn Pp, all or nothing."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.approvals.domain.award_file import (
    AwardEntry,
    ParsedAwardFile,
    award_file_fingerprint,
    award_file_parse,
    column_letter,
)

HEADER = ("NumLicenceJoueur", "NomJoueur", "Pcn", "Pp")
KNOWN = {"1001001", "1001002", "1001003", "0123456"}


def parse(*rows, known=KNOWN, **options) -> ParsedAwardFile:
    return award_file_parse(list(rows), known_licences=known, **options)


def errors_of(*data_rows) -> list[str]:
    """The errors of a file with the regulation's header and these rows."""
    result = parse(HEADER, *data_rows)
    assert result.entries == ()
    assert not result.ok
    return list(result.errors)


def test_a_good_file():
    result = parse(
        HEADER,
        (1001001, "DUCARD Lionel", None, 1500, 1),  # the regulation's example row
        (1001002.0, "  MARTIN Anne ", 250.0, 12.0),
        ("  1001003 ", "DURAND Paul", " 40 ", "7"),
        ("0123456", "PETIT Luc", "", ""),
    )
    assert result.ok
    assert result.errors == ()
    assert result.entries == (
        AwardEntry("1001001", "DUCARD Lionel", 0, 1500),
        AwardEntry("1001002", "MARTIN Anne", 250, 12),
        AwardEntry("1001003", "DURAND Paul", 40, 7),
        AwardEntry("0123456", "PETIT Luc", 0, 0),
    )


def test_blank_rows_are_skipped_but_counted():
    result = parse(
        HEADER,
        (None, None, None, None),
        (1001001, "A", 10, 1),
        (),
        ("", "  ", None),
        (1001002, "B", "x", 1),
    )
    assert result.errors == ("ligne 6, colonne Pcn : « x » n'est pas un nombre entier",)


def test_short_rows_read_as_empty_cells():
    result = parse(HEADER, (1001001, "A"), (1001002,))
    assert result.entries == (AwardEntry("1001001", "A", 0, 0), AwardEntry("1001002", "", 0, 0))


@pytest.mark.parametrize(
    "header",
    [
        HEADER,
        ("numlicencejoueur", "NOMJOUEUR", "PCN", "pp"),
        (" NumLicenceJoueur ", "NomJoueur  ", "\tPcn", "Pp "),
        (*HEADER, None, ""),  # the regulation's example ends with an empty column
    ],
)
def test_header_variants_accepted(header):
    result = parse(header, (1001001, "A", 10, 1))
    assert result.entries == (AwardEntry("1001001", "A", 10, 1),)


@pytest.mark.parametrize(
    ("header", "errors"),
    [
        (
            ("NumLicenceJoueur", "Nom", "Pcn", "Pp"),
            ["ligne 1, colonne B : « Nom » au lieu de « NomJoueur »"],
        ),
        (
            ("NumLicenceJoueur", "NomJoueur", "Pp", "Pcn"),
            [
                "ligne 1, colonne C : « Pp » au lieu de « Pcn »",
                "ligne 1, colonne D : « Pcn » au lieu de « Pp »",
            ],
        ),
        (
            ("NumLicenceJoueur", "NomJoueur", "Pcn"),
            ["ligne 1, colonne D : « Pp » manquant"],
        ),
        (
            ("NumLicenceJoueur", "NomJoueur", "Pcn", "Pp", None, "Rang"),
            [
                "ligne 1, colonne F : « Rang » en trop, seules NumLicenceJoueur, NomJoueur,"
                " Pcn, Pp sont attendues"
            ],
        ),
        (
            ("Num Licence Joueur", "NomJoueur", "Pcn", "Pp"),
            ["ligne 1, colonne A : « Num Licence Joueur » au lieu de « NumLicenceJoueur »"],
        ),
    ],
)
def test_header_different(header, errors):
    result = parse(header, (1001001, "A", 10, 1))
    assert result.entries == ()
    assert list(result.errors) == errors


@pytest.mark.parametrize(
    "first_row", [(1001001, "DUCARD Lionel", 10, 1), (None, None, None, None), ("Licence",)]
)
def test_header_missing(first_row):
    result = parse(first_row, (1001002, "A", 10, 1))
    assert result.errors == (
        "ligne 1 : en-tête manquant, attendu NumLicenceJoueur, NomJoueur, Pcn, Pp dans cet ordre",
    )
    assert result.entries == ()


@pytest.mark.parametrize("rows", [[], [()], [(None, None, None, None), ("", " ")]])
def test_empty_file(rows):
    result = award_file_parse(rows, known_licences=KNOWN)
    assert result == ParsedAwardFile(entries=(), errors=("le fichier est vide",))


def test_header_without_rows():
    result = parse(HEADER, (None, None, None, None))
    assert result.errors == ("le fichier ne contient aucune ligne après l'en-tête",)


def test_unknown_licence():
    assert errors_of((1001001, "A", 1, 1), (9999999, "B", 1, 1)) == [
        "ligne 3, colonne NumLicenceJoueur : licence « 9999999 » inconnue"
    ]


@pytest.mark.parametrize(
    ("cell", "shown"),
    [("10O1001", "10O1001"), ("1 001 001", "1 001 001"), (1001001.5, "1001001.5"), (-5, "-5")],
)
def test_licence_not_digits(cell, shown):
    assert errors_of((cell, "A", 1, 1)) == [
        f"ligne 2, colonne NumLicenceJoueur : « {shown} » n'est pas un numéro de licence"
        " (chiffres uniquement)"
    ]


def test_licence_missing():
    assert errors_of((None, "A", 1, 1)) == [
        "ligne 2, colonne NumLicenceJoueur : numéro de licence manquant"
    ]


def test_duplicate_licence_names_the_first_row():
    assert errors_of(
        (1001001, "A", 1, 1),
        (1001002, "B", 1, 1),
        ("1001001", "A bis", 2, 2),
        (1001001.0, "A ter", 3, 3),
    ) == [
        "ligne 4, colonne NumLicenceJoueur : licence « 1001001 » déjà présente ligne 2",
        "ligne 5, colonne NumLicenceJoueur : licence « 1001001 » déjà présente ligne 2",
    ]


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ("abc", "« abc » n'est pas un nombre entier"),
        (12.5, "« 12.5 » n'est pas un nombre entier"),
        ("12.5", "« 12.5 » n'est pas un nombre entier"),
        ("12,5", "« 12,5 » n'est pas un nombre entier"),
        (True, "« True » n'est pas un nombre entier"),
        (float("nan"), "« nan » n'est pas un nombre entier"),
        (-5, "« -5 » est négatif"),
        (-5.0, "« -5 » est négatif"),
        ("-5", "« -5 » est négatif"),
        (1_000_001, "« 1000001 » est trop grand (au plus 1000000)"),
        ("9" * 5000, f"« {'9' * 39}… » est trop grand (au plus 1000000)"),
    ],
)
def test_bad_number(cell, message):
    assert errors_of((1001001, "A", cell, 1)) == [f"ligne 2, colonne Pcn : {message}"]
    assert errors_of((1001001, "A", 1, cell)) == [f"ligne 2, colonne Pp : {message}"]


def test_leading_zeros_in_a_number():
    assert parse(HEADER, (1001001, "A", "0012", "000")).entries == (
        AwardEntry("1001001", "A", 12, 0),
    )


def test_all_or_nothing_and_every_bad_cell_listed():
    assert errors_of(
        (1001001, "A", 10, 1),
        (1001002, "B", "abc", -1),
        (1001003, "C", 5, 1),
        (42, "D", 1, 1),
    ) == [
        "ligne 3, colonne Pcn : « abc » n'est pas un nombre entier",
        "ligne 3, colonne Pp : « -1 » est négatif",
        "ligne 5, colonne NumLicenceJoueur : licence « 42 » inconnue",
    ]


def test_a_row_with_an_error_still_claims_its_licence():
    assert errors_of((1001001, "A", "x", 1), (1001001, "A", 1, 1)) == [
        "ligne 2, colonne Pcn : « x » n'est pas un nombre entier",
        "ligne 3, colonne NumLicenceJoueur : licence « 1001001 » déjà présente ligne 2",
    ]


def test_size_cap():
    licences = [f"{2000000 + n}" for n in range(6)]
    rows = [HEADER, *[(licence, "X", 1, 1) for licence in licences]]
    at_cap = award_file_parse(rows[:6], known_licences=licences, max_rows=5)
    assert len(at_cap.entries) == 5
    over = award_file_parse(rows, known_licences=licences, max_rows=5)
    assert over == ParsedAwardFile(
        entries=(),
        errors=("ligne 7 : plus de 5 lignes d'attribution, le fichier est refusé",),
    )


def test_size_cap_counts_rows_not_blank_ones():
    rows = [HEADER, (1001001, "A", 1, 1), (None,), (None, None), (1001002, "B", 1, 1)]
    assert award_file_parse(rows, known_licences=KNOWN, max_rows=2).ok


def test_size_cap_is_the_only_error():
    rows = [("bad",), *[("x", "y", "z", "w")] * 3]
    result = award_file_parse(rows, known_licences=KNOWN, max_rows=2)
    assert result.errors == ("ligne 4 : plus de 2 lignes d'attribution, le fichier est refusé",)


def test_default_cap_is_2000():
    licences = [str(3000000 + n) for n in range(2001)]
    rows = [HEADER, *[(licence, "X", 1, 1) for licence in licences]]
    assert len(award_file_parse(rows[:2001], known_licences=licences).entries) == 2000
    assert award_file_parse(rows, known_licences=licences).errors == (
        "ligne 2002 : plus de 2000 lignes d'attribution, le fichier est refusé",
    )


def test_known_licences_any_collection():
    rows = [HEADER, (1001001, "A", 1, 1)]
    for known in (["1001001"], ("1001001",), frozenset({"1001001"}), {"1001001": 1}.keys()):
        assert award_file_parse(rows, known_licences=known).ok


def test_column_letters():
    assert [column_letter(n) for n in (0, 3, 25, 26, 27, 701, 702)] == [
        "A",
        "D",
        "Z",
        "AA",
        "AB",
        "ZZ",
        "AAA",
    ]


licence_numbers = st.from_regex(r"[0-9]{4,10}", fullmatch=True)
points = st.integers(min_value=0, max_value=1_000_000)
names = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cc", "Cs")))


@st.composite
def award_rows(draw):
    licences = draw(st.lists(licence_numbers, min_size=1, max_size=30, unique=True))
    entries = [
        AwardEntry(licence, draw(names).strip(), draw(points), draw(points)) for licence in licences
    ]
    rows = []
    for entry in entries:
        # The same values as a sheet may hold them: int, float or text cells.
        as_cell = draw(st.sampled_from([int, float, str]))
        licence = entry.licence if entry.licence.startswith("0") else as_cell(entry.licence)
        pcn = draw(st.sampled_from([int, float, str]))(entry.pcn) if entry.pcn else None
        rows.append((licence, entry.name, pcn, as_cell(entry.pp)))
    return entries, rows


@given(award_rows())
def test_what_a_sheet_holds_is_read_back(sample):
    entries, rows = sample
    result = award_file_parse([HEADER, *rows], known_licences={entry.licence for entry in entries})
    assert result.errors == ()
    assert result.entries == tuple(entries)


@given(st.lists(st.tuples(*[st.one_of(st.none(), st.integers(), st.text())] * 4), max_size=20))
def test_entries_or_errors_never_both(data_rows):
    result = award_file_parse([HEADER, *data_rows], known_licences=KNOWN)
    assert not (result.entries and result.errors)
    assert result.entries or result.errors


# --- the fingerprint: licences with their PCN and PP, nothing else -------------------

_ENTRIES = (
    AwardEntry("1001001", "DUCARD Lionel", 560, 0),
    AwardEntry("1001002", "MARTIN Anne", 403, 0),
    AwardEntry("1001003", "DURAND Paul", 290, 0),
)


@given(st.permutations(_ENTRIES))
def test_the_fingerprint_ignores_the_order_and_the_names(entries):
    renamed = [AwardEntry(e.licence, "X", e.pcn, e.pp) for e in entries]
    assert award_file_fingerprint(renamed) == award_file_fingerprint(_ENTRIES)
    assert len(award_file_fingerprint(entries)) == 64


@pytest.mark.parametrize(
    "changed",
    [
        AwardEntry("1001009", "DURAND Paul", 290, 0),  # another licence
        AwardEntry("1001003", "DURAND Paul", 291, 0),  # another PCN
        AwardEntry("1001003", "DURAND Paul", 290, 1),  # another PP
    ],
    ids=["licence", "pcn", "pp"],
)
def test_the_fingerprint_changes_with_a_licence_a_pcn_or_a_pp(changed):
    assert award_file_fingerprint((*_ENTRIES[:2], changed)) != award_file_fingerprint(_ENTRIES)
    assert award_file_fingerprint(_ENTRIES[:2]) != award_file_fingerprint(_ENTRIES)
