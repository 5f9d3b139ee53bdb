"""The same results imported all the same (docs/interpretations.md « The same results only
once », 4): federation staff, and the server's command line, import a file whose results
another tournament holds when they say why; the tournament keeps the reason and its audit
row names it. A club manager, or anyone without a reason, is refused; the very same
document is refused even with a reason."""

import copy
import json

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.urls import reverse
from rest_framework.test import APIClient

from apps.core.models import AuditLog
from apps.exchange.services import tournament_file_import
from apps.tournaments.models import Tournament
from tests.exchange.commands import import_tournament
from tests.exchange.tournament_file_data import document_build, upload

pytestmark = pytest.mark.django_db

REASON = "Tournoi rejoué sur décision du comité"


@pytest.fixture
def document():
    return document_build(5)


@pytest.fixture
def first(world, document):
    return tournament_file_import(actor=None, document=copy.deepcopy(document), club=world.club)


@pytest.fixture
def renamed(document, first):
    """The first tournament's results under another name and date: held by it."""
    renamed = copy.deepcopy(document)
    renamed["tournament"] |= {"name": "Tournoi du jeudi", "date": "2026-12-03"}
    return renamed


def creation(tournament: Tournament) -> AuditLog:
    return AuditLog.objects.get(
        content_type=ContentType.objects.get_for_model(Tournament),
        object_id=str(tournament.pk),
        action="create",
    )


def assert_accepted(tournament: Tournament, first: Tournament, actor) -> None:
    assert tournament.pk != first.pk
    assert tournament.results_fingerprint == first.results_fingerprint
    assert tournament.same_results_accepted.startswith(REASON)
    assert f"« {first.name} »" in tournament.same_results_accepted
    audit = creation(tournament)
    assert audit.changes["same_results_accepted"] == [None, tournament.same_results_accepted]
    assert audit.actor == actor


def refused(actor, document, club, code: str, reason: str = REASON) -> None:
    count = Tournament.objects.count()
    with pytest.raises(ValidationError) as caught:
        tournament_file_import(
            actor=actor, document=document, club=club, same_results_reason=reason
        )
    assert caught.value.code == code
    assert Tournament.objects.count() == count


def test_federation_staff_import_on_the_page_with_a_reason(world, login, renamed, first):
    page = login(world.federation_staff).post(
        reverse("exchange:import"),
        {"file": upload(renamed), "club": world.club.pk, "same_results_reason": REASON},
    )
    tournament = Tournament.objects.get(name="Tournoi du jeudi")
    assert page.status_code == 302 and page.url == reverse(
        "tournaments:detail", args=[tournament.pk]
    )
    assert_accepted(tournament, first, world.federation_staff)


def test_federation_staff_import_by_the_api_with_a_reason(world, renamed, first):
    client = APIClient()
    client.force_authenticate(world.federation_staff)
    response = client.post(
        f"/api/tournament-files/?club={world.club.number}&same_results_reason={REASON}",
        renamed,
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert_accepted(Tournament.objects.get(pk=response.json()["id"]), first, world.federation_staff)


def test_the_command_line_imports_with_a_reason_audited_without_actor(
    world, renamed, first, tmp_path
):
    path = tmp_path / "tournoi.json"
    path.write_text(json.dumps(renamed), encoding="utf-8")
    tournament, _lines = import_tournament(
        str(path), "--club", world.club.number, "--same-results-reason", REASON
    )
    assert_accepted(tournament, first, None)


def test_results_contained_in_another_tournament_s_are_accepted_too(world, document):
    """A file whose plays contain those of a tournament imported with some results
    missing (apps.results.domain.same_results): another fingerprint, the same results."""
    partial = copy.deepcopy(document)
    partial["results"] = partial["results"][:-10]
    held = tournament_file_import(actor=None, document=partial, club=world.club)
    refused(world.federation_staff, copy.deepcopy(document), world.club, "held", reason="")
    tournament = tournament_file_import(
        actor=world.federation_staff,
        document=document,
        club=world.club,
        same_results_reason=REASON,
    )
    assert f"« {held.name} »" in tournament.same_results_accepted


def test_a_club_manager_with_a_reason_is_refused(world, login, renamed):
    refused(world.club_manager, renamed, world.club, "held")
    client = login(world.club_manager)
    assert (
        "same_results_reason" not in client.get(reverse("exchange:import")).context["form"].fields
    )
    page = client.post(
        reverse("exchange:import"), {"file": upload(renamed), "same_results_reason": REASON}
    )
    assert page.context["existing"] is not None
    api = APIClient()
    api.force_authenticate(world.club_manager)
    response = api.post(
        f"/api/tournament-files/?same_results_reason={REASON}", renamed, format="json"
    )
    assert response.status_code == 400
    assert not Tournament.objects.filter(name="Tournoi du jeudi").exists()


def test_federation_staff_without_a_reason_are_refused(world, login, renamed, tmp_path):
    refused(world.federation_staff, renamed, world.club, "held", reason="  ")
    page = login(world.federation_staff).post(
        reverse("exchange:import"),
        {"file": upload(renamed), "club": world.club.pk, "same_results_reason": ""},
    )
    assert "same_results_reason" in page.context["form"].fields
    assert page.context["existing"] is not None
    path = tmp_path / "tournoi.json"
    path.write_text(json.dumps(renamed), encoding="utf-8")
    with pytest.raises(CommandError, match="Ces résultats sont déjà dans Donne"):
        call_command("import_tournament", str(path), "--club", world.club.number)
    assert not Tournament.objects.filter(name="Tournoi du jeudi").exists()


def test_the_very_same_document_is_refused_even_with_a_reason(world, document, first, tmp_path):
    refused(world.federation_staff, copy.deepcopy(document), world.club, "imported")
    count = Tournament.objects.count()
    path = tmp_path / "tournoi.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CommandError, match="Ce fichier a déjà été importé"):
        call_command(
            "import_tournament",
            str(path),
            "--club",
            world.club.number,
            "--same-results-reason",
            REASON,
        )
    assert Tournament.objects.count() == count
