"""List endpoints cost the same number of queries whatever the number of rows."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.tournaments.models import Session
from tests import factories as f

pytestmark = pytest.mark.django_db

MORE = 30


def _add_clubs(world, n):
    f.ClubFactory.create_batch(n, committee=world.club.committee)


def _add_licensees(world, n):
    f.LicenseeFactory.create_batch(n, club=world.club)


def _add_tournaments(world, n):
    for tournament in f.TournamentFactory.create_batch(n, club=world.club):
        Session.objects.create(tournament=tournament, number=2, coefficient=Decimal("2"))
        f.RegistrationFactory(tournament=tournament, licensee=world.licensee)
        f.RegistrationFactory(tournament=tournament, licensee=world.other_licensee)


def _add_registrations(world, n):
    for licensee in f.LicenseeFactory.create_batch(n):
        f.RegistrationFactory(tournament=world.tournament, licensee=licensee)


LISTS = [
    ("/api/clubs/", _add_clubs),
    ("/api/licensees/", _add_licensees),
    ("/api/tournaments/", _add_tournaments),
    ("/api/registrations/", _add_registrations),
]
# Each persona with the lists in which the added rows show (a club manager sees one club).
CASES = [
    (persona, url, add)
    for persona in ("federation_staff", "zone_manager", "committee_staff", "club_manager")
    for url, add in LISTS
    if not (persona == "club_manager" and url == "/api/clubs/")
]


@pytest.mark.parametrize("persona, url, add", CASES)
def test_list_queries_do_not_grow_with_rows(
    world, api_as, django_assert_max_num_queries, persona, url, add
):
    client = api_as(persona)
    add(world, 1)
    with CaptureQueriesContext(connection) as small:
        before = client.get(url).json()["count"]
    add(world, MORE)
    with django_assert_max_num_queries(len(small)):
        response = client.get(url)
    assert response.json()["count"] == before + MORE
