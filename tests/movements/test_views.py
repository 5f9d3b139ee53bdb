"""The movement page: who sees it and who runs it, the grid per position, generation with
confirmation, the position in play, printouts, and queries that do not grow with the room."""

import pytest
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext

from apps.movements.models import MovementTable, SessionMovement
from apps.movements.printing import Printout
from tests import factories as f
from tests.builders import advance_to, generate
from tests.factories import register
from tests.personas import PERSONAS
from tests.wording import SURPLUS, said

pytestmark = pytest.mark.django_db

RUNNERS = {"federation_staff", "referee"}
READERS = {"club_manager", "zone_manager", "committee_staff"}
OUTSIDERS = set(PERSONAS) - RUNNERS - READERS


def _url(name, session, *args):
    return reverse(f"movements:{name}", args=[session.pk, *args])


def _session(world):
    return world.tournament.sessions.get()


# --- who sees what ---------------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_page_is_for_runners_and_overseers(world, login, persona):
    generate(world, 20)
    response = login(world.persona(persona)).get(_url("page", _session(world)))
    if persona in OUTSIDERS:
        assert response.status_code == 403
        return
    assert response.status_code == 200
    assert response.context["can_run"] is (persona in RUNNERS)
    html = response.content.decode()
    assert (_url("generate", _session(world)) in html) is (persona in RUNNERS)
    assert (_url("swap", _session(world)) in html) is (persona in RUNNERS)


def test_anonymous_visitors_are_sent_to_sign_in(world, client):
    response = client.get(_url("page", _session(world)))
    assert response.status_code == 302 and "next=" in response.url


@pytest.mark.parametrize("persona", ["referee", "player", "outsider"])
def test_a_hidden_tournament_gives_not_found(world, login, persona):
    response = login(world.persona(persona)).get(_url("page", world.draft.sessions.get()))
    assert response.status_code == 404


def test_a_referee_of_another_tournament_reads_nothing(world, login):
    other = f.UserFactory()
    f.RoleFactory(user=other)
    assert login(other).get(_url("page", _session(world))).status_code == 403


def test_readers_see_the_grid_without_forms(world, login):
    generate(world, 20)
    response = login(world.club_manager).get(_url("page", _session(world)))
    assert "generate_form" not in response.context and "swap_form" not in response.context
    assert response.context["sections"][0]["tables"][0].table == 1


def test_before_generation_readers_are_told_to_wait(world, login):
    response = login(world.committee_staff).get(_url("page", _session(world)))
    assert response.status_code == 200 and response.context["movement"] is None


@pytest.mark.parametrize("persona", sorted(set(PERSONAS) - RUNNERS))
@pytest.mark.parametrize("name", ["generate", "advance", "swap", "late", "replace", "check"])
def test_only_runners_act(world, login, persona, name):
    movement = generate(world, 20)
    browser = login(world.persona(persona))
    method = browser.get if name == "check" else browser.post
    response = method(_url(name, _session(world)), {"tables": 5, "confirmed": "1"})
    assert response.status_code == 403
    movement.refresh_from_db()
    assert movement.current_position == 0 and movement.seed == 7


@pytest.mark.parametrize("name", ["generate", "advance", "swap", "late", "replace"])
def test_a_confirmation_reloaded_goes_back_to_the_page(world, login, name):
    """Opening an action's address again (a confirmation page reloaded) changes nothing
    and shows the movement page, not « 405 »."""
    movement = generate(world, 20)
    response = login(world.referee).get(_url(name, _session(world)))
    assert response.status_code == 302 and response.url == _url("page", _session(world))
    movement.refresh_from_db()
    assert movement.current_position == 0


def test_the_referee_room_links_to_each_session_movement(world, login):
    response = login(world.referee).get(
        reverse("tournaments:referee_room", args=[world.tournament.pk])
    )
    assert _url("page", _session(world)) in response.content.decode()


# --- the grid --------------------------------------------------------------------


def test_the_grid_shows_the_players_and_etuis_of_a_position(world, login):
    movement = generate(world, 28)
    response = login(world.referee).get(_url("page", _session(world)) + "?position=3")
    assert response.context["sequence"] == 3
    [section] = response.context["sections"]
    table = section["tables"][0]
    stored = MovementTable.objects.get(movement=movement, sequence=3, table=1)
    assert table.etuis == tuple(stored.etuis)
    html = response.content.decode()
    for seat in table.seats:
        assert seat.name in html
    assert [number for _seq, number in response.context["position_tabs"]] == list(range(1, 8))


def test_the_grid_opens_at_the_position_in_play(world, login):
    advance_to(world, generate(world, 20), 4)
    response = login(world.referee).get(_url("page", _session(world)) + "?position=99")
    assert response.context["sequence"] == 4


def test_htmx_gets_the_grid_alone(world, login):
    generate(world, 20)
    response = login(world.referee).get(
        _url("page", _session(world)) + "?position=2",
        headers={"HX-Request": "true", "HX-Target": "grid"},
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<section class="panel" id="grid">')
    assert "<html" not in html


def test_vacant_places_and_unseated_players_are_shown(world, login):
    generate(world, 19)
    late = f.RegistrationFactory(tournament=world.tournament)
    response = login(world.referee).get(_url("page", _session(world)))
    assert list(response.context["unseated"]) == [late]
    assert late.licensee.licence_number in response.content.decode()
    assert len(response.context["late_form"].fields["spot"].choices) == 1


@pytest.mark.parametrize("persona", ["referee", "club_manager"])
@pytest.mark.parametrize(("players", "tables"), [(20, 5), (28, 7), (600, 150)])
def test_page_queries_do_not_grow_with_the_room(
    world, login, django_assert_max_num_queries, persona, players, tables
):
    generate(world, players)
    browser, url = login(world.persona(persona)), _url("page", _session(world))
    with django_assert_max_num_queries(12):
        response = browser.get(url)
    assert response.context["movement"].tables == tables


# --- generation ------------------------------------------------------------------


def test_the_form_proposes_enough_tables_and_says_what_is_missing(world, login):
    register(world.tournament, 19)
    response = login(world.referee).get(_url("page", _session(world)))
    assert response.context["generate_form"].initial["tables"] == 5
    assert response.context["check"].warnings
    assert "19" in response.context["check"].warnings[0]


def test_the_check_answers_while_the_referee_types(world, login):
    register(world.tournament, 19)
    response = login(world.referee).get(_url("check", _session(world)), {"tables": 4})
    assert response.status_code == 200
    expected = said(SURPLUS, registered=19, tables=4, places=16, count=3, needed=5)
    assert escape(expected) in response.content.decode()


def test_generate(world, login):
    register(world.tournament, 28)
    response = login(world.referee).post(
        _url("generate", _session(world)), {"tables": 7, "method": "draw", "seed": 5}
    )
    assert response.status_code == 302
    movement = SessionMovement.objects.get()
    assert (movement.tables, movement.seed) == (7, 5)


def test_a_refused_generation_says_why(world, login):
    register(world.tournament, 29)
    response = login(world.referee).post(
        _url("generate", _session(world)), {"tables": 7, "method": "draw"}
    )
    assert response.status_code == 400
    expected = said(SURPLUS, registered=29, tables=7, places=28, count=1, needed=8)
    assert escape(expected) in response.content.decode()
    assert not SessionMovement.objects.exists()


def test_regenerating_asks_for_confirmation(world, login):
    generate(world, 20)
    browser = login(world.referee)
    data = {"tables": 5, "method": "draw", "seed": 8}
    response = browser.post(_url("generate", _session(world)), data)
    assert response.status_code == 200 and response.templates[0].name == "core/confirm.html"
    assert SessionMovement.objects.get().seed == 7
    response = browser.post(_url("generate", _session(world)), {**data, "confirmed": "1"})
    assert response.status_code == 302
    assert SessionMovement.objects.get().seed == 8


def test_no_generation_form_once_play_started(world, login):
    advance_to(world, generate(world, 20), 1)
    response = login(world.referee).get(_url("page", _session(world)))
    assert "generate_form" not in response.context and "swap_form" not in response.context


# --- position in play ------------------------------------------------------------


def test_advance_asks_then_puts_the_next_position_in_play(world, login):
    movement = generate(world, 20)
    browser = login(world.referee)
    page = browser.get(_url("page", _session(world))).content.decode()
    assert 'name="from_position" value="0"' in page
    confirm = browser.post(_url("advance", _session(world)), {"from_position": "0"})
    assert confirm.status_code == 200 and 'name="from_position" value="0"' in confirm.text
    movement.refresh_from_db()
    assert movement.current_position == 0
    data = {"confirmed": "1", "from_position": "0"}
    response = browser.post(_url("advance", _session(world)), data)
    assert response.status_code == 302 and response.url.endswith("?position=1")
    movement.refresh_from_db()
    assert movement.current_position == 1


def test_advance_sent_twice_puts_one_position_in_play(world, login):
    movement = advance_to(world, generate(world, 20), 2)
    browser = login(world.referee)
    data = {"confirmed": "1", "from_position": "2"}
    browser.post(_url("advance", _session(world)), data)
    response = browser.post(_url("advance", _session(world)), data, follow=True)
    movement.refresh_from_db()
    assert movement.current_position == 3
    assert [str(m) for m in response.context["messages"]][-1] == said(
        "Position %(position)s is already in play (the page was out of date): nothing was changed.",
        position=3,
    )


def test_advance_without_the_position_it_moves_from_changes_nothing(world, login):
    movement = advance_to(world, generate(world, 20), 1)
    response = login(world.referee).post(
        _url("advance", _session(world)), {"confirmed": "1"}, follow=True
    )
    assert [m.level_tag for m in response.context["messages"]] == ["error"]
    movement.refresh_from_db()
    assert movement.current_position == 1


def test_advance_after_the_last_position_says_so(world, login):
    advance_to(world, generate(world, 20), 5)
    response = login(world.referee).post(
        _url("advance", _session(world)), {"confirmed": "1", "from_position": "5"}, follow=True
    )
    assert [m.level_tag for m in response.context["messages"]] == ["error"]


# --- printouts -------------------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
def test_printouts_are_for_runners_and_overseers(world, login, persona):
    generate(world, 20)
    url = _url("printout", _session(world), Printout.ROOM_PLAN.value)
    response = login(world.persona(persona)).get(url)
    if persona in OUTSIDERS:
        assert response.status_code == 403
    else:
        assert response.status_code == 200
        assert response["Content-Type"] == "application/pdf"
        assert response.content.startswith(b"%PDF")
        assert 'filename="plan-de-salle-seance-1.pdf"' in response["Content-Disposition"]


def test_every_printout_has_a_button(world, login):
    generate(world, 20)
    html = login(world.referee).get(_url("page", _session(world))).content.decode()
    for kind in Printout:
        assert _url("printout", _session(world), kind.value) in html
        assert gettext(kind.title) in html


def test_unknown_printouts_and_missing_movements_give_not_found(world, login):
    browser = login(world.referee)
    assert browser.get(_url("printout", _session(world), "plan-de-salle")).status_code == 404
    generate(world, 20)
    assert browser.get(_url("printout", _session(world), "menu")).status_code == 404


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_back_office_shows_movements_read_only(world, login, persona):
    movement = generate(world, 20)
    browser = login(world.persona(persona))
    changelist = browser.get(reverse("admin:movements_sessionmovement_changelist"))
    if persona != "federation_staff":
        assert changelist.status_code == 302
        return
    assert changelist.status_code == 200
    page = browser.get(reverse("admin:movements_sessionmovement_change", args=[movement.pk]))
    assert page.status_code == 200 and not page.context["has_change_permission"]


@pytest.mark.parametrize(
    ("players", "tables", "variant", "sections", "first_position"),
    [
        (68, 17, "single_section", [17], 1),
        (24, 6, "duplication", [6], 0),
        (12, 3, "fourth_etui", [3], 1),
    ],
)
def test_the_page_generates_a_variant(
    world, login, players, tables, variant, sections, first_position
):
    register(world.tournament, players)
    response = login(world.referee).post(
        _url("generate", _session(world)),
        {"tables": tables, "variant": variant, "method": "draw", "seed": 3},
    )
    assert response.status_code == 302
    movement = SessionMovement.objects.get()
    assert movement.variant == variant
    assert [s["tables"] for s in movement.sections] == sections
    positions = sorted(set(movement.movement_tables.values_list("position", flat=True)))
    assert positions[0] == first_position


def test_the_page_refuses_a_variant_that_does_not_apply(world, login):
    register(world.tournament, 28)
    response = login(world.referee).post(
        _url("generate", _session(world)),
        {"tables": 7, "variant": "duplication", "method": "draw"},
    )
    assert response.status_code == 400
    assert (
        "position 0 de duplication est celle du mouvement à 6 tables" in response.content.decode()
    )
    assert not SessionMovement.objects.exists()


def test_the_form_offers_the_variants(world, login):
    register(world.tournament, 24)
    page = login(world.referee).get(_url("page", _session(world))).content.decode()
    for variant in ("single_section", "duplication", "fourth_etui"):
        assert f'value="{variant}"' in page
