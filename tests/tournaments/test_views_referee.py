"""Referees: assignment from the tournament page, the referee area and the room page."""

import pytest
from django.urls import reverse

from apps.federation.models import Role
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import RefereeAssignment
from tests import factories as f
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

MANAGERS = {"federation_staff", "club_manager"}


def _referee(**kwargs):
    user = f.UserFactory(**kwargs)
    f.RoleFactory(user=user, role=Role.REFEREE)
    return user


def _room(tournament):
    return reverse("tournaments:referee_room", args=[tournament.pk])


def _assign(tournament):
    return reverse("tournaments:referee_assign", args=[tournament.pk])


def _unassign(assignment):
    return reverse("tournaments:referee_unassign", args=[assignment.tournament_id, assignment.pk])


# --- assignment ------------------------------------------------------------------


def test_the_referee_choice_lists_unassigned_referees_only(world, login):
    newcomer = _referee()
    response = login(world.club_manager).get(
        reverse("tournaments:detail", args=[world.tournament.pk])
    )
    choices = list(response.context["referee_form"].fields["referee"].queryset)
    assert choices == [newcomer]


def test_assign_a_referee(world, login):
    newcomer = _referee()
    response = login(world.club_manager).post(_assign(world.tournament), {"referee": newcomer.pk})
    assert response.status_code == 302
    assert RefereeAssignment.objects.filter(tournament=world.tournament, referee=newcomer).exists()


def test_assigning_with_no_referee_chosen_says_the_choice_is_missing(world, login):
    before = RefereeAssignment.objects.count()
    response = login(world.club_manager).post(_assign(world.tournament), {}, follow=True)
    assert [str(m) for m in response.context["messages"]] == ["Arbitre : Ce champ est obligatoire."]
    assert RefereeAssignment.objects.count() == before


def test_assigning_a_user_without_the_referee_role_is_refused(world, login):
    response = login(world.club_manager).post(
        _assign(world.tournament), {"referee": world.outsider.pk}, follow=True
    )
    assert [m.level_tag for m in response.context["messages"]] == ["error"]
    assert not RefereeAssignment.objects.filter(referee=world.outsider).exists()


@pytest.mark.parametrize("persona", sorted(set(PERSONAS) - MANAGERS))
def test_assignment_is_refused_to_non_managers(world, login, persona):
    newcomer = _referee()
    response = login(world.persona(persona)).post(
        _assign(world.tournament), {"referee": newcomer.pk}
    )
    assert response.status_code == 403
    assert not RefereeAssignment.objects.filter(referee=newcomer).exists()


def test_unassign_asks_for_confirmation_then_unassigns(world, login):
    assignment = RefereeAssignment.objects.get(tournament=world.tournament)
    browser = login(world.club_manager)
    assert browser.get(_unassign(assignment)).status_code == 200
    assert RefereeAssignment.objects.filter(pk=assignment.pk).exists()
    assert browser.post(_unassign(assignment)).status_code == 302
    assert not RefereeAssignment.objects.filter(pk=assignment.pk).exists()


@pytest.mark.parametrize("persona", sorted(set(PERSONAS) - MANAGERS))
@pytest.mark.parametrize("method", ["get", "post"])
def test_unassign_is_refused_to_non_managers(world, login, persona, method):
    assignment = RefereeAssignment.objects.get(tournament=world.tournament)
    response = getattr(login(world.persona(persona)), method)(_unassign(assignment))
    assert response.status_code == 403
    assert RefereeAssignment.objects.filter(pk=assignment.pk).exists()


# --- referee area ----------------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
def test_referee_area_is_for_referees(world, login, persona):
    response = login(world.persona(persona)).get(reverse("tournaments:referee_home"))
    assert response.status_code == (200 if persona == "referee" else 403)


def test_referee_area_sends_anonymous_users_to_login(client):
    response = client.get(reverse("tournaments:referee_home"))
    assert response.status_code == 302


def test_referee_area_lists_the_assigned_tournaments_with_room_links(world, login):
    response = login(world.referee).get(reverse("tournaments:referee_home"))
    assert list(response.context["page"].object_list) == [world.tournament]
    assert _room(world.tournament) in response.content.decode()


@pytest.mark.parametrize("rows", [5, 60])
def test_referee_area_queries_do_not_grow(world, login, django_assert_max_num_queries, rows):
    for tournament in f.TournamentFactory.create_batch(rows, club=world.club):
        f.RefereeAssignmentFactory(tournament=tournament, referee=world.referee)
        f.RegistrationFactory(tournament=tournament)
    browser = login(world.referee)
    with django_assert_max_num_queries(7):
        response = browser.get(reverse("tournaments:referee_home"))
    assert response.status_code == 200


# --- room ------------------------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
def test_room_is_for_the_assigned_referee(world, login, persona):
    response = login(world.persona(persona)).get(_room(world.tournament))
    assert response.status_code == (200 if persona == "referee" else 403)


def test_room_is_refused_to_a_referee_not_assigned(world, login):
    stranger = _referee()
    browser = login(stranger)
    assert browser.get(_room(world.tournament)).status_code == 403
    assert browser.get(_room(world.draft)).status_code == 404


def test_room_lists_players_sorted_by_name_with_licence_club_series(world, login):
    for last_name in ("Zola", "Abel", "Martin"):
        f.RegistrationFactory(
            tournament=world.tournament, licensee=f.LicenseeFactory(last_name=last_name)
        )
    response = login(world.referee).get(_room(world.tournament))
    names = [r.licensee.last_name for r in response.context["registrations"]]
    assert names == ["Abel", "Martin", "Zola"]
    html = response.content.decode()
    first = response.context["registrations"][0].licensee
    for text in (first.licence_number, first.club.name, first.get_series_display()):
        assert str(text) in html
    assert 'id="sessions"' in html


def test_room_offers_the_referee_steps_only(world, login):
    response = login(world.referee).get(_room(world.tournament))
    assert [s["status"] for s in response.context["transitions"]] == [Status.RUNNING]
    assert f"next={_room(world.tournament)}" in response.content.decode().replace("%2F", "/")


@pytest.mark.parametrize("rows", [5, 60])
def test_room_queries_do_not_grow_with_players(world, login, django_assert_max_num_queries, rows):
    f.RegistrationFactory.create_batch(rows, tournament=world.tournament)
    browser = login(world.referee)
    with django_assert_max_num_queries(15):  # 10, the next steps, the projector link
        response = browser.get(_room(world.tournament))
    assert len(response.context["registrations"]) == rows
