from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from apps.accounts import permissions
from apps.accounts.models import User
from apps.demo.builders import DEMO_PASSWORD, DEMO_USERS
from apps.federation.models import Club, Licensee
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_home_is_a_french_page(client):
    response = client.get(reverse("tournaments:home"))
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="fr">' in html
    assert "Aucun tournoi" in html  # French text from the catalogue


def test_demo_data_is_complete_and_idempotent(client):
    call_command("demo_data", stdout=StringIO())
    call_command("demo_data", stdout=StringIO())
    assert max(c.licensees.count() for c in Club.objects.all()) >= 40
    # The championship stage takes its players on its own page.
    individual = Tournament.objects.filter(kind=Tournament.Kind.INDIVIDUAL)
    assert individual.filter(status=Status.REGISTRATION_OPEN).count() == 1
    assert Licensee.objects.count() == Licensee.objects.values("licence_number").distinct().count()
    home = client.get(reverse("tournaments:home")).content.decode()
    assert "Tournoi du jeudi" in home


AREA_OF = {
    "federation": permissions.can_use_federation_area,
    "zone": permissions.can_use_federation_area,
    "comite": permissions.can_use_federation_area,
    "club": permissions.can_use_club_area,
    "arbitre": permissions.can_use_referee_area,
    "joueur": permissions.can_use_player_area,
}


@pytest.mark.parametrize("username", [u for u, *_ in DEMO_USERS])
def test_each_demo_login_reaches_its_area(client, username):
    call_command("demo_data", stdout=StringIO())
    assert client.login(username=username, password=DEMO_PASSWORD)
    assert AREA_OF[username](User.objects.get(username=username))
    area = client.get(reverse("accounts:dispatch"), follow=True)
    assert area.status_code == 200
    assert area.redirect_chain[-1][0] != reverse("tournaments:home")
    # an address, to which the homologation chain writes
    assert User.objects.get(username=username).email == f"{username}@example.org"
