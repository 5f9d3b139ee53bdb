"""A full tournament's waiting list: a guest added to it is told they wait, and every page
that counts players shows those holding a place and those waiting separately, in a number
of queries that does not grow with the players."""

import pytest
from django.urls import reverse
from django.utils import timezone

from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration
from tests import factories as f

pytestmark = pytest.mark.django_db

APOSTROPHE = "\N{RIGHT SINGLE QUOTATION MARK}"  # as the French catalogue writes it
COUNTS = (
    '<span data-test="registered-count">4</span> inscrits, '
    f'<span data-test="waiting-count">2</span> en liste d{APOSTROPHE}attente'
)


def _full(world, waiting=2):
    """The world's tournament, full at 4 players, with ``waiting`` on its waiting list."""
    world.tournament.max_players = 4
    world.tournament.save()
    f.register(world.tournament, 4)
    Registration.objects.bulk_create(
        Registration(tournament=world.tournament, licensee=licensee, waiting=True)
        for licensee in f.LicenseeFactory.create_batch(waiting, club=world.club)
    )


def _room(tournament):
    return reverse("tournaments:referee_room", args=[tournament.pk])


def test_a_guest_added_to_a_full_tournament_is_told_they_wait(world, login):
    _full(world, waiting=0)
    url = reverse("tournaments:guest_add", args=[world.tournament.pk])
    response = login(world.referee).post(
        url, {"last_name": "Durand", "first_name": "Léa"}, follow=True
    )
    html = response.content.decode()
    told = f"Le tournoi est complet : DURAND Léa est sur la liste d{APOSTROPHE}attente."
    assert told in html
    assert "joue en invité" not in html
    assert world.tournament.registrations.get(licensee__guest=True).waiting
    assert (
        '<span data-test="registered-count">4</span> inscrits, '
        f'<span data-test="waiting-count">1</span> en liste d{APOSTROPHE}attente'
    ) in html


def test_a_guest_with_a_place_is_told_they_play_as_a_guest(world, login):
    url = reverse("tournaments:guest_add", args=[world.tournament.pk])
    response = login(world.referee).post(
        url, {"last_name": "Durand", "first_name": "Léa"}, follow=True
    )
    html = response.content.decode()
    assert f"liste d{APOSTROPHE}attente" not in html
    assert '<span data-test="registered-count">1</span> inscrit<' in html


def test_the_referee_room_counts_registered_and_waiting(world, login):
    _full(world)
    response = login(world.referee).get(_room(world.tournament))
    assert (response.context["registered_count"], response.context["waiting_count"]) == (4, 2)
    assert COUNTS in response.content.decode()


def test_the_tournament_page_counts_registered_and_waiting(world, client, login):
    _full(world)
    detail = reverse("tournaments:detail", args=[world.tournament.pk])
    public = client.get(detail)
    assert (public.context["tournament"].registered, public.context["tournament"].waiting) == (
        4,
        2,
    )
    assert COUNTS in public.content.decode()
    assert COUNTS in login(world.club_manager).get(detail).content.decode()


def test_the_registration_list_counts_after_a_change(world, login):
    _full(world)
    url = reverse("tournaments:registration_add", args=[world.tournament.pk])
    licensee = f.LicenseeFactory(club=world.club)
    response = login(world.club_manager).post(
        url, {"licensee": licensee.pk}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert "Le tournoi est complet" in html
    assert (
        '<span data-test="registered-count">4</span> inscrits, '
        f'<span data-test="waiting-count">3</span> en liste d{APOSTROPHE}attente'
    ) in html


LISTS = {
    "tournaments:club_home": "club_manager",
    "tournaments:referee_home": "referee",
    "federation:tournaments": "federation_staff",
}


@pytest.mark.parametrize("page", LISTS)
def test_the_tournament_lists_count_registered_and_waiting(world, login, page):
    _full(world)
    response = login(world.persona(LISTS[page])).get(reverse(page))
    listed = {t.pk: (t.registered, t.waiting) for t in response.context["page"].object_list}
    assert listed[world.tournament.pk] == (4, 2)
    assert COUNTS in response.content.decode()


@pytest.mark.parametrize("rows", [5, 60])
def test_counting_the_waiting_costs_no_query_per_player(
    world, login, django_assert_max_num_queries, rows
):
    _full(world, waiting=rows)
    browser = login(world.referee)
    with django_assert_max_num_queries(15):  # as the room without a waiting list
        browser.get(_room(world.tournament))
    with django_assert_max_num_queries(7):
        browser.get(reverse("tournaments:referee_home"))


def test_the_public_home_counts_registered_and_waiting(world, client):
    _full(world)
    world.tournament.status = Status.REGISTRATION_OPEN
    world.tournament.date = timezone.localdate()
    world.tournament.save()
    response = client.get(reverse("tournaments:home"))
    assert [(t.registered, t.waiting) for t in response.context["upcoming"]] == [(4, 2)]
    assert COUNTS in response.content.decode()


def test_the_api_counts_registered_and_waiting(world, api_as):
    _full(world)
    url = reverse("api:tournament-detail", args=[world.tournament.pk])
    body = api_as("club_manager").get(url).json()
    assert (body["registered"], body["waiting"]) == (4, 2)
