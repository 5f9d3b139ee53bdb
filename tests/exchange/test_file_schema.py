"""The tournament file as a published schema: the committed docs/tournament-file.schema.json
is the one the declaration generates, the API serves it to anyone, and the files Donne
builds conform to it."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from apps.exchange.domain.schema import (
    schema_problems,
    tournament_file_schema,
    tournament_file_schema_text,
)
from tests.exchange.tournament_file_data import document_build

COMMITTED = Path(__file__).resolve().parents[2] / "docs/tournament-file.schema.json"


def test_the_committed_schema_is_the_generated_one():
    assert COMMITTED.read_text(encoding="utf-8") == tournament_file_schema_text(), (
        "python manage.py tournament_file_schema > docs/tournament-file.schema.json"
    )


def test_the_command_prints_the_schema():
    out = StringIO()
    call_command("tournament_file_schema", stdout=out)
    assert out.getvalue() == tournament_file_schema_text()


@pytest.mark.django_db
def test_the_api_serves_the_schema_to_anyone(client):
    response = client.get(reverse("api:tournament-file-schema"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response.json() == json.loads(json.dumps(tournament_file_schema()))


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"tables": 4, "type": "howell"},
        {"tables": 12, "type": None},
        {
            "adjustments": (
                {"etui": 4, "table": 2, "kind": "neutralized"},
                {"etui": 9, "table": 3, "kind": "40_60", "faulty": "taker"},
            )
        },
        {"club": "6901", "penalties": ()},
    ],
)
def test_the_files_donne_builds_conform(options):
    assert schema_problems(json.loads(json.dumps(document_build(**options)))) == []


def test_what_departs_from_the_schema_is_located():
    document = json.loads(json.dumps(document_build(4, type="howell")))
    document["tournament"]["indice"] = 2.3
    document["results"][3]["etui"] = 0
    del document["movement"]["tables"]
    problems = schema_problems(document)
    paths = [problem.split(" : ")[0] for problem in problems]
    assert paths == ["tournament.indice", "movement.tables", "results[3].etui"]


def test_the_documented_example_conforms():
    text = Path(COMMITTED.parent / "tournament-file.md").read_text(encoding="utf-8")
    example = text.split("```json\n", 1)[1].split("```", 1)[0]
    assert schema_problems(json.loads(example)) == []
