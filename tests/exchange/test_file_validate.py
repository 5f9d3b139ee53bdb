"""`manage.py validate_tournament_file FILE` and POST /api/tournament-files/validate/: every
error of a file at once, with its path, as the import finds it; nothing written."""

import json
from collections.abc import Callable
from io import StringIO

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils.translation import gettext

from apps.exchange.services import tournament_file_import
from tests.exchange.tournament_file_data import document_build
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

API = "/api/tournament-files/validate/"
WRITES = ("INSERT", "UPDATE", "DELETE")


@pytest.fixture
def document():
    return document_build(5)


@pytest.fixture
def invalid(document):
    """A file with three errors, in the document's order."""
    document["players"][0]["licence"] = "abc"
    document["results"][2]["etui"] = 99
    document["penalties"][0]["percent"] = 0
    return document


PATHS = ["players[0].licence", "results[2]", "penalties[0].percent"]


def counts() -> dict[str, int]:
    return {model._meta.label: model.objects.count() for model in apps.get_models()}


def written(run) -> list[str]:
    """The statements that wrote while ``run()`` ran; the counts of every model are the
    same after it."""
    before = counts()
    with CaptureQueriesContext(connection) as queries:
        run()
    assert counts() == before
    return [q["sql"] for q in queries if q["sql"].lstrip().upper().startswith(WRITES)]


def import_errors(world, document) -> list[str]:
    """The import's own refusal of the document, path by path."""
    with pytest.raises(ValidationError) as caught:
        tournament_file_import(actor=None, document=document, club=world.club)
    return [message.split(" : ")[0] for message in caught.value.messages]


# --- the command ---------------------------------------------------------------------


def validate(path: str) -> tuple[Callable[[], None], list[str]]:
    """The command on ``path``, to run; what it printed is added to the list."""
    out = []

    def run():
        stream = StringIO()
        try:
            call_command("validate_tournament_file", path, stdout=stream)
        finally:
            out.append(stream.getvalue())

    return run, out


@pytest.fixture
def file(tmp_path):
    def _write(document) -> str:
        path = tmp_path / "tournoi.json"
        text = document if isinstance(document, str) else json.dumps(document)
        path.write_text(text, encoding="utf-8")
        return str(path)

    return _write


def test_the_command_says_a_valid_file_is_valid_and_writes_nothing(world, file, document):
    run, out = validate(file(document))
    assert written(run) == []
    assert out == [gettext("The file is valid.") + "\n"]


def test_the_command_answers_every_error_with_its_path_and_writes_nothing(world, file, invalid):
    run, _out = validate(file(invalid))
    caught = []

    def refused():
        with pytest.raises(CommandError) as error:
            run()
        caught.append(str(error.value).splitlines())

    assert written(refused) == []
    lines = caught[0]
    assert lines[0] == "Le fichier a 3 erreurs."
    assert [line.split(" : ")[0] for line in lines[1:]] == PATHS
    assert [line.split(" : ")[0] for line in lines[1:]] == import_errors(world, invalid)


def test_the_command_answers_a_document_that_is_not_json(db, file):
    run, _out = validate(file("{oops"))
    with pytest.raises(CommandError) as caught:
        run()
    assert str(caught.value).splitlines() == [
        "Le fichier a 1 erreur.",
        gettext("The file is not a JSON document (line %(line)s, column %(column)s).")
        % {"line": 1, "column": 2},
    ]


def test_the_command_says_a_missing_file_cannot_be_read(db, tmp_path):
    with pytest.raises(CommandError, match="Impossible de lire"):
        call_command("validate_tournament_file", str(tmp_path / "absent.json"))


# --- the API ---------------------------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
def test_any_signed_in_user_validates_a_file_and_nothing_is_written(api, persona, document):
    client = api(persona)
    answers = []
    assert written(lambda: answers.append(client.post(API, document, format="json"))) == []
    assert answers[0].status_code == 200, answers[0].content
    assert answers[0].json() == {"valid": True, "errors": []}


def test_the_api_refuses_anonymous_users(api, document):
    assert api(None).post(API, document, format="json").status_code == 401


@pytest.mark.parametrize("persona", ["player", "club_manager"])
def test_the_api_answers_every_error_with_its_path(world, api, persona, invalid):
    client = api(persona)
    answers = []
    assert written(lambda: answers.append(client.post(API, invalid, format="json"))) == []
    verdict = answers[0].json()
    assert answers[0].status_code == 200
    assert verdict["valid"] is False
    assert [error["path"] for error in verdict["errors"]] == PATHS
    assert [e["path"] for e in verdict["errors"]] == import_errors(world, invalid)
    assert all(error["message"] for error in verdict["errors"])


def test_the_api_answers_a_body_that_is_not_json_as_an_error_of_the_file(api):
    response = api("player").post(API, "{oops", content_type="application/json")
    assert response.status_code == 200
    assert response.json() == {
        "valid": False,
        "errors": [
            {
                "path": "",
                "message": gettext(
                    "The file is not a JSON document (line %(line)s, column %(column)s)."
                )
                % {"line": 1, "column": 2},
            }
        ],
    }


def test_a_date_beyond_a_year_is_an_error_of_the_validator_as_of_the_import(world, api, document):
    document["tournament"]["date"] = "2099-01-01"
    verdict = api("player").post(API, document, format="json").json()
    assert [error["path"] for error in verdict["errors"]] == ["tournament.date"]
    assert import_errors(world, document) == ["tournament.date"]
