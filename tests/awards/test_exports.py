"""The awards travel with the results: the tournament file (`export_results --format
json`) carries each player's `pcn` and `pp`, and imports back."""

import json

from apps.awards.models import Award
from apps.tournaments.domain.workflow import Status
from apps.tournaments.services import tournament_transition
from tests.builders import enter_all, held_elsewhere, played, played_by_today
from tests.exchange.commands import export_results, import_tournament


def test_the_tournament_file_carries_pcn_and_pp(
    world, tmp_path, django_capture_on_commit_callbacks
):
    played_by_today(world.tournament)
    movement = played(world, tables=7)
    enter_all(world, movement, seed=11)
    for status in (Status.RUNNING, Status.FINISHED):
        with django_capture_on_commit_callbacks(execute=True):
            tournament_transition(actor=world.referee, tournament=world.tournament, status=status)
    document = json.loads(export_results(str(world.tournament.pk), "--format", "json"))
    awarded = {
        a.licensee.licence_number: (a.pcn, a.pp) for a in Award.objects.select_related("licensee")
    }
    assert len(awarded) >= 16
    for player in document["players"]:
        assert (player["pcn"], player["pp"]) == awarded.get(player["licence"], (0, 0))
    path_copy = tmp_path / "copie.json"  # read on another installation: PCN and PP ignored
    document["tournament"]["name"] += " (copie)"
    path_copy.write_text(json.dumps(document), encoding="utf-8")
    held_elsewhere(world.tournament)
    tournament, _lines = import_tournament(str(path_copy), "--club", world.club.number)
    assert tournament.registrations.count() == 28
