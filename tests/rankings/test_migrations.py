"""Changes published before the PP and the tournaments were kept with them get their PP
from the two lists' rows and their reasons as causes without a link."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("rankings", "0007_series_names")]
AFTER = [("rankings", "0008_change_pp_and_causes")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_changes_published_before_get_their_pp_and_causes(world):
    old = _migrate(BEFORE)
    Season = old.get_model("federation", "Season")
    Run = old.get_model("rankings", "RankingRun")
    Row = old.get_model("rankings", "RankingRow")
    Publication = old.get_model("rankings", "Publication")
    Change = old.get_model("rankings", "PublicationChange")
    User = old.get_model("accounts", "User")
    staff = User.objects.get(pk=world.federation_staff.pk)
    season = Season.objects.create(start_year=2031)
    publications = []
    for pp in (10, 25):
        run = Run.objects.create(season=season, state="done")
        Row.objects.create(
            run=run,
            licensee_id=world.licensee.pk,
            pcn=500,
            pp=pp,
            rank=1,
            committee_rank=1,
            zone_rank=1,
            tournaments=1,
            series="P",
            club_id=world.club.pk,
            committee_id=world.club.committee_id,
            zone_id=world.club.committee.zone_id,
        )
        publications.append(
            Publication.objects.create(
                season=season,
                run=run,
                previous=publications[-1] if publications else None,
                published_at="2031-10-01T20:00Z",
                published_by=staff,
            )
        )
    Change.objects.create(
        publication=publications[1],
        licensee_id=world.licensee.pk,
        pcn_before=500,
        pcn_after=500,
        reasons="Tournoi A ; Tournoi B",
    )
    new = _migrate(AFTER)
    change = new.get_model("rankings", "PublicationChange").objects.get()
    assert (change.pp_before, change.pp_after) == (10, 25)
    assert change.causes == [["Tournoi A", None], ["Tournoi B", None]]
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # as the others expect
