"""A tournament file's « replacements » (fascicule 3, ch. 2 art. 18): who took a place
over during play, from which position (and étui); read without a database, every error with its
path."""

import copy

import pytest

from apps.exchange.domain.document import (
    FileReplacement,
    TournamentFileInvalid,
    tournament_file_parse,
)

DOCUMENT = {
    "format": "donne-tournament/1",
    "tournament": {"name": "Open", "date": "2026-11-19", "indice": 1.0},
    "movement": {"type": "ligne", "tables": 5, "positions": 5},
    "players": [
        {"id": "N1", "licence": "1001001", "name": "DUCARD Lionel"},
        {"id": "S1", "licence": "1001002", "name": "MARTIN Camille"},
    ],
    "results": [],
    "replacements": [{"player": "N1", "position": 2, "licence": "1001009", "name": "ROUX Léa"}],
}


def with_replacements(*rows) -> dict:
    document = copy.deepcopy(DOCUMENT)
    document["replacements"] = list(rows)
    return document


def errors_of(document) -> list[str]:
    with pytest.raises(TournamentFileInvalid) as caught:
        tournament_file_parse(document)
    return [str(error) for error in caught.value.errors]


def test_a_replacement_is_read_with_its_place_and_position():
    parsed = tournament_file_parse(DOCUMENT)
    assert parsed.replacements == (FileReplacement(("Rouge", "N1"), 2, "1001009", "ROUX", "Léa"),)


def test_a_file_without_replacements_has_none():
    document = copy.deepcopy(DOCUMENT)
    del document["replacements"]
    assert tournament_file_parse(document).replacements == ()


@pytest.mark.parametrize(
    ("row", "error"),
    [
        (
            {"player": "E1", "position": 2, "licence": "1001009", "name": "ROUX Léa"},
            "replacements[0].player : aucun joueur de « players » n'occupe cette place",
        ),
        (
            {"player": "N1", "position": 1, "licence": "1001009", "name": "ROUX Léa"},
            "replacements[0].position : à la position 1, « from_etui » après le premier étui "
            "de la table : avant lui, le remplaçant est le joueur de la place",
        ),
        (
            {"player": "N1", "position": 6, "licence": "1001009", "name": "ROUX Léa"},
            "replacements[0].position : une position de 2 à 5 (reçu : 6)",
        ),
        (
            {"player": "N1", "position": 3, "licence": "1001002", "name": "MARTIN Camille"},
            "replacements[0].licence : licence 1001002 déjà donnée à players[1]",
        ),
        (
            {"player": "N1", "position": 3, "name": "ROUX Léa"},
            "replacements[0].licence : champ obligatoire manquant",
        ),
    ],
)
def test_a_wrong_replacement_is_refused_with_its_path(row, error):
    assert errors_of(with_replacements(row)) == [error]


def _etuis_of_n1(position: int) -> tuple[int, ...]:
    """The étuis Nord 1's table plays at that position."""
    [section] = tournament_file_parse(DOCUMENT).room.sections
    [table] = [t for t in section.positions[position - 1].tables if "N1" in t.players]
    return table.etuis


@pytest.mark.parametrize("position", [1, 3])
def test_a_replacement_from_an_etui_of_the_position_is_read_with_it(position):
    etui = _etuis_of_n1(position)[2]
    row = {"player": "N1", "position": position, "from_etui": etui}
    parsed = tournament_file_parse(
        with_replacements({**row, "licence": "1001009", "name": "ROUX Léa"})
    )
    assert parsed.replacements == (
        FileReplacement(("Rouge", "N1"), position, "1001009", "ROUX", "Léa", etui),
    )


def test_a_replacement_from_the_first_etui_holds_the_whole_position():
    row = {"player": "N1", "position": 3, "from_etui": _etuis_of_n1(3)[0]}
    parsed = tournament_file_parse(
        with_replacements({**row, "licence": "1001009", "name": "ROUX Léa"})
    )
    assert parsed.replacements[0].from_etui is None


def test_a_replacement_from_an_etui_its_table_does_not_play_is_refused():
    etuis = _etuis_of_n1(3)
    other = next(etui for etui in range(1, 40) if etui not in etuis)
    row = {"player": "N1", "position": 3, "from_etui": other}
    listed = ", ".join(map(str, etuis))
    assert errors_of(with_replacements({**row, "licence": "1001009", "name": "ROUX Léa"})) == [
        "replacements[0].from_etui : un étui de la table de cette place à la position 3 : "
        f"{listed} (reçu : {other})"
    ]


def test_a_place_is_taken_over_once_at_a_position():
    row = {"player": "N1", "position": 2, "licence": "1001009", "name": "ROUX Léa"}
    other = {**row, "licence": "1001010", "name": "BLANC Paul"}
    assert errors_of(with_replacements(row, other)) == [
        "replacements[1].position : la place est déjà reprise à cette position"
    ]


def test_replacements_must_be_a_list():
    document = {**DOCUMENT, "replacements": {"player": "N1"}}
    assert errors_of(document) == ["replacements : une liste JSON est attendue : [ … ]"]
