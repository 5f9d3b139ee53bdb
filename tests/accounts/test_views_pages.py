"""Every page: French document, navigation by role, and the player's page."""

import pytest
from django.urls import reverse

from tests import factories as f
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

# (persona allowed to see it or None for anonymous, url name, world attribute for <pk>)
PAGES = [
    (None, "tournaments:home", None),
    (None, "accounts:login", None),
    (None, "tournaments:detail", "tournament"),
    ("player", "tournaments:player_home", None),
    ("club_manager", "tournaments:club_home", None),
    ("club_manager", "tournaments:create", None),
    ("club_manager", "tournaments:edit", "tournament"),
    ("club_manager", "federation:club_licensees", None),
    ("referee", "tournaments:referee_home", None),
    ("referee", "tournaments:referee_room", "tournament"),
    ("zone_manager", "federation:home", None),
    ("zone_manager", "federation:clubs", None),
    ("zone_manager", "federation:licensees", None),
    ("zone_manager", "federation:tournaments", None),
]


@pytest.mark.parametrize("persona, name, target", PAGES)
def test_every_page_is_a_french_document_with_the_stylesheet(
    world, client, login, persona, name, target
):
    browser = login(world.persona(persona)) if persona else client
    args = [getattr(world, target).pk] if target else []
    response = browser.get(reverse(name, args=args))
    html = response.content.decode()
    assert response.status_code == 200
    assert '<html lang="fr">' in html
    assert "css/donne.css" in html
    assert "//cdn" not in html and "fonts.googleapis" not in html


AREA_LINKS = {
    "tournaments:club_home": {"federation_staff", "club_manager"},
    "tournaments:referee_home": {"referee"},
    "federation:home": {"federation_staff", "zone_manager", "committee_staff"},
    "tournaments:player_home": {"player"},
}


@pytest.mark.parametrize("persona", PERSONAS)
def test_navigation_offers_the_areas_of_the_user(world, login, persona):
    html = login(world.persona(persona)).get(reverse("tournaments:home")).content.decode()
    for name, allowed in AREA_LINKS.items():
        assert (f'href="{reverse(name)}"' in html) == (persona in allowed), name
    assert reverse("accounts:logout") in html


def test_anonymous_navigation_offers_sign_in_only(client):
    html = client.get(reverse("tournaments:home")).content.decode()
    assert reverse("accounts:login") in html
    assert reverse("accounts:logout") not in html


@pytest.mark.parametrize("persona", PERSONAS)
def test_player_page_is_for_users_linked_to_a_licensee(world, login, persona):
    response = login(world.persona(persona)).get(reverse("tournaments:player_home"))
    assert response.status_code == (200 if persona == "player" else 403)


def test_player_page_lists_own_tournaments(world, login):
    f.RegistrationFactory(tournament=world.tournament, licensee=world.licensee)
    f.RegistrationFactory(tournament=world.draft, licensee=world.other_licensee)
    html = login(world.player).get(reverse("tournaments:player_home")).content.decode()
    assert world.tournament.name in html
    assert world.draft.name not in html
    assert world.licensee.licence_number in html


@pytest.mark.parametrize("rows", [5, 60])
def test_player_and_home_queries_do_not_grow(
    world, client, login, django_assert_max_num_queries, rows
):
    for tournament in f.TournamentFactory.create_batch(rows, status="registration_open"):
        f.RegistrationFactory(tournament=tournament, licensee=world.licensee)
    browser = login(world.player)
    # with the panels: ranking, « où je joue », « Mes parties » (one query: no other game)
    with django_assert_max_num_queries(8):
        assert browser.get(reverse("tournaments:player_home")).status_code == 200
    with django_assert_max_num_queries(6):
        assert browser.get(reverse("tournaments:home")).status_code == 200
