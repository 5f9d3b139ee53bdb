"""A session's page reads the session with its tournament, club and committee and whether
the user referees it, in one statement: the permission checks that follow ask nothing
more of the assignment, and answer as before for a referee assigned or not."""

import pytest
from django.http import Http404

from apps.federation.models import Role
from apps.tournaments.domain.workflow import Status
from apps.tournaments.permissions import (
    can_open_tournament,
    can_oversee_tournament,
    can_referee_tournament,
)
from apps.tournaments.selectors import session_for_user
from tests import factories as f
from tests.queries import queries_of

pytestmark = pytest.mark.django_db


def _draft_session(world):
    world.tournament.status = Status.DRAFT  # not public: only its scope opens it
    world.tournament.save()
    return world.tournament.sessions.get()


def test_the_assigned_referee_is_known_with_the_session(world):
    session = _draft_session(world)
    assert queries_of(lambda: session_for_user(world.referee, session.pk)) == 2  # roles too
    session = session_for_user(world.referee, session.pk)
    tournament = session.tournament
    assert queries_of(lambda: can_oversee_tournament(world.referee, tournament)) == 0
    assert can_oversee_tournament(world.referee, tournament)
    assert can_referee_tournament(world.referee, tournament)


def test_a_referee_not_assigned_is_refused_as_before(world):
    session = _draft_session(world)
    stranger = f.UserFactory(username="other-referee")
    f.RoleFactory(user=stranger, role=Role.REFEREE)
    with pytest.raises(Http404):
        session_for_user(stranger, session.pk)
    session = session_for_user(world.federation_staff, session.pk)
    # read for another user: the assignment of this one is asked, and refused
    assert not can_oversee_tournament(stranger, session.tournament)
    assert can_open_tournament(world.referee, session.tournament)
