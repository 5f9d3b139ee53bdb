"""Federation area and the club's licensee list: access, scope, search, pagination."""

import pytest
from django.urls import reverse

from apps.tournaments.domain.workflow import Status
from tests import factories as f
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

STAFF = {"federation_staff", "zone_manager", "committee_staff"}
FEDERATION_PAGES = [
    "federation:home",
    "federation:clubs",
    "federation:licensees",
    "federation:tournaments",
]


@pytest.mark.parametrize("page", FEDERATION_PAGES)
@pytest.mark.parametrize("persona", PERSONAS)
def test_federation_area_is_for_staff(world, login, persona, page):
    response = login(world.persona(persona)).get(reverse(page))
    assert response.status_code == (200 if persona in STAFF else 403)


@pytest.mark.parametrize("page", [*FEDERATION_PAGES, "federation:club_licensees"])
def test_private_lists_send_anonymous_users_to_login(client, page):
    response = client.get(reverse(page))
    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login"))


@pytest.mark.parametrize(
    "persona, clubs, licensees, tournaments",
    [("federation_staff", 2, 2, 3), ("zone_manager", 1, 1, 2), ("committee_staff", 1, 1, 2)],
)
def test_overview_counts_stay_within_scope(world, login, persona, clubs, licensees, tournaments):
    context = login(world.persona(persona)).get(reverse("federation:home")).context
    assert (context["clubs_count"], context["licensees_count"]) == (clubs, licensees)
    assert context["tournaments_count"] == tournaments
    by_status = {choice.value: n for choice, n in context["statuses"]}
    assert by_status[Status.REGISTRATION_OPEN] == 1
    assert by_status[Status.DRAFT] == tournaments - 1


@pytest.mark.parametrize(
    ("persona", "title"),
    [
        ("federation_staff", "Espace fédération"),
        ("zone_manager", "Espace zone — {zone}"),
        ("committee_staff", "Espace comité — {committee}"),
    ],
)
def test_the_home_is_titled_for_the_users_level(world, login, persona, title):
    committee = world.club.committee
    title = title.format(zone=committee.zone, committee=committee)
    page = login(world.persona(persona)).get(reverse("federation:home")).content.decode()
    assert f'<h1 data-test="area-title">{title}</h1>' in page
    assert f"<title>{title}" in page


def test_clubs_list_shows_the_scope_with_licensee_counts(world, login):
    f.LicenseeFactory.create_batch(2, club=world.club)
    response = login(world.zone_manager).get(reverse("federation:clubs"))
    assert {c.pk: c.licensee_count for c in response.context["page"].object_list} == {
        world.club.pk: 3
    }
    assert world.other_club.name not in response.content.decode()


def test_licensees_list_stays_within_scope(world, login):
    response = login(world.committee_staff).get(reverse("federation:licensees"))
    assert list(response.context["page"].object_list) == [world.licensee]


@pytest.mark.parametrize("q", ["Lambert", "lamb", "4004", "4004009"])
def test_licensees_search_by_name_or_licence(world, login, q):
    wanted = f.LicenseeFactory(club=world.club, last_name="Lambert", licence_number="4004009")
    f.LicenseeFactory.create_batch(3, club=world.club)
    response = login(world.federation_staff).get(reverse("federation:licensees"), {"q": q})
    assert list(response.context["page"].object_list) == [wanted]


def test_licensees_are_paginated_and_the_search_is_kept(world, login):
    f.LicenseeFactory.create_batch(30, club=world.club, last_name="Dupont")
    browser = login(world.federation_staff)
    first = browser.get(reverse("federation:licensees"), {"q": "dupont"})
    assert first.context["page"].paginator.count == 30
    assert "q=dupont&amp;page=2" in first.content.decode()
    second = browser.get(reverse("federation:licensees"), {"q": "dupont", "page": 2})
    assert len(second.context["page"].object_list) == 5


def test_tournaments_filter_by_status(world, login):
    browser = login(world.federation_staff)
    response = browser.get(reverse("federation:tournaments"), {"status": Status.DRAFT})
    assert set(response.context["page"].object_list) == {world.draft, world.other_tournament}
    unfiltered = browser.get(reverse("federation:tournaments"), {"status": "lost"})
    assert unfiltered.context["filters"].errors
    assert len(unfiltered.context["page"].object_list) == 3


def test_tournaments_list_stays_within_scope(world, login):
    response = login(world.zone_manager).get(reverse("federation:tournaments"))
    assert set(response.context["page"].object_list) == {world.tournament, world.draft}


# --- the club's licensees --------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
def test_club_licensees_are_for_club_managers(world, login, persona):
    response = login(world.persona(persona)).get(reverse("federation:club_licensees"))
    assert response.status_code == (200 if persona in {"federation_staff", "club_manager"} else 403)


def test_club_licensees_show_the_managed_clubs_and_link_to_import(world, login):
    response = login(world.club_manager).get(reverse("federation:club_licensees"))
    assert list(response.context["page"].object_list) == [world.licensee]
    assert reverse("federation:import_new") in response.content.decode()


# --- query counts ----------------------------------------------------------------


@pytest.mark.parametrize("rows", [5, 60])
@pytest.mark.parametrize(
    "persona, page",
    [
        ("zone_manager", "federation:home"),
        ("zone_manager", "federation:clubs"),
        ("federation_staff", "federation:licensees"),
        ("committee_staff", "federation:tournaments"),
        ("club_manager", "federation:club_licensees"),
    ],
)
def test_list_queries_do_not_grow(world, login, django_assert_max_num_queries, rows, persona, page):
    for club in f.ClubFactory.create_batch(rows, committee=world.club.committee):
        f.LicenseeFactory(club=club)
        f.RegistrationFactory(tournament=f.TournamentFactory(club=club))
    f.LicenseeFactory.create_batch(rows, club=world.club)
    browser = login(world.persona(persona))
    with django_assert_max_num_queries(9):  # the same for 5 and 60 rows
        response = browser.get(reverse(page))
    assert response.status_code == 200
