"""Acceptance: a 7-table tournament file (28 players, 7 positions, every étui scored, some
as the deal's details, one penalty) imported with `manage.py import_tournament` gives the
same ranking on the results page, in the PDF and in the Excel file; exported with
`manage.py export_results` and imported again, it gives identical results."""

import json
import re
import shutil
import subprocess
from html.parser import HTMLParser
from io import BytesIO, StringIO

import pytest
from django.core.management import call_command
from django.template.defaultfilters import floatformat
from django.urls import reverse
from django.utils.translation import gettext
from openpyxl import load_workbook

from apps.scoring.exports import RANKING_HEADERS
from apps.scoring.selectors import session_results
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Session, Tournament
from tests.scoring.tournament_file_data import comparable, document_build, licences_of

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
    assert [(int(row[rank]), row[licence]) for row in rows] == ranking(session)
    column = gettext("Final percentage")
    assert {row[licence]: row[column] for row in rows} == finals(session)


# --- the PDF -----------------------------------------------------------------------


def pdf_rankings(pdf: bytes) -> tuple[list[tuple[int, str, str]], list[tuple[int, str, str]]]:
    """(rank, licence, final %) of the general and of the alternate ranking's lines."""
    text = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=pdf, capture_output=True, check=True
    ).stdout.decode()
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


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="no poppler-utils")
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
    expected = {licences[p.player]: p.final for p in session_results(session).players}
    assert {cell(row, licence): cell(row, final) for row in rows} == pytest.approx(expected)


# --- export, then import -----------------------------------------------------------


def test_export_then_import_gives_identical_results(world, session, tmp_path):
    first = exported(session, "json", tmp_path)
    path = tmp_path / "export.json"
    path.write_bytes(first)
    again = imported(path, world.club)
    assert again.tournament_id != session.tournament_id
    assert comparable(again) == comparable(session)
    assert json.loads(exported(again, "json", tmp_path)) == json.loads(first)
