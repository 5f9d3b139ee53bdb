"""The room display's secret link for a projector: the room's referees make it, make it
anew or revoke it from the referee room; it opens the display alone without signing in,
and a revoked or replaced link is refused at once."""

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import reverse

from apps.core.models import AuditLog
from apps.results.models import DisplayLink
from apps.results.permissions import can_share_room_display
from apps.results.services import display_link_create, display_link_revoke
from tests.builders import generate
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db
SHARERS = {"referee", "federation_staff"}  # those who run the room


def _session(world):
    return world.tournament.sessions.get()


def _shared(link) -> str:
    return reverse("results:shared_display", args=[link.token])


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_those_who_run_the_room_share_its_display(world, persona):
    assert can_share_room_display(world.persona(persona), world.tournament) == (persona in SHARERS)


@pytest.mark.parametrize("persona", PERSONAS)
def test_making_the_link_from_the_room_page(world, login, persona):
    session = _session(world)
    response = login(world.persona(persona)).post(
        reverse("results:display_link", args=[session.pk])
    )
    if persona in SHARERS:
        assert response.status_code == 302 and response.url.endswith("#display-links")
        assert DisplayLink.objects.filter(session=session).exists()
    else:
        assert response.status_code == 403
        assert not DisplayLink.objects.exists()


@pytest.mark.parametrize("persona", PERSONAS)
def test_revoking_the_link_from_the_room_page(world, login, persona):
    session = _session(world)
    display_link_create(actor=world.referee, session=session)
    url = reverse("results:display_link_revoke", args=[session.pk])
    response = login(world.persona(persona)).post(url, {"confirmed": "1"})
    assert response.status_code == (302 if persona in SHARERS else 403)
    assert DisplayLink.objects.filter(session=session).exists() == (persona not in SHARERS)


def test_the_services_refuse_who_may_not_share(world):
    session = _session(world)
    with pytest.raises(PermissionDenied):
        display_link_create(actor=world.club_manager, session=session)
    link = display_link_create(actor=world.referee, session=session)
    with pytest.raises(PermissionDenied):
        display_link_revoke(actor=world.player, session=session)
    assert DisplayLink.objects.get() == link


def test_revoking_asks_first(world, login):
    session = _session(world)
    display_link_create(actor=world.referee, session=session)
    url = reverse("results:display_link_revoke", args=[session.pk])
    page = login(world.referee).post(url)
    assert page.status_code == 200 and "Révoquer le lien du projecteur" in page.content.decode()
    assert DisplayLink.objects.filter(session=session).exists()


def test_the_link_opens_the_display_without_signing_in(world):
    generate(world, 20)
    link = display_link_create(actor=world.referee, session=_session(world))
    anonymous = Client()
    page = anonymous.get(_shared(link))
    assert page.status_code == 200 and page.context["mode"] == "seating"
    board = anonymous.get(_shared(link), headers={"HX-Request": "true"}).content.decode()
    assert board.startswith('<main id="board"') and f'hx-get="{_shared(link)}"' in board
    # Display only: nothing else is open to it, and it writes nothing.
    assert anonymous.post(_shared(link)).status_code == 405
    assert anonymous.get(reverse("results:display", args=[link.session_id])).status_code == 302
    assert anonymous.get(reverse("results:session", args=[link.session_id])).status_code == 302


def test_a_revoked_link_is_refused_at_once(world):
    session = _session(world)
    link = display_link_create(actor=world.referee, session=session)
    display_link_revoke(actor=world.referee, session=session)
    assert Client().get(_shared(link)).status_code == 404


def test_a_new_link_is_a_new_secret_and_the_old_one_stops(world):
    session = _session(world)
    old = display_link_create(actor=world.referee, session=session)
    new = display_link_create(actor=world.referee, session=session)
    assert new.token != old.token and len(new.token) >= 32
    assert Client().get(_shared(old)).status_code == 404
    assert Client().get(_shared(new)).status_code == 200


def test_each_change_is_audited_without_its_secret(world):
    session = _session(world)
    link = display_link_create(actor=world.referee, session=session)
    again = display_link_create(actor=world.referee, session=session)
    display_link_revoke(actor=world.referee, session=session)
    rows = list(AuditLog.objects.filter(actor=world.referee).order_by("id"))
    assert [(row.action, row.object_id, row.changes) for row in rows] == [
        ("create", str(link.pk), {"replaced": [None, False]}),
        ("create", str(again.pk), {"replaced": [None, True]}),
        ("delete", str(again.pk), {}),
    ]
    written = str([row.__dict__ for row in rows])
    assert link.token not in written and again.token not in written


def test_the_room_page_shows_the_link_to_the_referee(world, login, settings):
    settings.SITE_URL = "http://192.168.1.20:8000"  # the address the room's phones reach
    session = _session(world)
    browser = login(world.referee)
    room = reverse("tournaments:referee_room", args=[world.tournament.pk])
    html = browser.get(room).content.decode()
    assert 'data-test="display-links"' in html and "Créer le lien" in html
    link = display_link_create(actor=world.referee, session=session)
    html = browser.get(room, HTTP_HOST="127.0.0.1:8000").content.decode()  # on the laptop
    assert f">http://192.168.1.20:8000{_shared(link)}</a>" in html
    assert 'data-test="display-link-revoke"' in html


@pytest.mark.parametrize("persona", sorted(set(PERSONAS) - SHARERS))
def test_the_room_page_shows_no_link_to_others(world, login, persona):
    display_link_create(actor=world.referee, session=_session(world))
    room = reverse("tournaments:referee_room", args=[world.tournament.pk])
    response = login(world.persona(persona)).get(room)
    assert 'data-test="display-links"' not in response.content.decode()
