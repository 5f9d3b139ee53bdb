"""The referee's changes through the page: each is confirmed, then made; a refusal is
said (beside the field for a wrong entry, at the top of the page for a refused change)
and changes nothing."""

import pytest
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext

from apps.movements.selectors import Spot
from apps.tournaments.models import Registration
from tests import factories as f
from tests.builders import advance_to, generate, holders, snapshot
from tests.wording import said

pytestmark = pytest.mark.django_db

N1, S1 = Spot("Rouge", "N1"), Spot("Rouge", "S1")


def _url(name, movement):
    return reverse(f"movements:{name}", args=[movement.session_id])


def _vacant(movement) -> Spot:
    [spot] = [s for s, holder in holders(movement, 1).items() if holder is None]
    return spot


def test_swap_is_confirmed_then_made(world, login):
    movement = generate(world, 20)
    before = holders(movement, 1)
    browser = login(world.referee)
    data = {"first": N1.key, "second": S1.key}
    response = browser.post(_url("swap", movement), data)
    assert response.status_code == 200 and response.templates[0].name == "core/confirm.html"
    assert "Rouge N1" in response.context["question"]
    assert holders(movement, 1) == before
    response = browser.post(_url("swap", movement), {**data, "confirmed": "1"}, follow=True)
    assert [m.level_tag for m in response.context["messages"]] == ["success"]
    now = holders(movement, 1)
    assert (now[N1], now[S1]) == (before[S1], before[N1])


def test_a_late_arrival_is_seated_by_licence_number(world, login):
    movement = advance_to(world, generate(world, 19), 2)
    vacant = _vacant(movement)
    licensee = f.LicenseeFactory(club=world.club)
    response = login(world.referee).post(
        _url("late", movement),
        {"spot": vacant.key, "licensee": licensee.licence_number, "confirmed": "1"},
    )
    assert response.status_code == 302
    assert holders(movement, 1)[vacant] is None
    assert holders(movement, 2)[vacant] == licensee.registrations.get().pk


def test_a_replacement_is_confirmed_with_both_names(world, login):
    movement = advance_to(world, generate(world, 20), 2)
    substitute = f.LicenseeFactory()
    data = {"spot": N1.key, "licensee": substitute.licence_number}
    browser = login(world.referee)
    response = browser.post(_url("replace", movement), data)
    assert substitute.full_name in response.context["question"]
    assert browser.post(_url("replace", movement), {**data, "confirmed": "1"}).status_code == 302
    assert holders(movement, 2)[N1] == substitute.registrations.get().pk


def test_a_substitute_is_found_by_name_unless_homonyms(world, login):
    movement = advance_to(world, generate(world, 20), 2)
    substitute = f.LicenseeFactory(last_name="Quintard", first_name="Odile")
    browser = login(world.referee)
    response = browser.post(_url("replace", movement), {"spot": N1.key, "licensee": "quintard"})
    assert substitute.full_name in response.context["question"]
    twin = f.LicenseeFactory(last_name="Quintard", first_name="Paul")
    refused = browser.post(
        _url("replace", movement), {"spot": N1.key, "licensee": "quintard", "confirmed": "1"}
    )
    assert refused.status_code == 400
    page = refused.content.decode()
    assert substitute.licence_number in page and twin.licence_number in page
    assert "Plusieurs licenciés" in page
    browser.post(
        _url("replace", movement),
        {"spot": N1.key, "licensee": "quintard odile", "confirmed": "1"},
    )
    assert holders(movement, 2)[N1] == substitute.registrations.get().pk


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("late", {"spot": "Rouge|N1", "licensee": "1001001"}, "Rouge|N1"),
        ("replace", {"spot": "Rouge|N1", "licensee": "99999999"}, "99999999"),
        ("replace", {"spot": "Rouge|N1", "licensee": "12/34"}, "chiffres uniquement"),
        ("replace", {"spot": "Rouge|N1", "licensee": "Personne Inconnue"}, "Personne Inconnue"),
        ("swap", {"first": "Rouge|N1", "second": "Rouge|N1"}, "Choose two different places."),
    ],
)
def test_refusals_are_said_and_change_nothing(world, login, name, data, message):
    movement = generate(world, 19)
    places = snapshot(movement)
    response = login(world.referee).post(_url(name, movement), {**data, "confirmed": "1"})
    assert response.status_code == 400
    assert escape(gettext(message)) in response.content.decode()
    assert snapshot(movement) == places


def test_a_seated_player_cannot_replace_another(world, login):
    movement = generate(world, 20)
    seated = Registration.objects.get(pk=holders(movement, 1)[S1]).licensee
    response = login(world.referee).post(
        _url("replace", movement),
        {"spot": N1.key, "licensee": seated.licence_number, "confirmed": "1"},
    )
    assert response.status_code == 400
    expected = said("%(name)s already has a place in this session.", name=seated.full_name)
    assert escape(expected) in response.content.decode()


def test_swap_form_is_gone_once_play_started(world, login):
    movement = advance_to(world, generate(world, 20), 1)
    response = login(world.referee).post(
        _url("swap", movement), {"first": N1.key, "second": S1.key, "confirmed": "1"}
    )
    assert response.status_code == 400
    assert "swap_form" not in response.context
    expected = said("Play has started: players can no longer be swapped.")
    assert [str(m) for m in response.context["messages"]] == [expected]
