"""`manage.py import_tournament` and `manage.py export_results`, through call_command and
as real processes."""

import json
import os
import subprocess
import sys
from decimal import Decimal
from io import BytesIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import CommandError
from django.db import connection
from django.utils.translation import gettext
from openpyxl import load_workbook

from apps.exchange.services import tournament_file_export
from apps.federation.models import Licensee
from apps.penalties.models import Incident
from apps.penalties.selectors import catalogue_for
from apps.tournaments.models import Tournament
from tests import factories as f
from tests.exchange.commands import export_results, import_tournament
from tests.exchange.tournament_file_data import document_build

pytestmark = pytest.mark.django_db


@pytest.fixture
def file(tmp_path):
    def _write(document: dict) -> str:
        path = tmp_path / "tournoi.json"
        path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
        return str(path)

    return _write


# --- import ------------------------------------------------------------------------


def test_the_last_line_is_the_new_tournaments_id(world, file):
    tournament, lines = import_tournament(file(document_build(5)), "--club", world.club.number)
    assert tournament.club == world.club
    assert len(lines) == 2
    assert tournament.name in lines[0]


def test_the_club_may_come_from_the_file(world, file):
    tournament, _lines = import_tournament(file(document_build(5, club=world.other_club.number)))
    assert tournament.club == world.other_club


def test_the_only_club_of_the_database_is_the_default(file):
    club = f.ClubFactory()
    tournament, _lines = import_tournament(file(document_build(5)))
    assert tournament.club == club


def test_without_a_club_among_several_the_command_says_so(world, file):
    with pytest.raises(CommandError) as caught:
        import_tournament(file(document_build(5)))
    assert gettext("Give the number of the organising club.") in str(caught.value)
    with pytest.raises(CommandError, match="999"):
        import_tournament(file(document_build(5)), "--club", "999")
    assert not Tournament.objects.filter(name="Open de la Saint-Martin").exists()


def test_a_bad_file_is_refused_with_every_reason_and_nothing_written(world, file):
    document = document_build(5)
    document["players"][0]["licence"] = "abc"
    document["results"][2]["etui"] = 99
    licensees = Licensee.objects.count()
    with pytest.raises(CommandError) as caught:
        import_tournament(file(document), "--club", world.club.number)
    lines = str(caught.value).splitlines()
    assert lines[0] == gettext("Nothing was imported.")
    assert [line.split(" : ")[0] for line in lines[1:]] == ["players[0].licence", "results[2]"]
    assert Licensee.objects.count() == licensees
    assert not Tournament.objects.filter(name="Open de la Saint-Martin").exists()


def test_an_unreadable_file_is_refused(world, tmp_path):
    with pytest.raises(CommandError):
        import_tournament(str(tmp_path / "absent.json"))
    (tmp_path / "bad.json").write_bytes(b"[1, 2")
    with pytest.raises(CommandError, match=gettext("Nothing was imported.")):
        import_tournament(str(tmp_path / "bad.json"))


# --- export ------------------------------------------------------------------------


@pytest.fixture
def tournament(world, file):
    return import_tournament(file(document_build(5)), "--club", world.club.number)[0]


def test_json_goes_to_standard_output(tournament):
    exported = json.loads(export_results(str(tournament.pk), "--format", "json"))
    assert exported == tournament_file_export(tournament.sessions.get())


def test_the_referees_notes_are_written_only_when_asked(tournament):
    session = tournament.sessions.get()
    late = Incident.objects.create(
        session=session,
        fault=catalogue_for(tournament).faults.get(code="retard"),
        note="arrivé sans s'excuser",
        public_reason="retard",
        penalty_percent=Decimal("1.5"),
    )
    late.players.set([tournament.registrations.order_by("pk").first()])
    public = json.loads(export_results(str(tournament.pk), "--format", "json"))
    assert public["incidents"][-1]["public_reason"] == "retard"
    assert "note" not in public["incidents"][-1]
    assert "sans s'excuser" not in json.dumps(public, ensure_ascii=False)
    private = json.loads(export_results(str(tournament.pk), "--format", "json", "--notes-arbitre"))
    assert private["incidents"][-1]["note"] == "arrivé sans s'excuser"


def test_xlsx_and_pdf_go_to_the_output_file(tournament, tmp_path):
    for format, magic in (("xlsx", b"PK"), ("pdf", b"%PDF"), ("json", b"{")):
        target = tmp_path / f"resultats.{format}"
        assert export_results(str(tournament.pk), "--format", format, "--output", str(target)) == ""
        assert target.read_bytes().startswith(magic)
    book = load_workbook(BytesIO((tmp_path / "resultats.xlsx").read_bytes()), read_only=True)
    assert len(list(book.worksheets[0].values)) == 1 + 20


def test_binary_output_needs_a_binary_stream_or_a_file(tournament):
    with pytest.raises(CommandError, match="--output"):
        export_results(str(tournament.pk), "--format", "pdf")


def test_an_unknown_tournament_or_session_is_refused(world, tournament):
    with pytest.raises(CommandError):
        export_results(str(tournament.pk), "--format", "json", "--session", "2")
    with pytest.raises(CommandError):
        export_results("0", "--format", "json")
    # a session without movement
    with pytest.raises(CommandError):
        export_results(str(world.tournament.pk), "--format", "json")


# --- real processes ----------------------------------------------------------------


def run(*args) -> subprocess.CompletedProcess:
    """manage.py in a process of its own, on the test database."""
    db = connection.settings_dict
    auth = f"{db['USER']}:{db['PASSWORD']}" if db["PASSWORD"] else db["USER"]
    url = f"postgres://{auth}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"
    env = {**os.environ, "DATABASE_URL": url}
    manage = Path(settings.BASE_DIR) / "manage.py"
    return subprocess.run(
        [sys.executable, str(manage), *args], capture_output=True, env=env, timeout=120
    )


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="a process reaches PostgreSQL")
def test_the_commands_as_processes(world, file, tmp_path):
    path = file(document_build(5))
    done = run("import_tournament", path, "--club", world.club.number)
    assert done.returncode == 0, done.stderr.decode()
    tournament = Tournament.objects.get(pk=int(done.stdout.decode().splitlines()[-1]))
    assert tournament.club == world.club

    pdf = run("export_results", str(tournament.pk), "--format", "pdf")
    assert pdf.returncode == 0, pdf.stderr.decode()
    assert pdf.stdout.startswith(b"%PDF")
    exported = run("export_results", str(tournament.pk), "--format", "json")
    assert json.loads(exported.stdout) == tournament_file_export(tournament.sessions.get())

    document = document_build(5)
    document["results"][0]["table"] = 42
    refused = run("import_tournament", file(document), "--club", world.club.number)
    assert refused.returncode != 0
    assert "results[0]" in refused.stderr.decode()
    assert refused.stdout == b""
    assert Tournament.objects.filter(name="Open de la Saint-Martin").count() == 1
