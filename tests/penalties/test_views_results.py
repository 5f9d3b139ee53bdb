"""The referee's rulings are visible in the results: the adjusted plays of the topage
sheets and of the feuilles de route say what happened, and the penalties give their
reasons on the feuille de route and the ranking."""

import pytest
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.html import escape
from django.utils.translation import gettext

from apps.penalties.models import Adjustment
from apps.results.selectors import session_results
from tests.builders import enter_first_etui, fault, record, seated_at, table_at

pytestmark = pytest.mark.django_db


def _page(browser, name, session, *args):
    response = browser.get(reverse(f"results:{name}", args=[session.pk, *args]))
    assert response.status_code == 200
    return response.content.decode()


def test_an_adjusted_play_says_what_happened(world, login, session):
    etui = enter_first_etui(world, session)
    table = table_at(session)
    record(
        world,
        session,
        "renonce_consommee",
        etui=etui,
        faulty_side="taker",
        public_reason="renonce à cœur",
    )
    adjusted = escape(f"{Adjustment.FORTY_SIXTY.label} ({gettext('taker at fault')})")
    text = escape(f"{fault(session, 'renonce_consommee').label} — renonce à cœur")
    browser = login(world.referee)
    topage = _page(browser, "topage", session)
    assert topage.count('data-test="adjusted"') == 1
    assert adjusted in topage and text in topage
    for player in seated_at(table):
        sheet = _page(browser, "sheet", session, player.pk)
        assert adjusted in sheet and text in sheet
    elsewhere = seated_at(table_at(session, 2))[0]
    assert 'data-test="adjusted"' not in _page(browser, "sheet", session, elsewhere.pk)


def test_a_defenders_forgotten_card_shows_each_defenders_note(world, login, session):
    etui = enter_first_etui(world, session)
    table = table_at(session)
    taker_seat = next(
        n for n in session_results(session).notes if n.play.table == 1
    ).play.taker_seat
    defender = next(p for p in table.places.all() if p.seat != taker_seat).registration
    record(world, session, "carte_oubliee_defenseur", etui=etui, players=[defender])
    topage = _page(login(world.referee), "topage", session)
    assert 'data-test="defender-notes"' in topage
    assert escape(str(Adjustment.FORGOTTEN_CARD.label)) in topage


def test_a_penalty_gives_its_reason(world, login, session):
    enter_first_etui(world, session)
    player = seated_at(table_at(session))[0]
    record(world, session, "fumer_telephone", players=[player], public_reason="téléphone en salle")
    reason = escape(f"{fault(session, 'fumer_telephone').label} — téléphone en salle")
    browser = login(world.referee)
    sheet = _page(browser, "sheet", session, player.pk)
    assert 'data-test="penalties"' in sheet and reason in sheet
    ranking = _page(browser, "session", session)
    assert f'title="{floatformat(5, 2)} : {reason}"' in ranking


def test_the_referees_note_is_never_printed_for_the_players(world, login, session):
    enter_first_etui(world, session)
    player = seated_at(table_at(session))[0]
    record(
        world,
        session,
        "fumer_telephone",
        players=[player],
        note="a insulté l'arbitre",
        public_reason="téléphone en salle",
    )
    browser = login(world.referee)
    for page in (_page(browser, "sheet", session, player.pk), _page(browser, "session", session)):
        assert "téléphone en salle" in page
        assert escape("a insulté l'arbitre") not in page
    incidents = browser.get(reverse("penalties:incidents", args=[session.pk])).content.decode()
    assert escape("a insulté l'arbitre") in incidents  # the referee keeps it
