"""Feuilles de route as PDF: one A4 page per player with every étui played, the notes and
percentages; a whole room in batches, in alphabetical order."""

import pytest
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext

from apps.penalties.models import Adjustment, Incident
from apps.results import printing
from apps.results.printing import sheet_render, sheets_render
from apps.results.selectors import session_display
from tests.builders import (
    ETUI_1,
    enter,
    enter_first_etui,
    fault,
    played,
    record,
    seated_at,
    session_at_position_1,
    table_at,
)
from tests.pdf import french, pdf_pages, pdf_painted_grids, pdf_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def session(world):
    """The world tournament's session, its 20 players seated at 5 tables, position 1 in
    play."""
    return session_at_position_1(world)


@pytest.fixture
def display(world):
    movement = played(world)
    enter(world, movement, 1, [score for _p, _t, score, _a, _d in ETUI_1])
    return session_display(movement.session)


def test_a_players_sheet_is_one_page_with_every_etui(world, display):
    taker = display.etuis()[0].lines[1].note.play.taker  # position 2, table 5: 62, the TOP
    sheet = display.sheet(int(taker))
    rendered = sheet_render(display, sheet)
    assert rendered.pdf.startswith(b"%PDF") and rendered.pages == 1 == pdf_pages(rendered.pdf)
    assert rendered.filename == f"feuille-de-route-seance-1-{sheet.person.licence}.pdf"
    text = pdf_text(rendered.pdf)
    assert sheet.person.name in text and sheet.person.licence in text
    assert len(sheet.rows) == 20  # 5 positions of 4 étuis
    etui_1 = next(line for line in text.splitlines() if line.split()[:3] == ["1", "2", "5"])
    assert etui_1.split()[-2:] == ["62", french(100.0)]
    for label in ("Attack percentage", "Defence percentage", "Overall percentage", "Penalty"):
        assert gettext(label) in text


def test_every_reader_draws_the_sheets_column_rules(world, display):
    """A sheet's 7 columns as pdfium paints them: no filled area, a thin line at every
    column's edges (CSS gradients were a black block over the last column)."""
    pdf, _pages = sheets_render(display, display.sheets()[:1])
    assert pdf_painted_grids(pdf) == (False, 8)


@pytest.mark.slow
def test_the_room_prints_a_page_per_player_in_batches(world, display, monkeypatch):
    monkeypatch.setattr(printing, "SHEETS_PER_DOCUMENT", 8)
    told = []
    sheets = display.sheets()
    pdf, pages = sheets_render(display, sheets, told.append)
    assert told == [8, 16, 20]
    assert pages == 20 == pdf_pages(pdf)
    text = pdf_text(pdf)
    positions = [text.index(sheet.person.name) for sheet in sheets]
    assert positions == sorted(positions)  # alphabetical order


def test_a_room_without_players_still_prints(world):
    display = session_display(world.tournament.sessions.get())
    pdf, pages = sheets_render(display, display.sheets())
    assert pdf.startswith(b"%PDF") and pages == 1


# --- the referee's rulings on the printed sheet -----------------------------------


def test_the_sheet_prints_the_adjusted_etui_and_the_penalties(world, session):
    etui = enter_first_etui(world, session)
    player = seated_at(table_at(session))[0]
    record(
        world, session, "renonce_consommee", etui=etui, faulty_side="taker", public_reason="à cœur"
    )
    record(world, session, "fumer_telephone", players=[player], public_reason="téléphone en salle")
    display = session_display(session)
    text = " ".join(pdf_text(sheet_render(display, display.sheet(player.pk)).pdf).split())
    adjusted = f"{Adjustment.FORTY_SIXTY.label} ({gettext('taker at fault')})"
    assert f"{adjusted} · {fault(session, 'renonce_consommee').label} — à cœur" in text
    assert gettext("Penalties") in text
    reason = f"{fault(session, 'fumer_telephone').label} — téléphone en salle"
    assert f"{floatformat(5, 2)} · {reason}" in text
    elsewhere = display.sheet(seated_at(table_at(session, 2))[0].pk)
    other = " ".join(pdf_text(sheet_render(display, elsewhere).pdf).split())
    assert str(adjusted) not in other and gettext("Penalties") not in other


def test_the_fingerprint_follows_a_rulings_wording(world, session):
    etui = enter_first_etui(world, session)
    incident = record(world, session, "renonce_consommee", etui=etui, faulty_side="taker")
    before = printing.results_fingerprint(session_display(session))
    assert printing.results_fingerprint(session_display(session)) == before
    Incident.objects.filter(pk=incident.pk).update(public_reason="renonce à cœur")
    assert printing.results_fingerprint(session_display(session)) != before
