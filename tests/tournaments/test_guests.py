"""Guests without a licence: the referee registers them (no PCN), they play and are
ranked, their place's awards go to nobody, they are in no list of licensees, the
movement page finds them by name for their own tournament only, and the tournament file
carries them as guests both ways."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError
from django.urls import reverse

from apps.awards.models import Award, AwardSet
from apps.core.models import AuditLog
from apps.exchange.domain.document import tournament_file_parse
from apps.exchange.services import tournament_file_export
from apps.federation.models import Licensee
from apps.movements.forms import LicenceField
from apps.tournaments import services
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration
from tests import factories as f
from tests.builders import enter_all, played
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

ROOM = {"federation_staff", "referee"}


def _guest(world, tournament=None, **names):
    return services.registration_guest_create(
        actor=world.referee,
        tournament=tournament or world.tournament,
        **{"last_name": "Invité", "first_name": "Paul", **names},
    )


def test_a_guest_has_no_licence_and_is_in_no_list(world):
    registration = _guest(world)
    guest = registration.licensee
    assert (guest.guest, guest.licence_number, guest.club) == (True, None, world.club)
    assert not Licensee.objects.filter(pk=guest.pk).exists()
    assert Licensee.people.filter(pk=guest.pk).exists()
    assert guest not in world.club.licensees.all()
    assert "(invité)" in str(guest)
    actions = AuditLog.objects.filter(object_id__in=[str(guest.pk), str(registration.pk)])
    assert actions.count() == 2


def test_a_licensee_has_a_licence_and_a_guest_none(world):
    with pytest.raises(IntegrityError):
        Licensee.people.create(
            club=world.club, last_name="X", first_name="Y", guest=True, licence_number="1234567"
        )


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_room_adds_a_guest(world, persona):
    if persona in ROOM:
        services.registration_guest_create(
            actor=world.persona(persona), tournament=world.tournament, last_name="A", first_name="B"
        )
        assert Registration.objects.filter(licensee__guest=True).count() == 1
    else:
        with pytest.raises(PermissionDenied):
            services.registration_guest_create(
                actor=world.persona(persona),
                tournament=world.tournament,
                last_name="A",
                first_name="B",
            )
        assert not Licensee.people.filter(guest=True).exists()


def test_a_guest_needs_a_name_and_open_registrations(world):
    with pytest.raises(ValidationError):
        _guest(world, last_name=" ")
    world.tournament.status = Status.FINISHED
    world.tournament.save()
    with pytest.raises(ValidationError):
        _guest(world)
    assert not Licensee.people.filter(guest=True).exists()


def test_a_full_tournament_puts_the_guest_on_the_waiting_list(world):
    world.tournament.max_players = 4
    world.tournament.save()
    f.register(world.tournament, 4)
    assert _guest(world).waiting


def test_the_referee_room_adds_a_guest(world, login):
    browser = login(world.referee)
    room = reverse("tournaments:referee_room", args=[world.tournament.pk])
    assert 'data-test="guest-add"' in browser.get(room).content.decode()
    url = reverse("tournaments:guest_add", args=[world.tournament.pk])
    response = browser.post(url, {"last_name": "Durand", "first_name": "Léa"})
    assert response.status_code == 302
    registration = world.tournament.registrations.get(licensee__guest=True)
    assert registration.licensee.full_name == "DURAND Léa"
    html = browser.get(room).content.decode()
    assert 'data-test="guest"' in html
    assert browser.post(url, {"last_name": "", "first_name": "Léa"}).status_code == 400


def test_a_club_manager_does_not_see_the_guest_form(world, login):
    room = reverse("tournaments:referee_room", args=[world.tournament.pk])
    assert login(world.club_manager).get(room).status_code == 403
    url = reverse("tournaments:guest_add", args=[world.tournament.pk])
    assert (
        login(world.club_manager).post(url, {"last_name": "A", "first_name": "B"}).status_code
        == 403
    )


def test_the_movement_page_finds_a_guest_of_its_tournament_only(world):
    guest = _guest(world, last_name="Zébulon").licensee
    assert LicenceField(tournament=world.tournament).clean("Zébulon") == guest
    other = f.TournamentFactory(club=world.club, status=Status.REGISTRATION_OPEN)
    with pytest.raises(Exception, match="Zébulon"):
        LicenceField(tournament=other).clean("Zébulon")


def test_a_guest_plays_and_takes_no_award(world, django_capture_on_commit_callbacks):
    f.register(world.tournament, 27)
    _guest(world)
    movement = played(world, tables=7)
    enter_all(world, movement, seed=3)
    for status in (Status.RUNNING, Status.FINISHED):
        with django_capture_on_commit_callbacks(execute=True):
            services.tournament_transition(
                actor=world.referee, tournament=world.tournament, status=status
            )
    award_set = AwardSet.objects.get(tournament=world.tournament)
    assert award_set.state == "done"
    awards = Award.objects.filter(award_set=award_set)
    assert awards.exists()
    assert not awards.filter(licensee__guest=True).exists()


def test_the_tournament_file_carries_a_guest_both_ways(world):
    f.register(world.tournament, 19)
    guest = _guest(world, last_name="Martin", first_name="Zoé").licensee
    movement = played(world, tables=5)
    enter_all(world, movement, seed=2)
    document = tournament_file_export(movement.session)
    [written] = [p for p in document["players"] if p.get("guest")]
    assert written["name"] == guest.full_name and "licence" not in written
    parsed = tournament_file_parse(document)
    [read] = [p for p in parsed.players if p.licence is None]
    assert (read.last_name, read.first_name) == ("MARTIN", "Zoé")
