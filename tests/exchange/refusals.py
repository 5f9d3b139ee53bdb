"""The refusal of a tournament file whose results Donne holds, as the page, the API and
the command show it."""

import json

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from rest_framework.test import APIClient

from apps.tournaments.models import Tournament
from tests.exchange.tournament_file_data import upload

HELD = "Ces résultats sont déjà dans Donne"


def refused_everywhere(world, login, document, holder, tmp_path, *, message=HELD, actor=None):
    """The page, the API and the command refuse `document`, each naming `holder` with a
    link to its page; no tournament is created."""
    actor = actor or world.club_manager
    count = Tournament.objects.count()
    url = reverse("tournaments:detail", args=[holder.pk])
    page = login(actor).post(reverse("exchange:import"), {"file": upload(document)})
    (error,) = page.context["form"].non_field_errors()
    assert error.startswith(message) and f"« {holder.name} »" in error
    assert f'href="{url}" data-test="existing-tournament"' in page.content.decode()
    client = APIClient()
    client.force_authenticate(actor)
    response = client.post("/api/tournament-files/", document, format="json")
    assert response.status_code == 400
    assert message in json.dumps(response.json(), ensure_ascii=False)
    assert url in json.dumps(response.json())
    path = tmp_path / "tournoi.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CommandError, match=message) as caught:
        call_command("import_tournament", str(path), "--club", world.club.number)
    assert url in str(caught.value)
    assert Tournament.objects.count() == count
