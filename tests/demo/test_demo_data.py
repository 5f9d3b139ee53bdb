"""`manage.py demo_data` shows a newcomer everything at once: a finished tournament with
results and awards, a tournament in play at position 3 with table entry on, a
championship stage and a published national ranking; and it runs twice without making
anything twice."""

import re
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.urls import reverse

from apps.approvals.domain.chain import Level
from apps.approvals.models import Homologation
from apps.awards.models import Award, AwardSet
from apps.competitions.models import Stage
from apps.demo.builders import FINISHED_NAME, IN_PLAY_NAME, PREVIOUS_NAME, STAGE_NAME
from apps.federation.models import Season
from apps.movements.models import MovementTable, SessionMovement
from apps.rankings.models import Publication, RankingRun
from apps.scoring.models import Play
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Tournament
from config.served_address import ServedAddress

pytestmark = pytest.mark.django_db


@pytest.fixture
def output() -> str:
    """The demo data loaded; what the command printed."""
    out = StringIO()
    call_command("demo_data", stdout=out)
    return out.getvalue()


def _lines(movement: SessionMovement, sequence: int) -> tuple[int, int]:
    """(lines, lines with a score) of the position played `sequence`-th."""
    tables = MovementTable.objects.filter(movement=movement, sequence=sequence)
    lines = sum(len(table.etuis) for table in tables)
    scored = Play.objects.filter(table__in=tables, score__isnull=False).count()
    return lines, scored


def test_the_finished_tournament_is_approved_with_its_results_and_awards(output, client):
    tournament = Tournament.objects.get(name=FINISHED_NAME)
    assert tournament.status == Status.APPROVED
    assert Homologation.objects.get(tournament=tournament).level == Level.APPROVED
    movement = SessionMovement.objects.get(session__tournament=tournament)
    assert movement.current_position == movement.positions
    assert all(
        _lines(movement, sequence)[0] == _lines(movement, sequence)[1] > 0
        for sequence in range(1, movement.positions + 1)
    )
    assert AwardSet.objects.get(tournament=tournament).state == AwardSet.State.DONE
    assert Award.objects.filter(award_set__tournament=tournament, pcn__gt=0).exists()
    results = client.get(reverse("results:tournament", args=[tournament.pk]), follow=True)
    assert results.status_code == 200


def test_the_tournament_in_play_is_at_position_3_with_table_entry_on(output, client):
    movement = SessionMovement.objects.select_related("session__tournament").get(
        session__tournament__name=IN_PLAY_NAME
    )
    tournament = movement.session.tournament
    assert tournament.status == Status.RUNNING
    assert Registration.objects.filter(tournament=tournament).count() == 20
    assert tournament.referee_assignments.filter(referee__username="arbitre").exists()
    assert (movement.tables, movement.current_position, movement.table_entry) == (5, 3, True)
    for sequence in (1, 2):
        lines, scored = _lines(movement, sequence)
        assert lines == scored == 20
    lines, scored = _lines(movement, 3)
    assert 0 < scored < lines
    code = movement.table_codes.get(table=1).code
    page = client.get(reverse("scoring:table_page", args=[code]))
    assert page.status_code == 200
    assert f"/table/{code}/" in output


def test_a_championship_stage_of_the_demo_committee(output, client):
    stage = Stage.objects.select_related("committee", "competition__season").get(name=STAGE_NAME)
    assert stage.committee.name == "Comité Rhône-Alpes"
    assert stage.competition.season.is_current
    assert stage.approved_at is not None
    assert client.get(reverse("competitions:stage", args=[stage.pk])).status_code == 200


def test_the_national_ranking_of_the_season_is_published(output, client):
    season = Season.objects.get(is_current=True)
    publication = Publication.objects.get(season=season)
    finished = Tournament.objects.get(name=FINISHED_NAME)
    awarded = set(
        Award.objects.filter(award_set__tournament=finished, pcn__gt=0).values_list(
            "licensee_id", flat=True
        )
    )
    rows = publication.run.rows.select_related("licensee")
    assert {row.licensee_id for row in rows} == awarded
    assert publication.run.players == len(rows) > 0
    page = client.get(reverse("rankings:index"), follow=True)
    assert page.status_code == 200
    assert all(row.licensee.full_name in page.content.decode() for row in rows)


def test_last_season_gives_the_players_chart_two_points(output, client):
    """A file from other software approved last season, and that season's ranking
    published: the player's chart across seasons has a point for each."""
    current = Season.objects.get(is_current=True)
    previous = Season.objects.get(start_year=current.start_year - 1)
    received = Homologation.objects.get(name=PREVIOUS_NAME)
    assert (received.external, received.level) == (True, Level.APPROVED)
    assert Publication.objects.get(season=previous).run.players == 16
    page = client.get(reverse("rankings:player", args=["1001001"])).content.decode()
    chart = page[page.index('data-test="chart"') : page.index("</svg>")]
    assert chart.count('class="pcn-dot"') == 2
    assert previous.span.name in chart and current.span.name in chart


def _counts() -> dict[str, int]:
    models = [Tournament, Registration, SessionMovement, Play, Award, Stage, Publication]
    models.append(Homologation)
    return {model.__name__: model.objects.count() for model in [*models, RankingRun]}


def test_running_it_twice_changes_nothing(output):
    before = _counts()
    again = StringIO()
    call_command("demo_data", stdout=again)
    assert _counts() == before
    assert again.getvalue() == output


def _addresses(printed: str) -> list[str]:
    return re.findall(r"https?://\S+", printed)


def _make_run() -> tuple[str, str]:
    """(the address `make run` serves by default, its recipe with its exports)."""
    makefile = (Path(settings.BASE_DIR) / "Makefile").read_text()
    default = re.search(r"^ADDRESS \?= (\S+)$", makefile, re.MULTILINE).group(1)
    recipe = re.search(r"^(run:.*?\n(?:run:.*\n)*(?:\t.*\n)+)", makefile, re.MULTILINE).group(1)
    return default, recipe


def test_make_run_serves_its_address_and_hands_it_to_the_settings(output):
    default, recipe = _make_run()
    assert default == "127.0.0.1:8000"
    assert "run: export RUN_ADDRESS = $(ADDRESS)\n" in recipe  # the settings derive from it
    assert "manage.py demo_data\n" in recipe
    served = re.findall(r"manage\.py runserver (\S+);", recipe)
    assert served and set(served) == {"$(ADDRESS)"}
    assert _addresses(output)
    assert all(a.startswith(f"{settings.SITE_URL}/") for a in _addresses(output))
    assert output.splitlines()[-1].endswith("make run ADDRESS=0.0.0.0:8000")


def test_it_prints_the_address_the_rooms_phones_open(output, client, settings):
    settings.RUN_ADDRESS = ServedAddress.parse("0.0.0.0:8000")
    settings.SITE_URL = "http://192.168.1.20:8000"  # the laptop's on the local network
    printed = StringIO()
    call_command("demo_data", stdout=printed)
    addresses = _addresses(printed.getvalue())
    assert len(addresses) == len(_addresses(output))
    assert printed.getvalue().splitlines()[-1] == (
        "Téléphones de la salle : ouvrez http://192.168.1.20:8000/"
    )
    for address in addresses:
        assert address.startswith("http://192.168.1.20:8000/")
        path = address.removeprefix("http://192.168.1.20:8000")
        assert client.get(path, follow=True).status_code == 200
