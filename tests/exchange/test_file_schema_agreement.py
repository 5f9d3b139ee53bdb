"""The published JSON Schema and the import agree: a file another program checks with
docs/tournament-file.schema.json (``jsonschema``, Draft 2020-12, with a format checker,
numbers read as decimals) is refused by one exactly when it is refused by the other, and
the files Donne exports conform to it."""

import copy
import json
from decimal import Decimal
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from apps.exchange.domain.document import TournamentFileInvalid, tournament_file_parse
from apps.exchange.services import tournament_file_export
from apps.tournaments.models import Tournament
from tests.builders import lines_write, played
from tests.exchange.tournament_file_data import document_build

PUBLISHED = Path(__file__).resolve().parents[2] / "docs/tournament-file.schema.json"


def _decimals(document) -> object:
    """The document as a validator that compares numbers as decimals reads it (0.29 is a
    multiple of 0.01)."""
    return json.loads(json.dumps(document), parse_float=Decimal)


VALIDATOR = Draft202012Validator(
    json.loads(PUBLISHED.read_text(encoding="utf-8"), parse_float=Decimal),
    format_checker=Draft202012Validator.FORMAT_CHECKER,
)


def schema_errors(document) -> list[str]:
    """The published schema's errors, as « path: message »."""
    return [
        f"{'.'.join(map(str, error.absolute_path))}: {error.message}"
        for error in VALIDATOR.iter_errors(_decimals(document))
    ]


def import_errors(document) -> list[str]:
    try:
        tournament_file_parse(json.loads(json.dumps(document)))
    except TournamentFileInvalid as refused:
        return [str(error) for error in refused.errors]
    return []


def _first_deal(document: dict) -> dict:
    return next(line["deal"] for line in document["results"] if "deal" in line)


def _both(document: dict) -> None:
    document["results"][1].update(score=56, deal=_first_deal(document))


def _neither(document: dict) -> None:
    for key in ("score", "deal"):
        document["results"][1].pop(key, None)


def _set(part: str, index: int | None, key: str, value):
    def change(document: dict) -> None:
        target = document[part] if index is None else document[part][index]
        target[key] = value

    return change


def _dropped(part: str, index: int, key: str):
    return lambda document: document[part][index].pop(key)


def _deal_set(key: str, value):
    return lambda document: _first_deal(document).__setitem__(key, value)


REFUSED = {
    "a player without a licence": (_dropped("players", 0, "licence"), "players[0].licence"),
    "a percentage as a French text": (_set("penalties", 0, "percent", "0,5"), "percent"),
    "a percentage of three decimals": (_set("penalties", 0, "percent", 0.125), "percent"),
    "a line with a score and a deal": (_both, "results[1] :"),
    "a line with neither score nor deal": (_neither, "results[1] :"),
    "not_played false": (_set("results", 0, "not_played", False), "results[0].not_played"),
    "a guest with a licence": (_set("players", 0, "guest", True), "players[0].licence"),
    "a licence of three digits": (_set("players", 0, "licence", "123"), "players[0].licence"),
    "two tables": (_set("movement", None, "tables", 2), "movement"),
    "a garde sans": (_deal_set("contract", "garde_sans"), ".deal"),
    "a deal of five players": (_deal_set("players", 5), ".deal"),
    "a licence as a number": (_set("players", 0, "licence", 3000001), "players[0].licence"),
    "a licence with a space": (_set("players", 0, "licence", "300 0001"), "players[0].licence"),
    "a name as a number": (_set("players", 0, "name", 12), "players[0].name"),
}
ACCEPTED = {
    "an empty venue": _set("tournament", None, "venue", ""),
    "an empty note": _set("results", 0, "note", ""),
    "a penalty of 0,29": _set("penalties", 0, "percent", 0.29),
    "a guest without a licence": lambda document: document["players"][0].update(
        guest=True, licence=None
    ),
}


def changed(change) -> dict:
    document = copy.deepcopy(document_build())
    change(document)
    return document


def test_the_file_both_start_from_conforms():
    assert schema_errors(document_build()) == import_errors(document_build()) == []


@pytest.mark.parametrize("case", REFUSED)
def test_both_refuse(case):
    change, where = REFUSED[case]
    document = changed(change)
    refusals = import_errors(document)
    assert schema_errors(document)
    assert len(refusals) == 1 and where in refusals[0], refusals


@pytest.mark.parametrize("case", ACCEPTED)
def test_both_accept(case):
    document = changed(ACCEPTED[case])
    assert schema_errors(document) == import_errors(document) == []


@pytest.mark.django_db
def test_the_export_of_a_tournament_without_venue_conforms(world):
    movement = played(world, 7)
    table = movement.movement_tables.filter(position__gte=1).order_by("sequence", "table")[0]
    lines_write(world.referee, movement, [(table, table.etuis[0], 56, None)], [])
    Tournament.objects.filter(pk=movement.session.tournament_id).update(venue="")
    movement.session.tournament.refresh_from_db()
    exported = tournament_file_export(movement.session)
    assert exported["tournament"]["venue"] == ""
    assert schema_errors(exported) == []


NEUTRALISED = {"etui": 4, "table": 2, "kind": "neutralized"}


@pytest.mark.parametrize(
    ("line", "refused"),
    [({}, True), ({"not_played": True, "note": "étui égaré"}, False)],
)
def test_a_line_of_a_neutralised_play_gives_one_outcome_too(line, refused):
    document = document_build(adjustments=(NEUTRALISED,))
    document["results"].append({"etui": 4, "table": 2, **line})
    refusals = import_errors(document)
    assert bool(schema_errors(document)) is bool(refusals) is refused
    assert not refused or refusals == [
        f"results[{len(document['results']) - 1}] : il manque le score (« score ») "
        "ou le détail de la donne (« deal »)"
    ]
