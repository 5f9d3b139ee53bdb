"""3x4 parallel Howell (fascicule 3, ch. 3): étuis 25 to 32 duplicate étuis 1 to 8 and
are topped with them, but keep their own number — an adjusted score recorded on one of
them reaches the results, and the feuilles de route name the étui played. In a Howell the
players change orientation: there is no line, so no alternate ranking anywhere."""

from io import BytesIO

import pytest
from django.urls import reverse
from django.utils.translation import gettext
from openpyxl import load_workbook

from apps.movements import services as movements
from apps.movements.models import MovementTable
from apps.penalties.domain.effects import AdjustmentKind
from apps.results.exports import results_pdf, results_xlsx
from apps.results.selectors import session_display, session_results
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests.builders import advance_to, enter_all, played, record, seated_at
from tests.factories import register
from tests.pdf import pdf_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def movement(world):
    register(world.tournament, 48)
    session = world.tournament.sessions.get()
    movement = movements.movement_generate(
        actor=world.referee, session=session, tables=12, type="howell", seed=1
    )
    movement = advance_to(world, movement, movement.positions)
    enter_all(world, movement)
    return movement


def _table_with_a_duplicate(movement) -> MovementTable:
    tables = MovementTable.objects.filter(movement=movement, position__gte=1).order_by("pk")
    return next(table for table in tables if max(table.etuis) >= 25)


def test_an_adjusted_score_on_etuis_25_to_32_reaches_the_results(world, movement):
    table = _table_with_a_duplicate(movement)
    etui = max(table.etuis)
    record(
        world,
        movement.session,
        "renonce_consommee",
        table=table,
        etui=etui,
        faulty_side="taker",
        players=seated_at(table)[:1],
    )
    results = session_results(movement.session)
    adjusted = [n for n in results.notes if n.adjustment]
    assert [(n.play.section, n.play.table, n.play.etui) for n in adjusted] == [
        (table.section, table.table, etui)
    ]
    assert adjusted[0].adjustment == AdjustmentKind.FORTY_SIXTY
    assert adjusted[0].taker_note <= 40


def test_etuis_25_to_32_are_topped_with_1_to_8(world, movement):
    results = session_results(movement.session)
    by_deal = {}
    for note in results.notes:
        by_deal.setdefault(note.play.deal_number, set()).add(note.play.etui)
    assert {deal: etuis for deal, etuis in by_deal.items() if len(etuis) > 1} == {
        deal: {deal, deal + 24} for deal in range(1, 9)
    }
    sheets = session_display(movement.session).etuis()
    assert [sheet.etui for sheet in sheets][:8] == list(range(1, 9))
    assert {line.note.play.etui for line in sheets[0].lines} == {1, 25}


def test_the_feuille_de_route_names_the_etui_played(world, movement):
    table = _table_with_a_duplicate(movement)
    player = seated_at(table)[0]
    sheet = session_display(movement.session).sheet(player.pk)
    played = {row.line.etui for row in sheet.rows}
    assert set(table.etuis) <= played
    assert max(played) >= 25


# --- Howell: players change orientation, so no line and no alternate ranking ---------


def test_a_howell_session_has_no_line_and_no_alternate_ranking(world, movement):
    results = session_results(movement.session)
    ranked = [p for p in results.players if p.rank is not None]
    assert ranked and all(p.line is None and p.rank_alternate is None for p in ranked)
    display = session_display(movement.session)
    assert not display.has_alternate


@pytest.mark.slow
def test_no_page_or_file_shows_an_alternate_ranking_for_a_howell(world, login, movement):
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.FINISHED)
    session = movement.session
    client = login(world.referee)
    page = client.get(reverse("results:session", args=[session.pk])).content.decode()
    assert 'data-test="alternate-tab"' not in page
    asked = client.get(reverse("results:session", args=[session.pk]), {"classement": "alterne"})
    assert asked.context["alternate"] is False
    player = seated_at(_table_with_a_duplicate(movement))[0]
    sheet = client.get(reverse("results:sheet", args=[session.pk, player.pk])).content.decode()
    assert 'data-test="sheet-alternate"' not in sheet
    text = pdf_text(results_pdf(session))
    assert gettext("General ranking") in text and gettext("Alternate ranking") not in text
    book = load_workbook(BytesIO(results_xlsx(session)))
    ranking = list(book[gettext("Ranking")].values)
    column = ranking[0].index(str(gettext("Alternate rank")))
    assert all(row[column] is None for row in ranking[1:])


def test_an_en_ligne_session_keeps_its_alternate_ranking(world):
    movement = played(world)
    enter_all(world, movement)
    display = session_display(movement.session)
    assert display.has_alternate
    assert gettext("Alternate ranking") in pdf_text(results_pdf(movement.session))
