"""A championship stage goes up its own organiser's chain (issue 26, point 6): a zone's
stage through the zone then the federation, a federation's final through the federation
only, a committee's stage as a club's tournament; never through the host club's committee
when the committee does not organise it."""

import pytest
from django.urls import reverse
from django.utils import timezone

from apps.approvals import services
from apps.approvals.domain.chain import Action, Level
from apps.approvals.models import Homologation, Sending
from apps.awards.services import awards_request
from apps.competitions.models import Competition, Stage
from apps.federation.models import Season
from tests.approvals import chain

ORGANISERS = {  # organiser: (who sends, the levels it goes through)
    "committee": ("committee_staff", ["committee", "zone", "federation"]),
    "zone": ("zone_manager", ["zone", "federation"]),
    "federation": ("federation_staff", ["federation"]),
}
OFFICER = {
    "committee": "committee_staff",
    "zone": "zone_manager",
    "federation": "federation_staff",
}


def _stage(world, capture, organiser: str) -> Stage:
    """The world's finished tournament as a closed Promotion stage of ``organiser``, its
    awards computed again as a stage's."""
    season, _ = Season.objects.get_or_create(start_year=2026)
    competition = Competition.objects.create(season=season, kind=Competition.Kind.PROMOTION)
    scope = {
        "committee": {"committee": world.club.committee},
        "zone": {"zone": world.club.committee.zone},
        "federation": {},
    }[organiser]
    level = Stage.Level.NATIONAL_FINAL if organiser == "federation" else Stage.Level.REGIONAL_FINAL
    stage = Stage.objects.create(
        competition=competition,
        level=level,
        name="Finale",
        tournament=world.tournament,
        closed_at=timezone.now(),  # its qualified players named
        **scope,
    )
    with capture(execute=True):
        awards_request(tournament_id=world.tournament.pk)
    return stage


@pytest.mark.parametrize("organiser", ORGANISERS)
def test_a_stage_goes_up_its_organisers_chain(
    login, world, finished, django_capture_on_commit_callbacks, organiser
):
    capture = django_capture_on_commit_callbacks
    _stage(world, capture, organiser)
    sender, levels = ORGANISERS[organiser]
    with capture(execute=True):
        services.tournament_submit(actor=world.persona(sender), tournament=world.tournament)
    homologation = Homologation.objects.get()
    assert homologation.level == levels[0]
    assert Sending.objects.get().to_level == levels[0]
    if "committee" not in levels:  # not in the host club's committee's inbox
        inbox = login(world.committee_staff).get(reverse("approvals:inbox")).content.decode()
        assert world.tournament.name not in inbox
    walked = [homologation.level]
    for level in levels[:-1]:
        chain.pass_on(world, capture, world.persona(OFFICER[level]))
        walked.append(Homologation.objects.get().level)
    assert walked == levels
    # sent back by its first level, it returns to its organiser, who sends it again
    for level in reversed(levels):
        chain.step(world, capture, world.persona(OFFICER[level]), Action.SEND_BACK, "à revoir")
    assert Homologation.objects.get().level == Level.ORGANISER
    with capture(execute=True):
        services.tournament_submit(actor=world.persona(sender), tournament=world.tournament)
    assert Homologation.objects.get().level == levels[0]
    for level in levels[:-1]:
        chain.pass_on(world, capture, world.persona(OFFICER[level]))
    chain.step(world, capture, world.federation_staff, Action.APPROVE)
    assert Homologation.objects.get().level == Level.APPROVED


def test_the_confirmation_says_where_the_stage_goes(
    login, world, finished, django_capture_on_commit_callbacks
):
    _stage(world, django_capture_on_commit_callbacks, "zone")
    page = login(world.zone_manager).get(reverse("approvals:submit", args=[world.tournament.pk]))
    assert "en homologation, à la zone ?" in page.content.decode()
