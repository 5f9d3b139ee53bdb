"""Tournaments sent for approval before the chain existed join it: at the federation when
submitted, approved when approved."""

import datetime
import importlib
from decimal import Decimal

from django.apps import apps

from apps.approvals.domain.award_file import AwardEntry, award_file_fingerprint
from apps.approvals.models import CommitteeRate, ExternalAward, Homologation, HomologationStep
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


checks = importlib.import_module("apps.approvals.migrations.0004_external_file_checks")


def test_files_received_before_get_their_fingerprint(world):
    received = Homologation.objects.create(
        club=world.club,
        name="Extar",
        date=datetime.date(2026, 10, 3),
        level="committee",
        external=True,
    )
    ExternalAward.objects.create(homologation=received, licensee=world.licensee, pcn=560, pp=0)
    checks.fingerprint_received(apps, None)
    received.refresh_from_db()
    entry = AwardEntry(world.licensee.licence_number, "", 560, 0)
    assert received.fingerprint == award_file_fingerprint([entry])


frozen = importlib.import_module("apps.approvals.migrations.0006_step_fees_frozen")


def test_steps_taken_before_fees_were_kept_get_todays(world):
    CommitteeRate.objects.create(committee=world.club.committee, rate=Decimal("0.10"))
    homologation = Homologation.objects.create(
        club=world.club, name="T", date=datetime.date(2026, 10, 3), level="zone", players=20
    )
    for action, to_level in (("submit", "committee"), ("send_back", "organiser")):
        HomologationStep.objects.create(
            homologation=homologation,
            action=action,
            from_level="organiser",
            to_level=to_level,
            actor=world.club_manager,
        )
    frozen.fees_freeze(apps, None)
    kept = list(HomologationStep.objects.values_list("action", "national_fee", "committee_fee"))
    assert kept == [
        ("submit", Decimal("3.20"), Decimal("2.00")),
        ("send_back", None, None),  # carries nothing up: no fee
    ]
