"""Registering players from the tournament page: live search, add, remove."""

import pytest
from django.urls import reverse

from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration
from tests import factories as f
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

MANAGERS = {"federation_staff", "club_manager"}
HTMX = {"HTTP_HX_REQUEST": "true"}


def _search(tournament):
    return reverse("tournaments:registration_search", args=[tournament.pk])


def _add(tournament):
    return reverse("tournaments:registration_add", args=[tournament.pk])


def _remove(registration):
    return reverse(
        "tournaments:registration_remove", args=[registration.tournament_id, registration.pk]
    )


# --- search ----------------------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
def test_search_is_for_managers(world, login, persona):
    response = login(world.persona(persona)).get(_search(world.tournament), {"q": "Joueur"})
    assert response.status_code == (200 if persona in MANAGERS else 403)


def test_search_of_a_hidden_draft_is_not_found(world, login):
    assert login(world.outsider).get(_search(world.draft), {"q": "x"}).status_code == 404


@pytest.mark.parametrize(
    "q", ["Fontaine", "fontai", "Sylvie Fontaine", "fontaine sylv", "2002", "2002007", "2 002 007"]
)
def test_search_finds_by_name_or_licence_number(world, login, q):
    licensee = f.LicenseeFactory(
        last_name="Fontaine", first_name="Sylvie", licence_number="2002007"
    )
    f.LicenseeFactory(last_name="Bonnet", first_name="Alain", licence_number="3002007")
    response = login(world.club_manager).get(_search(world.tournament), {"q": q}, **HTMX)
    candidates = list(response.context["candidates"])
    assert licensee in candidates
    assert all(c.last_name != "Bonnet" for c in candidates)


def test_empty_search_shows_nothing(world, login):
    response = login(world.club_manager).get(_search(world.tournament), {"q": "  "}, **HTMX)
    assert list(response.context["candidates"]) == []
    assert "<li>" not in response.content.decode()


def test_search_marks_players_already_registered(world, login):
    f.RegistrationFactory(tournament=world.tournament, licensee=world.licensee)
    response = login(world.club_manager).get(
        _search(world.tournament), {"q": world.licensee.licence_number}, **HTMX
    )
    assert [c.is_registered for c in response.context["candidates"]] == [True]
    assert 'data-test="register"' not in response.content.decode()


@pytest.mark.parametrize("rows", [5, 60])
def test_search_queries_do_not_grow_with_results(world, login, django_assert_max_num_queries, rows):
    for licensee in f.LicenseeFactory.create_batch(rows, last_name="Martin"):
        f.RegistrationFactory(tournament=world.tournament, licensee=licensee)
    browser = login(world.club_manager)
    with django_assert_max_num_queries(6):
        response = browser.get(_search(world.tournament), {"q": "martin"}, **HTMX)
    assert len(response.context["candidates"]) == min(rows, 20)


# --- add -------------------------------------------------------------------------


def test_register_with_htmx_returns_the_refreshed_list(world, login):
    response = login(world.club_manager).post(
        _add(world.tournament), {"licensee": world.other_licensee.pk}, **HTMX
    )
    assert response.status_code == 200
    assert Registration.objects.filter(
        tournament=world.tournament, licensee=world.other_licensee
    ).exists()
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="registrations"')
    assert world.other_licensee.licence_number in html
    assert "registrations-changed" in response["HX-Trigger"]


def test_register_without_script_goes_back_to_the_page_and_keeps_the_search(world, login):
    browser = login(world.club_manager)
    response = browser.post(
        _add(world.tournament), {"licensee": world.licensee.pk, "q": "Joueur"}, follow=True
    )
    detail = reverse("tournaments:detail", args=[world.tournament.pk])
    assert response.redirect_chain[-1][0] == f"{detail}?q=Joueur#registrations"
    assert [m.level_tag for m in response.context["messages"]] == ["success"]
    assert world.tournament.registrations.filter(licensee=world.licensee).exists()


def test_registering_twice_shows_the_error_and_adds_nothing(world, login):
    f.RegistrationFactory(tournament=world.tournament, licensee=world.licensee)
    response = login(world.club_manager).post(
        _add(world.tournament), {"licensee": world.licensee.pk}, **HTMX
    )
    assert response.status_code == 200
    assert response.context["error"]
    assert world.tournament.registrations.count() == 1


@pytest.mark.parametrize("value", ["", "999999", "abc"])
def test_register_an_unknown_licensee_shows_an_error(world, login, value):
    response = login(world.club_manager).post(_add(world.tournament), {"licensee": value}, **HTMX)
    assert response.context["error"]
    assert world.tournament.registrations.count() == 0


def test_registering_in_a_finished_tournament_is_refused(world, login):
    finished = f.TournamentFactory(club=world.club, status=Status.FINISHED)
    response = login(world.club_manager).post(
        _add(finished), {"licensee": world.licensee.pk}, **HTMX
    )
    assert response.context["error"]
    assert finished.registrations.count() == 0


@pytest.mark.parametrize("persona", sorted(set(PERSONAS) - MANAGERS))
def test_register_is_refused_to_non_managers(world, login, persona):
    response = login(world.persona(persona)).post(
        _add(world.tournament), {"licensee": world.licensee.pk}, **HTMX
    )
    assert response.status_code == 403
    assert world.tournament.registrations.count() == 0


def test_register_sends_anonymous_users_to_login(world, client):
    response = client.post(_add(world.tournament), {"licensee": world.licensee.pk})
    assert response.status_code == 302
    assert world.tournament.registrations.count() == 0


def test_register_needs_a_post(world, login):
    assert login(world.club_manager).get(_add(world.tournament)).status_code == 405


# --- remove ----------------------------------------------------------------------


def test_remove_asks_for_confirmation_without_script(world, login):
    registration = f.RegistrationFactory(tournament=world.tournament, licensee=world.licensee)
    response = login(world.club_manager).get(_remove(registration))
    assert response.status_code == 200
    assert "confirm_label" in response.context
    assert Registration.objects.filter(pk=registration.pk).exists()


def test_remove_buttons_confirm_before_posting(world, login):
    registration = f.RegistrationFactory(tournament=world.tournament, licensee=world.licensee)
    html = (
        login(world.club_manager)
        .get(reverse("tournaments:detail", args=[world.tournament.pk]))
        .content.decode()
    )
    assert f'hx-post="{_remove(registration)}"' in html
    assert "hx-confirm=" in html


def test_confirmed_remove_with_htmx_refreshes_the_list(world, login):
    registration = f.RegistrationFactory(tournament=world.tournament, licensee=world.licensee)
    response = login(world.club_manager).post(_remove(registration), **HTMX)
    assert response.status_code == 200
    assert not Registration.objects.filter(pk=registration.pk).exists()
    assert world.licensee.licence_number not in response.content.decode()


def test_confirmed_remove_without_script_redirects(world, login):
    registration = f.RegistrationFactory(tournament=world.tournament, licensee=world.licensee)
    response = login(world.club_manager).post(_remove(registration))
    assert response.status_code == 302
    assert not Registration.objects.filter(pk=registration.pk).exists()


def test_remove_once_registrations_are_closed_is_refused(world, login):
    finished = f.TournamentFactory(club=world.club, status=Status.FINISHED)
    registration = f.RegistrationFactory(tournament=finished, licensee=world.licensee)
    response = login(world.club_manager).post(_remove(registration), **HTMX)
    assert response.context["error"]
    assert Registration.objects.filter(pk=registration.pk).exists()


@pytest.mark.parametrize("persona", sorted(set(PERSONAS) - MANAGERS))
@pytest.mark.parametrize("method", ["get", "post"])
def test_remove_is_refused_to_non_managers(world, login, persona, method):
    registration = f.RegistrationFactory(tournament=world.tournament, licensee=world.licensee)
    response = getattr(login(world.persona(persona)), method)(_remove(registration))
    assert response.status_code == 403
    assert Registration.objects.filter(pk=registration.pk).exists()


def test_remove_a_registration_of_another_tournament_is_not_found(world, login):
    other = f.RegistrationFactory(tournament=world.draft, licensee=world.licensee)
    url = reverse("tournaments:registration_remove", args=[world.tournament.pk, other.pk])
    assert login(world.club_manager).post(url).status_code == 404
    assert Registration.objects.filter(pk=other.pk).exists()


def test_registering_in_a_full_tournament_says_waiting_list(world, login):
    world.tournament.max_players = 4
    world.tournament.save()
    f.RegistrationFactory.create_batch(4, tournament=world.tournament)
    licensee = f.LicenseeFactory(club=world.club)
    response = login(world.club_manager).post(
        _add(world.tournament), {"licensee": licensee.pk}, **HTMX
    )
    html = response.content.decode()
    assert "Le tournoi est complet" in html and 'data-test="waiting"' in html
    assert Registration.objects.get(licensee=licensee).waiting
    page = login(world.club_manager).get(reverse("tournaments:detail", args=[world.tournament.pk]))
    assert 'data-test="max-players">4<' in page.content.decode()
