"""The same results only once, when their fingerprints differ
(apps.results.domain.same_results): a file whose plays (licence, étui, score) are contained
in another tournament's, or contain them, is refused with a link to it; a session
exported alone, a replacement's evening exported and imported again. Another evening of
the same players is other results."""

import copy

import pytest

from apps.exchange.domain.document import file_played_lines, tournament_file_parse
from apps.exchange.services import tournament_file_export, tournament_file_import
from apps.movements.selectors import Spot
from apps.movements.services import player_replace
from apps.results.domain.fingerprint import played_fingerprint
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Session, Tournament
from apps.tournaments.services import tournament_transition
from tests import factories as f
from tests.builders import advance_to, enter_all, generate, played
from tests.exchange.refusals import refused_everywhere
from tests.exchange.tournament_file_data import document_build

pytestmark = pytest.mark.django_db


def file_fingerprint(document: dict) -> str | None:
    return played_fingerprint(file_played_lines(tournament_file_parse(document)))


def finish(world, django_capture_on_commit_callbacks) -> Tournament:
    with django_capture_on_commit_callbacks(execute=True):
        for status in (Status.RUNNING, Status.FINISHED):
            tournament_transition(actor=world.referee, tournament=world.tournament, status=status)
    world.tournament.refresh_from_db()
    return world.tournament


@pytest.fixture
def two_sessions(world, django_capture_on_commit_callbacks) -> Tournament:
    """The world tournament's two sessions played in Donne by the same 20 players, every
    étui scored, then finished."""
    second = Session.objects.create(tournament=world.tournament, number=2)
    enter_all(world, played(world), seed=4)
    enter_all(world, played(world, session=second), seed=5)
    return finish(world, django_capture_on_commit_callbacks)


def test_a_second_session_exported_alone_is_refused(world, login, two_sessions, tmp_path):
    exported = tournament_file_export(two_sessions.sessions.get(number=2))
    assert file_fingerprint(exported) != two_sessions.results_fingerprint
    refused_everywhere(world, login, exported, two_sessions, tmp_path)


@pytest.fixture
def replaced(world, django_capture_on_commit_callbacks) -> Tournament:
    """The world tournament played in Donne by 20 players, one of them replaced from the
    third position on, every étui scored, then finished."""
    movement = advance_to(world, generate(world, 20), 3)
    player_replace(
        actor=world.referee,
        movement=movement,
        spot=Spot("Rouge", "E2"),
        licensee=f.LicenseeFactory(club=world.club),
    )
    enter_all(world, advance_to(world, movement, movement.positions), seed=4)
    return finish(world, django_capture_on_commit_callbacks)


def test_a_replacements_tournament_exported_and_imported_again_is_refused(
    world, login, replaced, tmp_path
):
    exported = tournament_file_export(replaced.sessions.get())
    assert exported["replacements"]
    assert file_fingerprint(exported) != replaced.results_fingerprint
    refused_everywhere(world, login, exported, replaced, tmp_path)


def test_a_file_containing_a_partial_import_is_refused(world, login, tmp_path):
    """The whole evening after the same evening imported with some results missing: its
    plays contain the first one's."""
    document = document_build(5)
    partial = copy.deepcopy(document)
    partial["results"] = partial["results"][:-10]
    held = tournament_file_import(actor=None, document=partial, club=world.club)
    assert held.status == Status.RUNNING and held.results_fingerprint is None
    refused_everywhere(world, login, document, held, tmp_path)


def test_another_evening_of_the_same_players_is_accepted(world, two_sessions):
    """The same 20 players, other scores at every étui: other results."""
    other = tournament_file_export(two_sessions.sessions.get(number=2))
    for result in other["results"]:
        if "score" in result:
            result["score"] = -result["score"]
    other["tournament"] |= {"name": "Le lendemain", "date": "2026-12-03"}
    imported = tournament_file_import(actor=None, document=copy.deepcopy(other), club=world.club)
    assert imported.status == Status.FINISHED
    assert imported.registrations.count() == 20
