"""The data migration that gives the tournaments already over (finished, submitted or
approved before the fingerprint was kept) the fingerprint of what they played, as the
results hook would; tournaments still in play and other games get none."""

from importlib import import_module

import pytest
from django.apps import apps

from apps.exchange.domain.document import file_played_lines, tournament_file_parse
from apps.exchange.services import tournament_file_export, tournament_file_import
from apps.results.domain.fingerprint import played_fingerprint
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests import factories as f
from tests.builders import enter_all, played
from tests.exchange.tournament_file_data import document_build

pytestmark = pytest.mark.django_db

migration = import_module("apps.results.migrations.0004_fill_results_fingerprints")


def test_the_tournaments_already_over_get_their_fingerprint(world):
    movement = played(world, 5)
    enter_all(world, movement)
    approved = world.tournament
    Tournament.objects.filter(pk=approved.pk).update(status=Status.APPROVED)
    document = document_build(5)
    document["results"].pop()  # one étui still to enter: the tournament is in play
    running = tournament_file_import(actor=None, document=document, club=world.club)
    belote = f.TournamentFactory(
        club=world.club, status=Status.FINISHED, game=Tournament.Game.BELOTE
    )
    Tournament.objects.update(results_fingerprint=None)  # as before the migration
    migration.fill(apps, None)
    exported = tournament_file_export(movement.session)
    expected = played_fingerprint(file_played_lines(tournament_file_parse(exported)))
    fingerprints = dict(Tournament.objects.values_list("pk", "results_fingerprint"))
    assert fingerprints[approved.pk] == expected is not None
    assert fingerprints[running.pk] is None and running.status == Status.RUNNING
    assert fingerprints[belote.pk] is None
