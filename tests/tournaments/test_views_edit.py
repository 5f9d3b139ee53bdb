"""Editing a tournament and moving it through its statuses, with confirmation."""

import re
from decimal import Decimal

import pytest
from django.urls import reverse

from apps.core.models import AuditLog
from apps.tournaments.domain.workflow import Status
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

MANAGERS = {"federation_staff", "club_manager"}


def _edit(tournament):
    return reverse("tournaments:edit", args=[tournament.pk])


def _transition(tournament):
    return reverse("tournaments:transition", args=[tournament.pk])


def _edit_data(tournament, **overrides):
    data = {
        "name": tournament.name,
        "date": tournament.date.isoformat(),
        "venue": tournament.venue,
        "kind": tournament.kind,
        "index": str(tournament.index),
    }
    return {**data, **overrides}


# --- edit ------------------------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
def test_edit_page_is_for_managers(world, login, persona):
    response = login(world.persona(persona)).get(_edit(world.tournament))
    assert response.status_code == (200 if persona in MANAGERS else 403)


@pytest.mark.parametrize("persona", ["referee", "player", "outsider"])
def test_edit_page_of_a_hidden_draft_is_not_found(world, login, persona):
    assert login(world.persona(persona)).get(_edit(world.draft)).status_code == 404


def test_edit_page_sends_anonymous_users_to_login(world, client):
    response = client.get(_edit(world.tournament))
    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login"))


def test_edit_saves_through_the_service(world, login):
    response = login(world.club_manager).post(
        _edit(world.tournament), _edit_data(world.tournament, name="Tournoi renommé")
    )
    assert response.status_code == 302
    world.tournament.refresh_from_db()
    assert world.tournament.name == "Tournoi renommé"
    assert AuditLog.objects.filter(action="update", object_id=str(world.tournament.pk)).exists()


@pytest.mark.parametrize(
    "field, value", [("name", ""), ("index", "0.5"), ("index", "2.3"), ("date", "demain")]
)
def test_edit_with_bad_input_changes_nothing(world, login, field, value):
    old_name = world.tournament.name
    response = login(world.club_manager).post(
        _edit(world.tournament),
        _edit_data(world.tournament, venue="Nouvelle salle", **{field: value}),
    )
    assert response.status_code == 200
    assert field in response.context["form"].errors
    assert "Nouvelle salle" in response.content.decode()
    world.tournament.refresh_from_db()
    assert (world.tournament.name, world.tournament.venue) == (old_name, "Salle des fêtes")


def test_edit_by_a_read_only_overseer_is_refused_and_changes_nothing(world, login):
    response = login(world.committee_staff).post(
        _edit(world.tournament), _edit_data(world.tournament, name="Piraté")
    )
    assert response.status_code == 403
    world.tournament.refresh_from_db()
    assert world.tournament.name != "Piraté"


# --- status changes --------------------------------------------------------------


def test_status_change_asks_for_confirmation_first(world, login):
    response = login(world.club_manager).get(
        _transition(world.draft), {"status": Status.REGISTRATION_OPEN}
    )
    assert response.status_code == 200
    assert response.context["fields"]["status"] == Status.REGISTRATION_OPEN
    world.draft.refresh_from_db()
    assert world.draft.status == Status.DRAFT


def test_confirmed_status_change_is_made(world, login):
    response = login(world.club_manager).post(
        _transition(world.draft), {"status": Status.REGISTRATION_OPEN}
    )
    assert response.status_code == 302
    assert response.url == reverse("tournaments:detail", args=[world.draft.pk])
    world.draft.refresh_from_db()
    assert world.draft.status == Status.REGISTRATION_OPEN


@pytest.mark.parametrize("method", ["get", "post"])
@pytest.mark.parametrize(
    "persona, which, status",
    [
        ("zone_manager", "tournament", Status.RUNNING),
        ("committee_staff", "draft", Status.REGISTRATION_OPEN),
        ("player", "tournament", Status.RUNNING),
        ("outsider", "tournament", Status.DRAFT),
        ("referee", "tournament", Status.DRAFT),  # a referee may start, not unpublish
        ("club_manager", "tournament", Status.APPROVED),  # not a next step
    ],
)
def test_status_change_refused(world, login, method, persona, which, status):
    tournament = getattr(world, which)
    before = tournament.status
    browser = login(world.persona(persona))
    response = getattr(browser, method)(_transition(tournament), {"status": status})
    assert response.status_code == 403
    tournament.refresh_from_db()
    assert tournament.status == before


def test_status_change_of_a_hidden_tournament_is_not_found(world, login):
    response = login(world.referee).get(_transition(world.draft), {"status": Status.DRAFT})
    assert response.status_code == 404


def test_unknown_status_is_not_found(world, login):
    response = login(world.club_manager).get(_transition(world.draft), {"status": "lost"})
    assert response.status_code == 404


def test_status_change_returns_to_a_safe_next_page_only(world, login):
    browser = login(world.referee)
    room = reverse("tournaments:referee_room", args=[world.tournament.pk])
    response = browser.post(_transition(world.tournament), {"status": "running", "next": room})
    assert response.url == room
    response = browser.post(
        _transition(world.tournament), {"status": "finished", "next": "https://evil.example/"}
    )
    assert response.url == reverse("tournaments:detail", args=[world.tournament.pk])


def test_transition_links_go_to_the_confirmation_page(world, login):
    html = (
        login(world.club_manager)
        .get(reverse("tournaments:detail", args=[world.draft.pk]))
        .content.decode()
    )
    assert f"{_transition(world.draft)}?status=registration_open" in html


def test_the_page_shows_start_fee_deadline_and_sets_a_sessions_start(world, login):
    data = _edit_data(
        world.tournament,
        starts_at="20:30",
        entry_fee="8",
        registration_deadline=f"{world.tournament.date.isoformat()}T12:00",
    )
    browser = login(world.club_manager)
    assert browser.post(_edit(world.tournament), data).status_code == 302
    html = browser.get(reverse("tournaments:detail", args=[world.tournament.pk])).content.decode()
    assert ", 20:30" in html and 'data-test="entry-fee">8 €' in html
    assert 'data-test="deadline"' in html
    session = world.tournament.sessions.get()
    url = reverse("tournaments:session_start", args=[world.tournament.pk, session.pk])
    assert 'data-test="session-start"' in html and url in html
    answer = browser.post(url, {"starts_at": f"{world.tournament.date.isoformat()}T20:15"})
    assert answer.status_code == 302
    session.refresh_from_db()
    assert session.starts_at.astimezone().strftime("%H:%M") == "20:15"
    assert browser.get(url).status_code == 302  # reopened: back to the tournament
    refused = login(world.zone_manager).post(url, {"starts_at": ""})
    assert refused.status_code == 403
    assert (
        'data-test="session-start"'
        not in login(world.zone_manager)
        .get(reverse("tournaments:detail", args=[world.tournament.pk]))
        .content.decode()
    )


def test_the_index_is_chosen_among_the_regulations(world, login):
    page = login(world.club_manager).get(_edit(world.tournament)).content.decode()
    options = re.findall(r'<option value="([\d.]+)"[^>]*>([\d,]+)</option>', page)
    assert options == [("1.0", "1"), ("1.2", "1,2"), ("1.5", "1,5"), ("1.8", "1,8"), ("3.0", "3")]


@pytest.mark.parametrize("sent", ["1.2", "1,2", "1.20"])
def test_the_index_is_read_however_it_is_written(world, login, sent):
    login(world.club_manager).post(
        _edit(world.tournament), _edit_data(world.tournament, index=sent)
    )
    world.tournament.refresh_from_db()
    assert world.tournament.index == Decimal("1.2")
