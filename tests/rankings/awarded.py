"""Tournaments approved with their awards, as the national ranking reads them: built
directly, for the ranking's tests. Each stands for a tournament whose facts allow its
awards: its check (apps.rankings.checks) is recorded with bounds that hold them, as the
checks would for a large enough room; the tests of the checks themselves write their
lines without one."""

import datetime

from apps.approvals.domain.chain import Action, Level
from apps.approvals.models import Homologation, HomologationStep
from apps.awards.models import Award, AwardSet
from apps.rankings.checks import NEVER
from apps.rankings.models import SourceCheck
from apps.tournaments.domain.workflow import Status
from tests import factories as f


def approved_with_awards(
    world, awards: dict, date=datetime.date(2026, 10, 3), fingerprint: str | None = None
):
    """A tournament of the world club, approved, with `awards` {licensee: (pcn, pp)} and
    the fingerprint of its results."""
    tournament = f.TournamentFactory(
        club=world.club, status=Status.APPROVED, date=date, results_fingerprint=fingerprint
    )
    award_set = AwardSet.objects.create(tournament=tournament, state="done")
    for licensee, (pcn, pp) in awards.items():
        registration = f.RegistrationFactory(tournament=tournament, licensee=licensee)
        Award.objects.create(
            award_set=award_set,
            registration=registration,
            licensee=licensee,
            pcn=pcn,
            pp=pp,
            reason="",
        )
    SourceCheck.objects.create(
        award_set=award_set,
        changed_at=NEVER,
        recorded_at=tournament.created_at,
        max_pcn=5000,  # a championship's ceiling
        max_pp=1000,
        bounds="bâti pour le test",
    )
    return tournament


def approval_record(world, tournament):
    """The federation's approval as the chain records it."""
    homologation = Homologation.objects.create(
        tournament=tournament,
        club=tournament.club,
        name=tournament.name,
        date=tournament.date,
        level=Level.APPROVED,
    )
    HomologationStep.objects.create(
        homologation=homologation,
        action=Action.APPROVE,
        from_level=Level.FEDERATION,
        to_level=Level.APPROVED,
        actor=world.federation_staff,
    )
