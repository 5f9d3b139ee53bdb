"""The seasons as federation staff create and open them: opening freezes the PP potential
(each committee's licensees by série, and the nation's), once, audited."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils.html import escape

from apps.core.models import AuditLog
from apps.federation.models import Season, SeasonPotential
from apps.federation.seasons import (
    season_create,
    season_current_set,
    season_open,
    season_potential,
)
from tests import factories as f
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

OTHERS = sorted(set(PERSONAS) - {"federation_staff"})
PAGE = reverse("federation:seasons")


@pytest.fixture
def licensees(world):
    """The world's club: 3 of the 1ère série, 2 of the 2ème, the player's licensee of the
    Promotion and one unranked; the other club: 1 of the 1ère série and its licensee."""
    f.LicenseeFactory.create_batch(3, club=world.club, series="1")
    f.LicenseeFactory.create_batch(2, club=world.club, series="2")
    f.LicenseeFactory(club=world.club, series="NC")
    f.LicenseeFactory(club=world.other_club, series="1")
    return world


def test_staff_create_a_season_with_its_dates(world):
    season = season_create(actor=world.federation_staff, start_year=2027)
    assert (str(season), season.start.isoformat(), season.end.isoformat()) == (
        "2027-2028",
        "2027-07-01",
        "2028-06-30",
    )
    assert not season.opened
    with pytest.raises(ValidationError, match="La saison 2027-2028 existe déjà"):
        season_create(actor=world.federation_staff, start_year=2027)
    with pytest.raises(ValidationError, match="ne convient pas"):
        season_create(actor=world.federation_staff, start_year=20277)
    assert Season.objects.count() == 1


def test_opening_freezes_the_potential_by_committee_and_the_national_count(licensees):
    world = licensees
    season = season_create(actor=world.federation_staff, start_year=2026)
    season_open(actor=world.federation_staff, season=season)
    mine, other = world.club.committee, world.other_club.committee
    assert season_potential(season, [mine]) == (3, 2, 1, 9)
    assert season_potential(season, [other]) == (1, 0, 1, 9)  # its licensee: Promotion
    assert season_potential(season, [mine, other]) == (4, 2, 2, 9)
    # Licensees who change afterwards change nothing of it.
    f.LicenseeFactory.create_batch(5, club=world.club, series="1")
    season.refresh_from_db()
    assert season_potential(season, [mine]) == (3, 2, 1, 9)
    audit = AuditLog.objects.get(content_type__model="season", action="update")
    assert audit.changes["national_licensees"] == [None, 9]
    with pytest.raises(ValidationError, match="est ouverte depuis"):
        season_open(actor=world.federation_staff, season=season)
    assert SeasonPotential.objects.filter(season=season).count() == 5


def test_a_season_not_opened_has_no_potential(world):
    season = season_create(actor=world.federation_staff, start_year=2026)
    assert season_potential(season, [world.club.committee]) is None


@pytest.mark.parametrize("persona", OTHERS)
def test_only_federation_staff_create_and_open(world, persona):
    season = Season.objects.create(start_year=2026)
    with pytest.raises(PermissionDenied):
        season_create(actor=world.persona(persona), start_year=2027)
    with pytest.raises(PermissionDenied):
        season_open(actor=world.persona(persona), season=season)
    season.refresh_from_db()
    assert (Season.objects.count(), season.opened) == (1, False)


# --- the page -----------------------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_page_is_for_federation_staff(world, login, persona):
    Season.objects.create(start_year=2026)
    client = login(world.persona(persona))
    allowed = persona == "federation_staff"
    assert client.get(PAGE).status_code == (200 if allowed else 403)
    response = client.post(reverse("federation:season_create"), {"start_year": "2027"})
    assert response.status_code == (302 if allowed else 403)
    opening = reverse("federation:season_open", args=[2026])
    assert client.get(opening).status_code == (200 if allowed else 403)
    assert client.post(opening).status_code == (302 if allowed else 403)
    assert Season.objects.filter(start_year=2027).exists() == allowed
    assert Season.objects.get(start_year=2026).opened == allowed


def test_anonymous_visitors_are_sent_to_sign_in(client, db):
    response = client.get(PAGE)
    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login"))


def test_staff_create_then_open_a_season_from_the_page(licensees, login):
    client = login(licensees.federation_staff)
    response = client.post(reverse("federation:season_create"), {"start_year": "2026"}, follow=True)
    assert "Saison 2026-2027 créée" in response.content.decode()
    assert "à ouvrir" in response.content.decode()
    opening = reverse("federation:season_open", args=[2026])
    question = client.get(opening).content.decode()
    assert "9 licenciés FFT, dont 8 en 1ère série, 2ème série ou Promotion" in question
    response = client.post(opening, follow=True)
    page = response.content.decode()
    assert "Saison 2026-2027 ouverte : son potentiel PP est figé." in page
    assert 'data-test="potential"' in page
    assert Season.objects.get(start_year=2026).national_licensees == 9
    # Opened twice: refused, nothing changes.
    response = client.post(opening, follow=True)
    assert "est ouverte depuis" in response.content.decode()
    assert SeasonPotential.objects.count() == 5


def test_a_bad_year_is_refused_with_a_message(world, login):
    client = login(world.federation_staff)
    response = client.post(reverse("federation:season_create"), {"start_year": "x"}, follow=True)
    assert escape("Choisissez l'année où la saison commence.") in response.content.decode()
    assert not Season.objects.exists()


def test_the_federation_home_shows_the_seasons_to_open(world, login):
    Season.objects.create(start_year=2027)
    page = login(world.federation_staff).get(reverse("federation:home")).content.decode()
    assert "Saison 2027-2028 à ouvrir" in page
    committee_page = login(world.committee_staff).get(reverse("federation:home"))
    assert "Saison 2027-2028 à ouvrir" not in committee_page.content.decode()


def test_an_opened_season_becomes_the_current_one(world):
    old = Season.objects.create(start_year=2025, is_current=True)
    season = season_create(actor=world.federation_staff, start_year=2026)
    with pytest.raises(ValidationError, match="Ouvrez d'abord la saison 2026-2027"):
        season_current_set(actor=world.federation_staff, season=season)
    season_open(actor=world.federation_staff, season=season)
    season_current_set(actor=world.federation_staff, season=season)
    assert list(Season.objects.filter(is_current=True)) == [season]
    old.refresh_from_db()
    assert not old.is_current
    audit = AuditLog.objects.filter(content_type__model="season").latest("pk")
    assert audit.changes == {"current_season": ["2025-2026", "2026-2027"]}


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_federation_staff_choose_the_current_season(world, login, persona):
    season = Season.objects.create(start_year=2026)
    season_open(actor=world.federation_staff, season=season)
    url = reverse("federation:season_current", args=[2026])
    client = login(world.persona(persona))
    allowed = persona == "federation_staff"
    assert client.get(url).status_code == (200 if allowed else 403)
    assert client.post(url).status_code == (302 if allowed else 403)
    assert Season.objects.get(pk=season.pk).is_current == allowed
