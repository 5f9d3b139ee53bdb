"""A tournament that becomes finished by any path has its PCN and PP computed at once by
the worker: the referee's « Terminer », the tournament file imported through the page,
the API or the command, a reopening and finishing again."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from apps.approvals.services import submission_refusals, tournament_submit
from apps.awards.models import Award, AwardSet
from apps.awards.store import awards_done
from apps.scoring.services import play_score_set
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from apps.tournaments.services import referee_assign, tournament_transition
from tests.builders import enter_all, played, table_of
from tests.exchange.tournament_file_data import document_build, upload

pytestmark = pytest.mark.django_db

NAME = "Open de la Saint-Martin"


@pytest.fixture
def document(world):
    """A complete file of 5 tables (20 players) at index 1, for the world's club."""
    document = document_build(5, club=world.club.number)
    document["tournament"]["indice"] = 1
    return document


def _imported() -> Tournament:
    return Tournament.objects.get(name=NAME)


def _awarded_and_submittable(world, tournament: Tournament, capture) -> None:
    """The awards are computed for the file's 20 players, and once a referee is named
    the club sends the tournament for homologation."""
    assert tournament.status == Status.FINISHED
    job = AwardSet.objects.get(tournament=tournament)
    assert (job.state, job.rule) == ("done", "une séance en ligne, 5 tables")
    assert Award.objects.filter(award_set=job, place=1).count() == 4
    referee_assign(actor=world.club_manager, tournament=tournament, referee=world.referee)
    assert submission_refusals(tournament) == []
    with capture(execute=True):
        tournament_submit(actor=world.club_manager, tournament=tournament)
    assert Tournament.objects.get(pk=tournament.pk).status == Status.SUBMITTED


def test_a_file_imported_on_the_page_gets_its_awards(
    world, login, document, django_capture_on_commit_callbacks
):
    client = login(world.club_manager)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("exchange:import"), {"file": upload(document)})
    assert response.status_code == 302
    _awarded_and_submittable(world, _imported(), django_capture_on_commit_callbacks)


def test_a_file_imported_through_the_api_gets_its_awards(
    world, api_as, document, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = api_as("club_manager").post("/api/tournament-files/", document, format="json")
    assert response.status_code == 201, response.content
    _awarded_and_submittable(world, _imported(), django_capture_on_commit_callbacks)


def test_a_file_imported_by_the_command_gets_its_awards(
    world, tmp_path, document, django_capture_on_commit_callbacks
):
    path = tmp_path / "tournoi.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with django_capture_on_commit_callbacks(execute=True):
        call_command("import_tournament", str(path), stdout=StringIO())
    _awarded_and_submittable(world, _imported(), django_capture_on_commit_callbacks)


def test_an_incomplete_file_is_running_and_has_no_awards(
    world, login, document, django_capture_on_commit_callbacks
):
    document["results"].pop()
    with django_capture_on_commit_callbacks(execute=True):
        login(world.club_manager).post(reverse("exchange:import"), {"file": upload(document)})
    assert _imported().status == Status.RUNNING
    assert not AwardSet.objects.exists()


def _move(world, capture, *statuses) -> None:
    for status in statuses:
        with capture(execute=True):
            tournament_transition(actor=world.referee, tournament=world.tournament, status=status)


def test_a_reopened_tournament_finished_again_is_computed_again(
    world, django_capture_on_commit_callbacks
):
    movement = played(world, tables=5)
    enter_all(world, movement, seed=8)
    _move(world, django_capture_on_commit_callbacks, Status.RUNNING, Status.FINISHED)
    job = AwardSet.objects.get(tournament=world.tournament)
    first = (job.fingerprint, job.computed_at)
    _move(world, django_capture_on_commit_callbacks, Status.RUNNING)
    with django_capture_on_commit_callbacks(execute=True):
        play_score_set(
            actor=world.referee,
            table=table_of(movement, 1, 1),
            etui=1,
            score=-92,
            reason="erreur de saisie",
        )
    assert not awards_done().filter(award_set=job).exists()  # none shown while in play
    _move(world, django_capture_on_commit_callbacks, Status.FINISHED)
    job.refresh_from_db()
    assert job.state == "done"
    assert job.fingerprint != first[0]
    assert job.computed_at > first[1]
