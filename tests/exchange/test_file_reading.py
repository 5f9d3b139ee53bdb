"""The one reader of a tournament file's bytes (apps.exchange.services.document_decode):
text that is not UTF-8, an integer longer than Python converts, a NUL character, a key
given twice, NaN or Infinity, and a day after today each get the file's French error —
never a 500 — on the page, the API and the command line, and nothing is written."""

import json
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from apps.tournaments.models import Tournament
from tests.exchange.tournament_file_data import document_build, upload

pytestmark = pytest.mark.django_db

API = "/api/tournament-files/"
NOT_UTF8 = "Le fichier n'est pas un document JSON\u00a0: ce n'est pas du texte UTF-8."
NUL = "Le fichier contient un caractère NUL (\\u0000), qu'aucun texte ne peut contenir."


def _text(**tournament) -> str:
    document = document_build(5)
    document["tournament"].update(tournament)
    return json.dumps(document, ensure_ascii=False)


def _latin1() -> bytes:
    return _text(name="Tournoi d'été").encode("latin-1")


def _huge_integer() -> bytes:
    text = _text(indice=7).replace('"indice": 7', '"indice": ' + "9" * 4301)
    return text.encode()


def _nul_in_a_value() -> bytes:
    document = document_build(5)
    document["players"][2]["name"] = "Dupont\x00"
    return json.dumps(document).encode()


def _nul_in_a_key() -> bytes:
    return _text(**{"no\x00te": "x"}).encode()


def _duplicate_key() -> bytes:
    return (_text()[:-1] + ', "players": []}').encode()


def _nan() -> bytes:
    return _text(indice=7).replace('"indice": 7', '"indice": NaN').encode()


def _overflowing_float() -> bytes:
    return _text(indice=7).replace('"indice": 7', '"indice": 1e400').encode()


def _tomorrow() -> bytes:
    return _text(date=(timezone.localdate() + timedelta(days=1)).isoformat()).encode()


def _tomorrow_refused() -> str:
    day = timezone.localdate() + timedelta(days=1)
    return f"tournament.date : La date du {day:%d/%m/%Y} est dans l'avenir"


CASES = {
    "latin-1": (_latin1, lambda: NOT_UTF8),
    "huge integer": (
        _huge_integer,
        lambda: "Le fichier n'est pas un document JSON : un nombre a plus de 4300 chiffres.",
    ),
    "NUL in a value": (_nul_in_a_value, lambda: NUL),
    "NUL in a key": (_nul_in_a_key, lambda: NUL),
    "duplicate key": (
        _duplicate_key,
        lambda: "Le fichier donne deux fois la clé « players » dans un même objet.",
    ),
    "NaN": (_nan, lambda: "Le fichier n'est pas un document JSON : NaN n'est pas une valeur JSON."),
    "a day after today": (_tomorrow, _tomorrow_refused),
    "a float beyond a float": (
        _overflowing_float,
        lambda: "Le fichier n'est pas un document JSON : le nombre 1e400 est trop grand.",
    ),
}


def _texts(data) -> list[str]:
    """Every string of an API answer."""
    if isinstance(data, str):
        return [data]
    items = data.values() if isinstance(data, dict) else data
    return [text for item in items for text in _texts(item)]


@pytest.fixture(params=sorted(CASES))
def case(request) -> tuple[bytes, str]:
    content, message = CASES[request.param]
    return content(), message()


def test_the_page_refuses_the_file(world, login, case):
    content, message = case
    before = Tournament.objects.count()
    response = login(world.club_manager).post(reverse("exchange:import"), {"file": upload(content)})
    assert response.status_code == 200
    errors = [str(e) for errors in response.context["form"].errors.values() for e in errors]
    assert any(e.startswith(message) for e in errors), errors
    assert Tournament.objects.count() == before


def test_the_api_refuses_the_file(world, case):
    content, message = case
    before = Tournament.objects.count()
    client = APIClient()
    client.force_authenticate(world.club_manager)
    response = client.post(API, content, content_type="application/json")
    assert response.status_code == 400
    assert any(message in text for text in _texts(response.json())), response.json()
    assert Tournament.objects.count() == before


def test_the_command_refuses_the_file(world, tmp_path, case):
    content, message = case
    before = Tournament.objects.count()
    path = tmp_path / "tournoi.json"
    path.write_bytes(content)
    with pytest.raises(CommandError) as caught:
        call_command("import_tournament", str(path), "--club", world.club.number, stdout=StringIO())
    assert message in str(caught.value)
    assert Tournament.objects.count() == before


def test_today_is_a_day_a_file_may_tell(world):
    client = APIClient()
    client.force_authenticate(world.club_manager)
    content = _text(date=timezone.localdate().isoformat()).encode()
    response = client.post(API, content, content_type="application/json")
    assert response.status_code == 201, response.json()


def test_a_nul_in_the_api_club_is_refused(world):
    client = APIClient()
    client.force_authenticate(world.club_manager)
    before = Tournament.objects.count()
    response = client.post(f"{API}?club=1%00", _text().encode(), content_type="application/json")
    assert response.status_code == 400
    assert "un octet nul" in response.content.decode()
    assert Tournament.objects.count() == before
