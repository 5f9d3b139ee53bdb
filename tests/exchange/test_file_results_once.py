"""The same results only once (issue 23, point 2): a tournament's results carry the
fingerprint of what was played (apps.results.domain.fingerprint). A file already
imported, even laid out otherwise, a file exported from a tournament played in Donne, or
the same results under another name, club or date are refused on the page, by the API
and by the command, with a link to the tournament that holds them; nothing is written.
Other scores are other results."""

import copy
import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from rest_framework.test import APIClient

from apps.exchange.domain.document import file_played_lines, tournament_file_parse
from apps.exchange.services import tournament_file_export, tournament_file_import
from apps.movements.models import MovementTable
from apps.results.domain.fingerprint import played_fingerprint
from apps.results.played import tournament_played_fingerprint
from apps.scoring.services import play_score_set
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from apps.tournaments.services import registration_guest_create, tournament_transition
from tests import factories as f
from tests.builders import enter_all, played
from tests.exchange.refusals import refused_everywhere
from tests.exchange.tournament_file_data import document_build

pytestmark = pytest.mark.django_db

FILE_HELD = "Ce fichier a déjà été importé"


def file_fingerprint(document: dict) -> str | None:
    return played_fingerprint(file_played_lines(tournament_file_parse(document)))


@pytest.fixture
def document():
    return document_build(5)


@pytest.fixture
def first(world, document):
    return tournament_file_import(actor=None, document=copy.deepcopy(document), club=world.club)


# --- imported tournaments --------------------------------------------------------


def test_an_import_keeps_the_fingerprint_the_database_gives_again(world, document, first):
    assert first.status == Status.FINISHED
    assert first.results_fingerprint == file_fingerprint(document) is not None
    assert tournament_played_fingerprint(first.pk) == first.results_fingerprint


def test_a_file_already_imported_is_refused(world, login, document, first, tmp_path):
    refused_everywhere(world, login, document, first, tmp_path, message=FILE_HELD)


def test_a_file_already_imported_laid_out_otherwise_is_refused(
    world, login, document, first, tmp_path
):
    """Its players and results in another order: another document, the same results."""
    relaid = copy.deepcopy(document)
    relaid["players"].reverse()
    relaid["results"].reverse()
    refused_everywhere(world, login, relaid, first, tmp_path)


def test_the_same_results_under_another_name_or_date_are_refused(
    world, login, document, first, tmp_path
):
    renamed = copy.deepcopy(document)
    renamed["tournament"] |= {"name": "Tournoi du jeudi", "date": "2026-12-03", "indice": 1.5}
    refused_everywhere(world, login, renamed, first, tmp_path)


def test_the_same_results_for_another_club_are_refused(world, login, document, first, tmp_path):
    moved = copy.deepcopy(document)
    moved["tournament"] |= {"name": "Open d'ailleurs", "club": world.other_club.number}
    refused_everywhere(world, login, moved, first, tmp_path, actor=world.federation_staff)


def test_other_scores_are_other_results(world, document, first):
    other = copy.deepcopy(document)
    for result in other["results"]:
        if "score" in result:
            result["score"] = -result["score"]
    client = APIClient()
    client.force_authenticate(world.club_manager)
    response = client.post("/api/tournament-files/", other, format="json")
    assert response.status_code == 201
    second = Tournament.objects.get(pk=response.json()["id"])
    assert second.results_fingerprint == file_fingerprint(other) != first.results_fingerprint


def test_a_guest_renamed_is_still_the_same_results(world, login, tmp_path):
    """A guest has no licence: their place in the file names them."""
    document = document_build(5)
    document["players"][2] = {"id": document["players"][2]["id"], "guest": True, "name": "A B"}
    held = tournament_file_import(actor=None, document=copy.deepcopy(document), club=world.club)
    document["players"][2]["name"] = "AUTRE Invité"
    document["tournament"]["name"] = "Un autre nom"
    refused_everywhere(world, login, document, held, tmp_path)


# --- tournaments played in Donne -------------------------------------------------


@pytest.fixture
def finished(world, django_capture_on_commit_callbacks):
    """The world tournament played in Donne with a guest among its 20 players, every
    étui scored, then finished by the referee."""
    f.register(world.tournament, 19)
    registration_guest_create(
        actor=world.referee, tournament=world.tournament, last_name="Invité", first_name="Paul"
    )
    movement = played(world, 5)
    enter_all(world, movement, seed=4)
    with django_capture_on_commit_callbacks(execute=True):
        for status in (Status.RUNNING, Status.FINISHED):
            tournament_transition(actor=world.referee, tournament=world.tournament, status=status)
    world.tournament.refresh_from_db()
    return world.tournament


def test_finishing_keeps_the_fingerprint_and_going_back_to_play_drops_it(
    world, finished, django_capture_on_commit_callbacks
):
    exported = tournament_file_export(finished.sessions.get())
    assert finished.results_fingerprint == file_fingerprint(exported) is not None
    with django_capture_on_commit_callbacks(execute=True):
        tournament_transition(actor=world.referee, tournament=finished, status=Status.RUNNING)
    finished.refresh_from_db()
    assert finished.results_fingerprint is None  # its results are not complete any more


def test_a_score_corrected_after_the_end_gives_the_new_fingerprint(
    world, finished, django_capture_on_commit_callbacks
):
    before = finished.results_fingerprint
    table = MovementTable.objects.filter(movement__session__tournament=finished, position=1)[0]
    play = table.plays.get(etui=table.etuis[0])
    with django_capture_on_commit_callbacks(execute=True):
        play_score_set(
            actor=world.referee,
            table=table,
            etui=play.etui,
            score=-play.score,
            reason="fiche mal lue",
        )
    finished.refresh_from_db()
    assert finished.results_fingerprint not in (before, None)
    assert finished.results_fingerprint == tournament_played_fingerprint(finished.pk)


def test_a_file_exported_from_donne_is_refused(world, login, finished, tmp_path):
    exported = tournament_file_export(finished.sessions.get())
    refused_everywhere(world, login, exported, finished, tmp_path)
    renamed = copy.deepcopy(exported)
    renamed["tournament"] |= {"name": "Copie", "date": "2026-11-24"}
    refused_everywhere(world, login, renamed, finished, tmp_path)


@pytest.mark.django_db(transaction=True)
def test_the_same_results_sent_twice_at_once_make_one_tournament(world):
    """Two imports of the same results under two names at the same moment: the second
    waits for the first and is refused, naming it."""
    document = document_build(5)
    renamed = copy.deepcopy(document)
    renamed["tournament"]["name"] = "Le même, renommé"
    start = threading.Barrier(2)
    outcomes = []

    def send(document):
        try:
            start.wait()
            tournament_file_import(actor=None, document=document, club=world.club)
            outcomes.append("imported")
        except ValidationError as exc:
            outcomes.append(getattr(exc, "code", None))
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(d,)) for d in (document, renamed)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes, key=str) == ["held", "imported"]
    assert Tournament.objects.filter(results_fingerprint=file_fingerprint(document)).count() == 1
