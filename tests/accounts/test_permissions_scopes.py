"""The permission layer's selectors, persona by persona: what each one sees."""

import pytest

from apps.accounts.permissions import roles_of
from apps.federation.permissions import (
    can_manage_club,
    club_in_scope,
    clubs_for_user,
    licensees_for_user,
)
from apps.tournaments import permissions
from apps.tournaments.selectors import session_for_user
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db


def _ids(qs):
    return set(qs.values_list("pk", flat=True))


@pytest.mark.parametrize(
    "persona, expected",
    [
        ("federation_staff", {"club", "other_club"}),
        ("zone_manager", {"club"}),
        ("committee_staff", {"club"}),
        ("club_manager", {"club"}),
        ("referee", set()),
        ("player", set()),
        ("outsider", set()),
    ],
)
def test_clubs_for_user(world, persona, expected):
    seen = _ids(clubs_for_user(world.persona(persona)))
    assert seen == {getattr(world, name).pk for name in expected}


@pytest.mark.parametrize(
    "persona, expected",
    [
        ("federation_staff", {"licensee", "other_licensee"}),
        ("zone_manager", {"licensee"}),
        ("committee_staff", {"licensee"}),
        ("club_manager", {"licensee"}),
        ("referee", set()),
        ("player", {"licensee"}),
        ("outsider", set()),
    ],
)
def test_licensees_for_user(world, persona, expected):
    seen = _ids(licensees_for_user(world.persona(persona)))
    assert seen == {getattr(world, name).pk for name in expected}


@pytest.mark.parametrize(
    "persona, expected",
    [
        ("federation_staff", {"tournament", "draft", "other_tournament"}),
        ("zone_manager", {"tournament", "draft"}),
        ("committee_staff", {"tournament", "draft"}),
        ("club_manager", {"tournament", "draft"}),
        ("referee", {"tournament"}),
        ("player", set()),
        ("outsider", set()),
    ],
)
def test_tournaments_in_scope(world, persona, expected):
    seen = _ids(permissions.tournaments_in_scope(world.persona(persona)))
    assert seen == {getattr(world, name).pk for name in expected}


@pytest.mark.parametrize("persona", ["player", "outsider", "referee"])
def test_drafts_stay_hidden_from_the_public(world, persona):
    seen = _ids(permissions.tournaments_for_user(world.persona(persona)))
    assert world.tournament.pk in seen
    assert world.draft.pk not in seen
    assert world.other_tournament.pk not in seen


@pytest.mark.parametrize(
    "persona, manage, referee",
    [
        ("federation_staff", True, False),
        ("zone_manager", False, False),
        ("committee_staff", False, False),
        ("club_manager", True, False),
        ("referee", False, True),
        ("player", False, False),
        ("outsider", False, False),
    ],
)
def test_manage_and_referee_checks(world, persona, manage, referee):
    user = world.persona(persona)
    assert permissions.can_manage_tournament(user, world.tournament) is manage
    assert permissions.can_referee_tournament(user, world.tournament) is referee
    # Nobody but federation staff manages the other club's tournament.
    assert permissions.can_manage_tournament(user, world.other_tournament) is (
        persona == "federation_staff"
    )
    assert permissions.can_referee_tournament(user, world.other_tournament) is False


def test_roles_are_read_once_per_user(world, django_assert_num_queries):
    user = world.club_manager
    with django_assert_num_queries(1):
        roles_of(user)
        roles_of(user)
        can_manage_club(user, world.club)


@pytest.mark.parametrize("persona", PERSONAS)
def test_one_clubs_scope_answers_as_the_list(world, persona):
    """``club_in_scope`` and the award file's check, asked of one club, answer as
    ``clubs_for_user`` lists the clubs."""
    user = world.persona(persona)
    listed, roles = _ids(clubs_for_user(user)), roles_of(user)
    for tournament in (world.tournament, world.other_tournament):
        club = tournament.club
        assert (roles.federation or club_in_scope(roles, club)) == (club.pk in listed)
        assert permissions.can_download_award_file(user, tournament) == (club.pk in listed)


def test_the_award_files_check_costs_no_query_on_a_read_session(world, django_assert_num_queries):
    session = session_for_user(world.zone_manager, world.tournament.sessions.first().pk)
    with django_assert_num_queries(0):
        assert permissions.can_download_award_file(world.zone_manager, session.tournament)
