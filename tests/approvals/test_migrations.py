"""Tournaments sent for approval before the chain existed join it: at the federation when
submitted, approved when approved."""

import importlib

from django.apps import apps

from apps.approvals.models import Homologation
from apps.tournaments.domain.workflow import Status
from tests import factories as f

existing = importlib.import_module("apps.approvals.migrations.0002_existing_homologations")


def test_submitted_and_approved_tournaments_join_the_chain(world):
    submitted = f.TournamentFactory(club=world.club, status=Status.SUBMITTED)
    approved = f.TournamentFactory(club=world.club, status=Status.APPROVED)
    f.register(submitted, 13)
    existing.open_existing(apps, None)
    levels = dict(Homologation.objects.values_list("tournament_id", "level"))
    assert levels == {submitted.pk: "federation", approved.pk: "approved"}
    assert Homologation.objects.get(tournament=submitted).players == 13
    existing.open_existing(apps, None)  # once only
    assert Homologation.objects.count() == 2
