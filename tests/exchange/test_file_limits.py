"""A tournament file costs little and says everything at once: at most 150 tables, a size
cap and a nesting cap checked before parsing (a deep document was a 500), and every error
of the document listed in one answer — through the command, the page and the API."""

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from rest_framework.test import APIClient

from apps.exchange import services as tournament_files
from apps.exchange.domain.document import (
    FILE_MAX_BYTES,
    MAX_DEPTH,
    TournamentFileInvalid,
    nesting_depth,
    tournament_file_parse,
)
from apps.tournaments.models import Tournament
from tests.exchange.tournament_file_data import document_build, upload

pytestmark = pytest.mark.django_db

DEEP = ("[" * 100_000 + "]" * 100_000).encode()
TOO_DEEP = f"imbrique ses listes et objets sur plus de {MAX_DEPTH} niveaux"
TOO_LARGE = "Le fichier est trop volumineux (5 Mo au plus)."


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("{}", 1),
        ('{"a": [1, {"b": []}]}', 4),
        ('{"a": "[[[[{{{{"}', 1),  # brackets in a string do not nest
        ('{"a": "\\"[[[", "b": [[]]}', 3),  # nor after an escaped quote
        ("3", 0),
    ],
)
def test_nesting_depth(text, depth):
    assert nesting_depth(text) == depth


def test_at_most_150_tables():
    document = document_build(5)
    document["movement"]["tables"] = 151
    with pytest.raises(TournamentFileInvalid) as caught:
        tournament_file_parse(document)
    assert [(e.path, e.message) for e in caught.value.errors][:1] == [
        ("movement", "151 tables : 150 tables au plus")
    ]


def test_every_error_of_the_document_comes_in_one_answer(world):
    """A club that does not exist, a bad date, an impossible score and a bad licence: the
    four are listed together, not one round at a time."""
    document = document_build(5, club="999999")
    document["tournament"]["date"] = "31/02/2026"
    document["results"][0].pop("deal", None)
    document["results"][0]["score"] = 57
    document["players"][1]["licence"] = "12"
    with pytest.raises(Exception) as caught:
        tournament_files.tournament_file_import(actor=None, document=document)
    messages = caught.value.messages
    assert any("999999" in m for m in messages), messages
    assert any(m.startswith("tournament.date") for m in messages)
    assert any(m.startswith("results[0].score") for m in messages)
    assert any(m.startswith("players[1].licence") for m in messages)
    assert not Tournament.objects.filter(name=document["tournament"]["name"]).exists()


def test_a_report_of_thousands_of_errors_stays_readable(world, monkeypatch):
    monkeypatch.setattr(tournament_files, "MAX_REPORTED_ERRORS", 20)
    document = document_build(7)
    for result in document["results"]:
        result.pop("deal", None)
        result["score"] = 57
    with pytest.raises(Exception) as caught:
        tournament_files.tournament_file_import(actor=None, document=document)
    messages = caught.value.messages
    assert len(messages) == 21 and messages[-1].startswith("… et ")
    assert messages[-1].endswith("autres erreurs.")


def test_one_error_past_the_report_is_said_in_the_singular(world, monkeypatch):
    document = document_build(7)
    for result in document["results"][:3]:
        result.pop("deal", None)
        result["score"] = 57
    with pytest.raises(Exception) as caught:
        tournament_files.tournament_file_import(actor=None, document=document)
    errors = len(caught.value.messages)
    monkeypatch.setattr(tournament_files, "MAX_REPORTED_ERRORS", errors - 1)
    with pytest.raises(Exception) as caught:
        tournament_files.tournament_file_import(actor=None, document=document)
    assert caught.value.messages[-1] == "… et 1 autre erreur."


# --- the three ways in ------------------------------------------------------------------


def _command(tmp_path, content: bytes):
    path = tmp_path / "tournoi.json"
    path.write_bytes(content)
    with pytest.raises(CommandError) as caught:
        call_command("import_tournament", str(path), stdout=StringIO())
    return str(caught.value)


def test_the_command_refuses_a_deep_or_large_file(world, tmp_path):
    assert TOO_DEEP in _command(tmp_path, DEEP)
    large = json.dumps({"padding": "x" * FILE_MAX_BYTES}).encode()
    assert TOO_LARGE in _command(tmp_path, large)
    assert not Tournament.objects.exists() or Tournament.objects.count() == 3  # the world's


def test_the_page_refuses_a_deep_or_large_file(world, login):
    client = login(world.club_manager)
    before = Tournament.objects.count()
    deep = client.post(reverse("exchange:import"), {"file": upload(DEEP)})
    assert deep.status_code == 200 and TOO_DEEP in deep.content.decode()
    large = json.dumps({"padding": "x" * FILE_MAX_BYTES}).encode()
    too_large = client.post(reverse("exchange:import"), {"file": upload(large)})
    assert TOO_LARGE in too_large.content.decode()
    assert Tournament.objects.count() == before


def test_the_api_refuses_a_deep_or_large_file(world):
    client = APIClient()
    client.force_authenticate(world.club_manager)
    before = Tournament.objects.count()
    deep = client.post("/api/tournament-files/", DEEP, content_type="application/json")
    assert deep.status_code == 400 and TOO_DEEP in deep.json()["detail"]
    large = json.dumps({"padding": "x" * FILE_MAX_BYTES}).encode()
    too_large = client.post("/api/tournament-files/", large, content_type="application/json")
    assert too_large.status_code == 400 and TOO_LARGE in too_large.json()["detail"]
    assert Tournament.objects.count() == before
