"""The incidents page: who reads it and who rules, recording through the form (the
catalogue's sanction, a departure and its reason, bad input kept in place), cancelling
behind a confirmation, the htmx parts, and queries that do not grow with the room."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext

from apps.movements import services as movements
from apps.penalties.models import Incident
from tests.builders import fault, record, seated_at, table_at
from tests.factories import register
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

RULERS = {"federation_staff", "referee"}
READERS = {"zone_manager", "committee_staff", "club_manager"}
OTHERS = set(PERSONAS) - RULERS - READERS


def _url(of, name="incidents", *args):
    return reverse(f"penalties:{name}", args=[of.pk, *args])


def _posted(session, code, *, table=None, players=(), **fields):
    """The form as the referee posts it: a fault at table 1 on its first étui."""
    table = table or table_at(session)
    return {
        "fault": fault(session, code).pk,
        "place": f"{table.pk}:{table.etuis[0]}",
        "players": [player.pk for player in players],
        **fields,
    }


# --- who reads, who rules --------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
def test_referees_rule_overseers_read_and_others_are_refused(world, login, session, persona):
    response = login(world.persona(persona)).get(_url(session))
    if persona in OTHERS:
        assert response.status_code == 403
        return
    assert response.status_code == 200
    assert response.context["can_rule"] == (persona in RULERS)
    assert ('data-test="record"' in response.content.decode()) == (persona in RULERS)


@pytest.mark.parametrize("persona", sorted(READERS | OTHERS))
def test_only_referees_write_or_search(world, login, session, persona):
    incident = record(world, session, "fumer_telephone", players=seated_at(table_at(session))[:1])
    browser = login(world.persona(persona))
    posted = _posted(session, "fumer_telephone", players=seated_at(table_at(session))[:1])
    assert browser.post(_url(session), posted).status_code == 403
    cancel = browser.post(_url(session, "cancel", incident.pk), {"reason": "x", "confirmed": "1"})
    assert cancel.status_code == 403
    assert browser.get(_url(session, "faults"), {"q": "écart"}).status_code == 403
    assert browser.get(_url(session, "players")).status_code == 403
    assert Incident.objects.count() == 1 and not Incident.objects.get().cancelled


@pytest.mark.parametrize("persona", ["player", "outsider", "zone_manager", "referee"])
def test_a_hidden_tournament_gives_not_found(world, login, persona):
    other = world.other_tournament.sessions.get()
    assert login(world.persona(persona)).get(_url(other)).status_code == 404


def test_anonymous_visitors_sign_in(client, session):
    response = client.get(_url(session))
    assert response.status_code == 302 and response.url.startswith(reverse("accounts:login"))


# --- recording -------------------------------------------------------------------


@pytest.mark.parametrize("persona", sorted(RULERS))
def test_the_form_records_the_catalogues_sanction(world, login, session, persona):
    table = table_at(session)
    taker = seated_at(table)[0]
    posted = _posted(session, "faux_ecart", players=[taker], note="écart de 7 cartes")
    response = login(world.persona(persona)).post(_url(session), posted)
    assert response.status_code == 302 and response.url == _url(session)
    incident = Incident.objects.get()
    assert (incident.table, incident.etui, incident.penalty_percent, incident.adjustment) == (
        table,
        table.etuis[0],
        Decimal("0.5"),
        "neutralized",
    )
    assert list(incident.players.all()) == [taker]
    assert incident.note == "écart de 7 cartes" and incident.created_by == world.persona(persona)
    page = login(world.persona(persona)).get(_url(session)).content.decode()
    assert "écart de 7 cartes" in page and incident.fault.label in page


def test_a_departure_needs_its_reason_and_nothing_typed_is_lost(world, login, session):
    browser = login(world.referee)
    players = seated_at(table_at(session))[:1]
    posted = _posted(session, "faux_ecart", players=players, note="récidive", penalty_percent="1")
    response = browser.post(_url(session), posted)
    assert response.status_code == 400 and not Incident.objects.exists()
    form = response.context["form"]
    assert form.errors["override_reason"] == [
        gettext("Give the reason for departing from the catalogue's sanction.")
    ]
    # The page comes back where the form is, the error beside it.
    page = response.content.decode()
    assert f'action="{_url(session)}#record"' in page
    assert page.index('id="record"') < page.index("errorlist")
    page = response.content.decode()
    assert "récidive" in page and f'value="{players[0].pk}" checked' in page
    assert f'value="{posted["fault"]}" checked' in page
    response = browser.post(_url(session), {**posted, "override_reason": "deuxième faute"})
    assert response.status_code == 302
    incident = Incident.objects.get()
    assert (incident.penalty_percent, incident.override_reason) == (Decimal("1"), "deuxième faute")


def test_an_override_to_no_adjusted_score_is_recorded(world, login, session):
    posted = _posted(
        session,
        "faux_ecart",
        players=seated_at(table_at(session))[:1],
        adjustment="none",
        players_note="none",
        override_reason="donne jouable",
    )
    assert login(world.referee).post(_url(session), posted).status_code == 302
    assert (Incident.objects.get().adjustment, Incident.objects.get().players_note) == ("", "")


@pytest.mark.parametrize(
    "bad, field",
    [
        ({"fault": ""}, "fault"),
        ({"fault": "999999"}, "fault"),
        ({"place": "999999:1"}, "place"),
        ({"penalty_percent": "101"}, "penalty_percent"),
        ({"penalty_percent": "abc"}, "penalty_percent"),
        ({"code": "fumer_telephone", "adjustment": "40_60", "override_reason": "x"}, "faulty_side"),
    ],
)
def test_bad_input_is_refused_in_place(world, login, session, bad, field):
    players = seated_at(table_at(session))[:1]
    bad = dict(bad)
    code = bad.pop("code", "faux_ecart")
    posted = {**_posted(session, code, players=players, note="à garder"), **bad}
    response = login(world.referee).post(_url(session), posted)
    assert response.status_code == 400 and not Incident.objects.exists()
    assert field in response.context["form"].errors
    assert "à garder" in response.content.decode()


def test_players_are_chosen_among_the_four_at_the_table(world, login, session):
    elsewhere = seated_at(table_at(session, 2))[:1]
    response = login(world.referee).post(
        _url(session), _posted(session, "faux_ecart", players=elsewhere)
    )
    assert response.status_code == 400
    assert response.context["form"].errors["players"] == [
        gettext("Choose the players among the four at that table.")
    ]


def test_a_fault_without_a_table_takes_any_seated_player(world, login, session):
    late = seated_at(table_at(session, 3))[2]
    posted = {"fault": fault(session, "retard").pk, "place": "", "players": [late.pk]}
    assert login(world.referee).post(_url(session), posted).status_code == 302
    incident = Incident.objects.get()
    assert (incident.table, incident.etui, list(incident.players.all())) == (None, None, [late])


@pytest.mark.parametrize(("minutes", "penalty"), [(1, "0.5"), (6, "1"), (15, "1.5")])
def test_the_form_takes_the_minutes_late(world, login, session, minutes, penalty):
    late = seated_at(table_at(session, 3))[2]
    posted = {
        "fault": fault(session, "retard").pk,
        "place": "",
        "players": [late.pk],
        "minutes_late": minutes,
    }
    assert login(world.referee).post(_url(session), posted).status_code == 302
    assert Incident.objects.get().penalty_percent == Decimal(penalty)


def test_sixteen_minutes_late_points_to_the_replacement(world, login, session):
    late = seated_at(table_at(session, 3))[2]
    posted = {
        "fault": fault(session, "retard").pk,
        "place": "",
        "players": [late.pk],
        "minutes_late": 16,
    }
    response = login(world.referee).post(_url(session), posted)
    assert response.status_code == 400
    assert response.context["form"].forfeit()
    page = response.content.decode()
    replace = reverse("movements:page", args=[session.pk]) + "#replace"
    assert 'data-test="forfeit"' in page and f'href="{replace}"' in page
    assert not Incident.objects.exists()


def test_minutes_late_for_another_fault_are_refused(world, login, session):
    posted = _posted(
        session, "fumer_telephone", players=seated_at(table_at(session))[:1], minutes_late=4
    )
    response = login(world.referee).post(_url(session), posted)
    assert response.status_code == 400
    assert "minutes_late" in response.context["form"].errors
    assert not Incident.objects.exists()


# --- cancelling ------------------------------------------------------------------


def test_cancelling_asks_a_reason_then_a_confirmation(world, login, session):
    incident = record(world, session, "fumer_telephone", players=seated_at(table_at(session))[:1])
    browser = login(world.referee)
    url = _url(session, "cancel", incident.pk)
    refused = browser.post(url, {"reason": " "})
    assert refused.status_code == 400
    assert escape(gettext("Give the reason for cancelling.")) in refused.content.decode()
    asked = browser.post(url, {"reason": "erreur de table"})
    assert asked.status_code == 200 and 'name="confirmed"' in asked.content.decode()
    incident.refresh_from_db()
    assert not incident.cancelled
    done = browser.post(url, {"reason": "erreur de table", "confirmed": "1"})
    assert done.status_code == 302
    incident.refresh_from_db()
    assert incident.cancelled and incident.cancel_reason == "erreur de table"
    assert incident.cancelled_by == world.referee
    page = browser.get(_url(session)).content.decode()
    assert "erreur de table" in page and incident.fault.label in page
    again = browser.post(url, {"reason": "encore", "confirmed": "1"}, follow=True)
    assert escape(gettext("This incident is already cancelled.")) in again.content.decode()


def test_an_incident_of_another_session_is_not_found(world, login, session):
    incident = record(world, session, "fumer_telephone", players=seated_at(table_at(session))[:1])
    other = world.draft.sessions.get()
    url = reverse("penalties:cancel", args=[other.pk, incident.pk])
    response = login(world.federation_staff).post(url, {"reason": "x", "confirmed": "1"})
    assert response.status_code == 404


def test_a_cancel_form_brings_the_page_back_to_its_incident(world, login, session):
    incident = record(world, session, "fumer_telephone", players=seated_at(table_at(session))[:1])
    page = login(world.referee).get(_url(session)).content.decode()
    cancel = reverse("penalties:cancel", args=[session.pk, incident.pk])
    assert f'id="incident-{incident.pk}"' in page
    assert f'action="{cancel}#incident-{incident.pk}"' in page


def test_a_cancel_confirmation_reloaded_goes_back_to_the_incidents(world, login, session):
    incident = record(world, session, "fumer_telephone", players=seated_at(table_at(session))[:1])
    url = reverse("penalties:cancel", args=[session.pk, incident.pk])
    response = login(world.referee).get(url)
    assert response.status_code == 302
    assert response.url == reverse("penalties:incidents", args=[session.pk])
    incident.refresh_from_db()
    assert incident.cancelled_at is None


# --- htmx ------------------------------------------------------------------------


def test_the_search_finds_french_wording_as_typed(world, login, session):
    response = login(world.referee).get(_url(session, "faults"), {"q": "ECART"})
    page = response.content.decode()
    assert fault(session, "faux_ecart").label in page
    assert fault(session, "retard").label not in page
    nothing = login(world.referee).get(_url(session, "faults"), {"q": "zzzz"})
    assert (
        escape(gettext("No fault of the catalogue holds these words.")) in nothing.content.decode()
    )


def test_the_chosen_table_offers_its_four_players(world, login, session):
    table = table_at(session, 2)
    response = login(world.referee).get(
        _url(session, "players"), {"place": f"{table.pk}:{table.etuis[0]}"}
    )
    offered = [pk for pk, _label, _checked in response.context["players"]]
    assert offered == [player.pk for player in seated_at(table)]
    everyone = login(world.referee).get(_url(session, "players")).context["players"]
    assert len(everyone) == 20


# --- queries ---------------------------------------------------------------------


@pytest.fixture
def room_of(world):
    def build(tables: int):
        register(world.tournament, 4 * tables)
        room = world.tournament.sessions.get()
        movement = movements.movement_generate(actor=world.referee, session=room, seed=3)
        movements.movement_advance(
            actor=world.referee, movement=movement, from_position=movement.current_position
        )
        for number in range(1, tables + 1):
            players = seated_at(table_at(room, number))
            record(
                world,
                room,
                "fumer_telephone",
                table=table_at(room, number),
                players=players[:2],
            )
        return room

    return build


@pytest.mark.parametrize("tables", [5, 7])
def test_queries_do_not_grow_with_the_room(
    world, login, django_assert_max_num_queries, room_of, tables
):
    room = room_of(tables)
    browser = login(world.referee)
    with django_assert_max_num_queries(16):
        response = browser.get(_url(room))
    assert response.status_code == 200 and len(response.context["incidents"]) == tables
