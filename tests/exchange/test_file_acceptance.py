"""Acceptance: a 7-table tournament file (28 players, 7 positions, every étui scored, some
as the deal's details, one penalty) imported with `manage.py import_tournament` gives the
same ranking on the results page, in the PDF and in the Excel file; exported with
`manage.py export_results` and imported again, it gives identical results. With a
neutralised étui, a 40/60 and a late arrival, the same holds, adjusted notes included."""

import json
import re
from html.parser import HTMLParser
from io import BytesIO, StringIO

import pytest
from django.core.management import call_command
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.translation import gettext
from openpyxl import load_workbook

from apps.core.numbers import decimals_rounded
from apps.penalties.domain.effects import lateness_penalty
from apps.results.exports import ETUI_HEADERS, RANKING_HEADERS
from apps.results.printing import ruling_text
from apps.results.selectors import session_display, session_results
from apps.scoring.domain.deal import Deal, duplicate_score
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Session, Tournament
from tests.builders import held_elsewhere
from tests.exchange.tournament_file_data import comparable, document_build, licences_of
from tests.pdf import pdf_text

pytestmark = pytest.mark.django_db

LICENCE = re.compile(r"^\d{7}$")


def command(name: str, *args) -> str:
    out = StringIO()
    call_command(name, *args, stdout=out)
    return out.getvalue()


def imported(path, club) -> Session:
    output = command("import_tournament", str(path), "--club", club.number)
    return Tournament.objects.get(pk=int(output.splitlines()[-1])).sessions.get()


def exported(session: Session, format: str, tmp_path) -> bytes:
    target = tmp_path / f"export-{session.pk}.{format}"
    command("export_results", str(session.tournament_id), "--format", format, "--output", target)
    return target.read_bytes()


@pytest.fixture
def document():
    return document_build(7, deal_every=3, penalties=(("E5", 1.5, "retard"),))


@pytest.fixture
def session(world, document, tmp_path):
    path = tmp_path / "tournoi.json"
    path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    return imported(path, world.club)


def ranking(session: Session, alternate: bool = False) -> list[tuple[int, str]]:
    """(rank, licence) in the order of the ranking, as the results compute it."""
    licences = licences_of(session)
    players = session_results(session).players
    if alternate:
        players = sorted(players, key=lambda player: player.rank_alternate)
    return [
        (player.rank_alternate if alternate else player.rank, licences[player.player])
        for player in players
    ]


def finals(session: Session) -> dict[str, str]:
    """{licence: the final percentage as printed}."""
    licences = licences_of(session)
    return {
        licences[player.player]: floatformat(player.final, 2)
        for player in session_results(session).players
    }


def test_the_file_is_a_whole_finished_tournament(session, document):
    assert session.tournament.status == Status.FINISHED
    assert session.tournament.registrations.count() == 28
    results = session_results(session)
    assert results.missing == 0
    assert len(results.notes) == 7 * 7 * 4 == len(document["results"])
    assert sum(1 for result in document["results"] if "deal" in result) == 66
    ranks = [player.rank for player in results.players]
    assert ranks == sorted(ranks) and ranks[0] == 1


def test_the_penalty_is_taken_off_the_players_percentage(session, tmp_path):
    players = json.loads(exported(session, "json", tmp_path))["players"]
    (e5,) = [player for player in players if player["id"] == "E5"]
    assert e5["penalty"] == 1.5
    assert e5["final"] == pytest.approx(e5["global"] - 1.5, abs=0.01)


# --- the results page --------------------------------------------------------------


class RankingTable(HTMLParser):
    """The cells of the table marked data-test="ranking"."""

    def __init__(self):
        super().__init__()
        self.rows: list[list[str]] = []
        self.inside = self.cell = False

    def handle_starttag(self, tag, attrs):
        if tag == "table" and ("data-test", "ranking") in attrs:
            self.inside = True
        elif self.inside and tag == "tr":
            self.rows.append([])
        elif self.inside and tag in ("td", "th"):
            self.rows[-1].append("")
            self.cell = True

    def handle_endtag(self, tag):
        if tag == "table":
            self.inside = False
        elif tag in ("td", "th"):
            self.cell = False

    def handle_data(self, data):
        if self.inside and self.cell:
            self.rows[-1][-1] += data.strip()


def page_rows(client, session: Session, alternate: bool = False) -> list[dict[str, str]]:
    url = reverse("results:session", args=[session.pk])
    response = client.get(url, {"classement": "alterne"} if alternate else {})
    assert response.status_code == 200
    table = RankingTable()
    table.feed(response.content.decode())
    header, *rows = table.rows
    return [dict(zip(header, row, strict=True)) for row in rows]


def test_the_results_page_shows_the_same_ranking(world, session, client):
    rows = page_rows(client, session)  # a finished tournament's results are public
    rank, licence = gettext("Rank"), gettext("Licence")
    # A shared rank reads « 2 ex æquo »: the number comes first.
    assert [(int(row[rank].removesuffix("ex æquo")), row[licence]) for row in rows] == ranking(
        session
    )
    column = gettext("Final percentage")
    assert {row[licence]: row[column] for row in rows} == finals(session)


# --- the PDF -----------------------------------------------------------------------


def pdf_rankings(pdf: bytes) -> tuple[list[tuple[int, str, str]], list[tuple[int, str, str]]]:
    """(rank, licence, final %) of the general and of the alternate ranking's lines."""
    text = pdf_text(pdf)
    general, _sep, rest = text.partition(gettext("Alternate ranking"))
    alternate = rest.partition(gettext("Topage of the étuis"))[0]

    def lines(part: str) -> list[tuple[int, str, str]]:
        found = []
        for line in part.splitlines():
            words = line.split()
            licences = [word for word in words if LICENCE.match(word)]
            if words and words[0].isdigit() and licences:
                found.append((int(words[0]), licences[0], words[-2]))
        return found

    return lines(general), lines(alternate)


@pytest.mark.slow
def test_the_pdf_shows_the_same_rankings(session, tmp_path):
    general, alternate = pdf_rankings(exported(session, "pdf", tmp_path))
    assert [(rank, licence) for rank, licence, _final in general] == ranking(session)
    assert [(rank, licence) for rank, licence, _final in alternate] == ranking(
        session, alternate=True
    )
    assert {licence: final for _rank, licence, final in general} == finals(session)


# --- the Excel file ----------------------------------------------------------------


def test_the_excel_file_shows_the_same_ranking(session, tmp_path):
    book = load_workbook(BytesIO(exported(session, "xlsx", tmp_path)), read_only=True)
    header, *rows = book.worksheets[0].values
    columns = {str(name): index for index, name in enumerate(RANKING_HEADERS)}
    assert list(header) == list(columns)

    def cell(row, name):
        return row[columns[str(name)]]

    rank, licence, final = (str(RANKING_HEADERS[i]) for i in (0, 3, 10))
    assert [(cell(row, rank), cell(row, licence)) for row in rows] == ranking(session)
    licences = licences_of(session)
    expected = {
        licences[p.player]: decimals_rounded(p.final, 2)  # as the page shows it
        for p in session_results(session).players
    }
    assert {cell(row, licence): cell(row, final) for row in rows} == expected


# --- export, then import -----------------------------------------------------------


def test_export_then_import_gives_identical_results(world, session, tmp_path):
    first = exported(session, "json", tmp_path)
    path = tmp_path / "export.json"
    path.write_bytes(first)
    held_elsewhere(session.tournament)
    again = imported(path, world.club)
    assert again.tournament_id != session.tournament_id
    assert comparable(again) == comparable(session)
    assert json.loads(exported(again, "json", tmp_path)) == json.loads(first)


# --- adjusted scores, penalties and a late arrival ---------------------------------

LATE_MINUTES = 12


@pytest.fixture
def adjusted_document():
    """A penalty, a late arrival, a neutralised étui 4 at table 2 and a 40/60 on étui 9 at
    table 3 (the taker at fault, with the étui's best score)."""
    document = document_build(
        7,
        penalties=(("S3", 0.5, "lenteur"), ("E5", lateness_penalty(LATE_MINUTES), "retard")),
        adjustments=(
            {"etui": 4, "table": 2, "kind": "neutralized"},
            {"etui": 9, "table": 3, "kind": "40_60", "faulty": "taker"},
        ),
    )
    order = {4: [1, 3, 4, 5, 6, 7], 9: [1, 2, 4, 5, 6, 7, 3]}  # worst score first
    for result in document["results"]:
        if result["etui"] in order:
            result.pop("deal", None)
            rank = order[result["etui"]].index(result["table"])
            result["score"] = duplicate_score(Deal(bouts=3, points=40 + 5 * rank))
    return document


@pytest.fixture
def adjusted(world, adjusted_document, tmp_path):
    path = tmp_path / "ajuste.json"
    path.write_text(json.dumps(adjusted_document, ensure_ascii=False), encoding="utf-8")
    return imported(path, world.club)


def test_adjusted_scores_and_penalties_give_the_ranking_everywhere(
    world, adjusted, client, tmp_path
):
    assert lateness_penalty(LATE_MINUTES) == 1.5
    results = session_results(adjusted)
    assert results.missing == 0 and adjusted.tournament.status == Status.FINISHED
    notes = {(n.play.etui, n.play.table): n for n in results.notes}
    # étui 9: table 3 tops the étui (100 %), the taker at fault gets 40 at most
    assert notes[9, 3].taker_note == 40.0 and notes[9, 3].defence_note == 60.0
    assert notes[9, 1].taker_note == 0.0 and notes[9, 7].taker_note == 100 * 5 / 6
    # étui 4: the neutralised play has no note and leaves the six others' topage
    assert notes[4, 2].taker_note is None and notes[4, 2].adjustment == "neutralized"
    assert [notes[4, table].taker_note for table in (1, 3, 4, 5, 6, 7)] == [
        0.0,
        20.0,
        40.0,
        60.0,
        80.0,
        100.0,
    ]
    finals_ = [player.final for player in results.players]
    assert finals_ == sorted(finals_, reverse=True)
    expected = ranking(adjusted)
    # the results page
    rows = page_rows(client, adjusted)
    rank, licence = gettext("Rank"), gettext("Licence")
    assert [(int(row[rank]), row[licence]) for row in rows] == expected
    assert {row[licence]: row[gettext("Final percentage")] for row in rows} == finals(adjusted)
    # the exported file
    document = json.loads(exported(adjusted, "json", tmp_path))
    assert [(p["rank"], p["licence"]) for p in document["players"]] == expected
    penalised = {p["id"]: p for p in document["players"] if p["penalty"]}
    assert {key: p["penalty"] for key, p in penalised.items()} == {"S3": 0.5, "E5": 1.5}
    for player in penalised.values():
        assert player["final"] == pytest.approx(player["global"] - player["penalty"], abs=0.01)
    etuis = {(e["etui"], e["table"]): e for e in document["etuis"]}
    assert etuis[9, 3]["taker_note"] == 40.0 and etuis[9, 3]["adjustment"] == "40_60"
    assert etuis[4, 2]["taker_note"] is None and etuis[4, 2]["score"] is None
    assert "adjustments" not in document  # the incidents carry them, with their faults
    assert [
        (i["etui"], i["table"], i["adjustment"], i.get("faulty")) for i in document["incidents"]
    ] == [(4, 2, "neutralized", None), (9, 3, "40_60", "taker")]
    # and imported again
    path = tmp_path / "export-ajuste.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    held_elsewhere(adjusted.tournament)
    again = imported(path, world.club)
    assert comparable(again) == comparable(adjusted)
    assert json.loads(exported(again, "json", tmp_path)) == document


@pytest.mark.slow
def test_the_pdf_and_the_excel_file_show_the_adjustments_and_penalties(adjusted, tmp_path):
    expected = ranking(adjusted)
    display = session_display(adjusted)
    licences = licences_of(adjusted)
    reasons = {licences[row.result.player]: row.penalty_reasons for row in display.general}
    given = sorted(text for text in reasons.values() if text)
    assert len(given) == 2 and "lenteur" in " ".join(given) and "retard" in " ".join(given)
    rulings = {
        (line.note.play.etui, line.note.play.table): ruling_text(line.ruling)
        for sheet in display.etuis()
        for line in sheet.lines
        if line.ruling
    }
    assert set(rulings) == {(4, 2), (9, 3)}
    # the PDF: both rankings as computed, the adjusted plays and the penalties' reasons
    pdf = exported(adjusted, "pdf", tmp_path)
    general, alternate = pdf_rankings(pdf)
    assert [(rank, licence) for rank, licence, _final in general] == expected
    assert [(rank, licence) for rank, licence, _final in alternate] == ranking(
        adjusted, alternate=True
    )
    assert {licence: final for _rank, licence, final in general} == finals(adjusted)
    text = " ".join(pdf_text(pdf).split())
    first, _sep, rest = text.partition(gettext("Alternate ranking"))
    topage = rest.partition(gettext("Topage of the étuis"))[2]
    assert gettext("Penalties") in first
    for row in display.general:
        for ruling in row.penalties:
            assert f"{floatformat(ruling.percent, 2)} · {ruling.text}" in first
    for ruling in rulings.values():
        assert ruling in topage
    # the Excel file: the ranking with the penalties' reasons, the étuis with adjustments
    book = load_workbook(BytesIO(exported(adjusted, "xlsx", tmp_path)), read_only=True)
    header, *rows = book.worksheets[0].values
    assert list(header) == [str(name) for name in RANKING_HEADERS]
    padded = [(*row, *[None] * (len(header) - len(row))) for row in rows]
    assert [(row[0], row[3]) for row in padded] == expected
    assert {row[3]: row[-1] or "" for row in padded} == reasons
    header, *rows = book.worksheets[1].values
    assert list(header) == [str(name) for name in ETUI_HEADERS]
    adjusted_rows = {(row[0], row[3]): row[-1] for row in rows if len(row) == len(header)}
    assert {key: value for key, value in adjusted_rows.items() if value} == rulings
