"""One tournament's permission checks asked of the object (``can_open_tournament``,
``can_oversee_tournament``) answer as the query sets listing them do
(``tournaments_for_user``, ``tournaments_in_scope``), for every persona and status; a
page of a public session costs one query for it once the user's roles are read."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import Http404

from apps.tournaments import permissions
from apps.tournaments.domain.workflow import Status
from apps.tournaments.selectors import session_for_user
from tests import factories as f
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db


def _users(world):
    return [*(world.persona(name) for name in PERSONAS), AnonymousUser()]


def _tournaments(world):
    """The personas' tournaments, and one of another zone's club refereed by the referee."""
    refereed_elsewhere = f.TournamentFactory(club=world.other_club, status=Status.DRAFT)
    f.RefereeAssignmentFactory(tournament=refereed_elsewhere, referee=world.referee)
    return [world.tournament, world.draft, world.other_tournament, refereed_elsewhere]


@pytest.mark.parametrize("status", list(Status))
def test_one_tournament_checks_answer_as_the_lists(world, status):
    tournaments = _tournaments(world)
    for tournament in tournaments:
        tournament.status = status
        tournament.save()
    for user in _users(world):
        opened = set(permissions.tournaments_for_user(user).values_list("pk", flat=True))
        overseen = set(permissions.tournaments_in_scope(user).values_list("pk", flat=True))
        for tournament in tournaments:
            assert permissions.can_open_tournament(user, tournament) == (tournament.pk in opened)
            assert permissions.can_oversee_tournament(user, tournament) == (
                tournament.pk in overseen
            )


def test_a_public_sessions_page_reads_the_session_alone(world, django_assert_num_queries):
    session = world.tournament.sessions.first()
    user = world.player
    permissions.roles_of(user)
    with django_assert_num_queries(1):
        assert session_for_user(user, session.pk) == session


@pytest.mark.parametrize("persona", ["player", "outsider"])
def test_a_draft_session_is_not_found_outside_its_scope(world, persona):
    session = world.other_tournament.sessions.first()
    with pytest.raises(Http404):
        session_for_user(world.persona(persona), session.pk)
    with pytest.raises(Http404):
        session_for_user(world.persona(persona), session.pk + 1000)
