"""The exports of a session's results: the PDF (rankings and topage sheets, A4 pages) and
the Excel workbook read back with openpyxl, on the regulation's 5-table example."""

import re
from io import BytesIO

import pytest
from django.template.defaultfilters import floatformat
from django.utils.translation import gettext
from openpyxl import load_workbook

from apps.core.numbers import decimals_rounded
from apps.federation.models import Club, Licensee
from apps.penalties.models import Adjustment
from apps.results.exports import ETUI_HEADERS, RANKING_HEADERS, results_pdf, results_xlsx
from apps.results.selectors import session_display
from tests.builders import ETUI_1, enter, enter_all, fault, played, record, seated_at, table_at
from tests.pdf import french, pdf_pages, pdf_painted_grids, pdf_text

pytestmark = pytest.mark.django_db


@pytest.fixture
def session(world):
    movement = played(world)
    enter(world, movement, 1, [score for _p, _t, score, _a, _d in ETUI_1])
    return movement.session


def test_the_pdf_holds_both_rankings_and_every_etui(world, session):
    pdf = results_pdf(session)
    assert pdf.startswith(b"%PDF")
    # General and alternate ranking, a page each; 20 étuis of 5 plays, 7 a page.
    assert pdf_pages(pdf) == 5
    text = pdf_text(pdf)
    for heading in ("General ranking", "Alternate ranking", "Topage of the étuis"):
        assert gettext(heading) in text
    missing = gettext("Plays still to be entered: %(missing)s of %(plays)s") % {
        "missing": 95,
        "plays": 100,
    }
    assert missing.replace("\xa0", " ") in text


def test_the_pdf_prints_the_regulations_topage(world, session):
    text = pdf_text(results_pdf(session))
    display = session_display(session)
    for line, (position, table, score, attack, defence) in zip(
        display.etuis()[0].lines, ETUI_1, strict=True
    ):
        cells = [str(position), str(table), *line.taker.name.split(), str(score)]
        cells += [french(attack), french(defence)]
        assert re.search(r"\s+".join(map(re.escape, cells)), text)


def test_the_workbook_has_a_ranking_and_an_etuis_sheet(world, session):
    book = load_workbook(BytesIO(results_xlsx(session)), read_only=True)
    assert book.sheetnames == [gettext("Ranking"), gettext("Étuis")]
    ranking = list(book[gettext("Ranking")].values)
    assert list(ranking[0]) == [str(header) for header in RANKING_HEADERS]
    display = session_display(session)
    assert len(ranking) == 1 + len(display.general)
    for row, shown in zip(ranking[1:], display.general, strict=True):
        assert row[:4] == (
            shown.result.rank,
            shown.result.rank_alternate,
            shown.person.name,
            shown.person.licence,
        )
        assert row[8] == pytest.approx(shown.result.overall)
    top = ranking[1]
    assert (top[0], top[6], top[8]) == (1, 100.0, 100.0)


def test_the_etuis_sheet_lists_every_play_with_its_notes(world, session):
    book = load_workbook(BytesIO(results_xlsx(session)), read_only=True)
    rows = list(book[gettext("Étuis")].values)
    assert list(rows[0]) == [str(header) for header in ETUI_HEADERS]
    assert len(rows) == 1 + 100  # 20 étuis played at 5 tables
    etui_1 = [(row[2], row[3], row[7], row[8], row[9]) for row in rows[1:6]]
    assert etui_1 == ETUI_1
    assert rows[6][7] is None and rows[6][8] is None  # not entered yet


def test_percentages_show_two_decimals_in_the_workbook(world, session):
    enter_all(world, session.movement)
    book = load_workbook(BytesIO(results_xlsx(session)))
    ranking = book[gettext("Ranking")]
    assert {ranking.cell(row=2, column=column).number_format for column in range(7, 12)} == {"0.00"}
    assert ranking.cell(row=2, column=1).number_format == "General"


def test_percentages_hold_what_the_page_shows(world, session):
    """A cell holds the percentage rounded as the page writes it (68.13, not 68.125)."""
    enter_all(world, session.movement)
    book = load_workbook(BytesIO(results_xlsx(session)), read_only=True)
    rows = list(book[gettext("Ranking")].values)[1:]
    shown = session_display(session).general
    overall = [(row[8], player.result.overall) for row, player in zip(rows, shown, strict=True)]
    assert all(cell == decimals_rounded(exact, 2) for cell, exact in overall)
    assert any(cell != exact for cell, exact in overall)  # some had more decimals
    assert all(round(value, 2) == value for row in rows for value in row[6:11] if value)


def test_a_name_that_looks_like_a_formula_stays_text_in_the_public_workbook(world, session):
    """A licensee named « =HYPERLINK(…) » must not become a live formula in resultats.xlsx."""
    formula = '=HYPERLINK("http://example.org";"Résultats")'
    registration = session.tournament.registrations.order_by("pk").first()
    Licensee.objects.filter(pk=registration.licensee_id).update(last_name=formula)
    Club.objects.filter(pk=world.club.pk).update(name="@club")
    book = load_workbook(BytesIO(results_xlsx(session)))
    cells = [cell for row in book[gettext("Ranking")].iter_rows() for cell in row]
    texts = [cell for cell in cells if isinstance(cell.value, str)]
    assert any(formula.upper() in cell.value for cell in texts)  # names show in capitals
    assert all(cell.data_type == "s" for cell in texts)
    assert not [cell for cell in cells if cell.data_type == "f"]
    assert all(cell.quotePrefix for cell in texts if cell.value.startswith(("=", "@")))


# --- the referee's rulings ---------------------------------------------------------


@pytest.fixture
def ruled(world, session):
    """A 40/60 on the first étui at table 1 and a penalty with its reason."""
    etui = table_at(session).etuis[0]
    player = seated_at(table_at(session))[0]
    record(
        world, session, "renonce_consommee", etui=etui, faulty_side="taker", public_reason="à cœur"
    )
    record(world, session, "fumer_telephone", players=[player], public_reason="téléphone en salle")
    adjusted = f"{Adjustment.FORTY_SIXTY.label} ({gettext('taker at fault')})"
    ruling = f"{adjusted} · {fault(session, 'renonce_consommee').label} — à cœur"
    reason = f"{fault(session, 'fumer_telephone').label} — téléphone en salle"
    return session, player, ruling, reason


def test_the_pdf_shows_the_adjusted_play_and_the_penalties(world, ruled):
    session, player, ruling, reason = ruled
    text = pdf_text(results_pdf(session))
    general, _sep, rest = text.partition(gettext("Alternate ranking"))
    topage = rest.partition(gettext("Topage of the étuis"))[2]
    assert ruling in " ".join(topage.split())
    assert gettext("Penalties") in general
    assert f"{floatformat(5, 2)} · {reason}" in " ".join(general.split())
    assert session_display(session).sheet(player.pk).person.name in general


@pytest.mark.parametrize(("page", "rules"), [(0, 11), (2, 7)])
def test_every_reader_draws_the_pdfs_column_rules(world, ruled, page, rules):
    """The general ranking's 10 columns and the topage's 6 (its first étui with a ruling
    under a line), as pdfium paints them: no filled area, a thin line at every column's
    edges (CSS gradients were a black block over the last column)."""
    assert pdf_painted_grids(results_pdf(ruled[0]), page=page) == (False, rules)


def last(row: tuple, headers: list):
    """The last column's value (a read-only sheet leaves out a row's empty last cells)."""
    return row[len(headers) - 1] if len(row) == len(headers) else None


def test_the_workbook_gives_the_adjustment_and_the_penalty_reasons(world, ruled):
    session, player, ruling, reason = ruled
    book = load_workbook(BytesIO(results_xlsx(session)), read_only=True)
    header, *ranking = book[gettext("Ranking")].values
    assert header[-1] == gettext("Penalty reasons")
    reasons = {row[2]: last(row, RANKING_HEADERS) for row in ranking}
    display = session_display(session)
    assert reasons[display.sheet(player.pk).person.name].endswith(f"{floatformat(5, 2)} : {reason}")
    assert reasons == {row.person.name: row.penalty_reasons or None for row in display.general}
    header, *etuis = book[gettext("Étuis")].values
    assert header[-1] == gettext("Adjustment")
    adjusted = [row for row in etuis if last(row, ETUI_HEADERS)]
    assert [(row[0], row[3], row[-1]) for row in adjusted] == [(etuis[0][0], 1, ruling)]
