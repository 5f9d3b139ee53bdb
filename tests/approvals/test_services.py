"""The homologation chain through its services (fascicule 3, ch. 5, « Transmission »): a
tournament carried through every step with a sending back at each level and a correction
after approval that recomputes its awards; the conditions refused at submission; every
step taken only by its level."""

import datetime
from decimal import Decimal

import pytest
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone

from apps.approvals import services
from apps.approvals.domain.chain import Action, Level
from apps.approvals.models import Homologation, HomologationStep, IndexGrant
from apps.awards.models import AwardSet
from apps.federation.models import Club
from apps.scoring.services import play_score_set
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from apps.tournaments.services import tournament_transition, tournament_update
from tests import factories as f
from tests.approvals import chain
from tests.builders import enter_all, played, table_of
from tests.personas import PERSONAS


def test_a_tournament_through_every_step_and_a_correction(
    world, finished, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    homologation = chain.submit(world, capture)
    assert (homologation.level, chain.status_of(world)) == (Level.COMMITTEE, Status.SUBMITTED)
    assert mail.outbox[-1].to == ["committee_staff@example.org"]
    # The committee sends it back to the club; the referee corrects; the club sends again.
    chain.step(world, capture, world.committee_staff, Action.SEND_BACK, "classement incomplet")
    assert chain.status_of(world) == Status.FINISHED
    assert mail.outbox[-1].to == ["club_manager@example.org"]
    assert "Raison : classement incomplet" in mail.outbox[-1].body
    table = table_of(finished, 1, 1)
    with capture(execute=True):
        play_score_set(actor=world.referee, table=table, etui=1, score=-92, reason="Rature")
    chain.submit(world, capture)
    # Committee → zone; the zone sends back to the committee, which passes on again.
    chain.pass_on(world, capture, world.committee_staff)
    assert mail.outbox[-1].to == ["zone_manager@example.org"]
    chain.step(world, capture, world.zone_manager, Action.SEND_BACK, "redevance manquante")
    assert Homologation.objects.get().level == Level.COMMITTEE
    chain.pass_on(world, capture, world.committee_staff)
    chain.pass_on(world, capture, world.zone_manager)
    # The federation sends back to the zone, then approves.
    chain.step(world, capture, world.federation_staff, Action.SEND_BACK, "bordereau illisible")
    assert Homologation.objects.get().level == Level.ZONE
    chain.pass_on(world, capture, world.zone_manager)
    chain.step(world, capture, world.federation_staff, Action.APPROVE)
    assert chain.status_of(world) == Status.APPROVED
    # A correction: asked by the club, accepted by the federation; the results change and
    # the awards are computed again before the tournament goes up again.
    before = AwardSet.objects.get().fingerprint
    chain.step(world, capture, world.club_manager, Action.ASK_CORRECTION, "score mal reporté")
    assert mail.outbox[-1].to == ["federation_staff@example.org"]
    chain.step(world, capture, world.federation_staff, Action.ACCEPT_CORRECTION)
    assert chain.status_of(world) == Status.FINISHED
    with capture(execute=True):
        play_score_set(actor=world.referee, table=table, etui=1, score=56, reason="Correction")
    assert AwardSet.objects.get().fingerprint != before
    assert AwardSet.objects.get().state == "done"
    chain.submit(world, capture)
    chain.pass_on(world, capture, world.committee_staff)
    chain.pass_on(world, capture, world.zone_manager)
    chain.step(world, capture, world.federation_staff, Action.APPROVE)  # approved again
    assert chain.status_of(world) == Status.APPROVED
    steps = list(HomologationStep.objects.values_list("action", "from_level", "to_level"))
    assert steps == [
        ("submit", "organiser", "committee"),
        ("send_back", "committee", "organiser"),
        ("submit", "organiser", "committee"),
        ("pass_on", "committee", "zone"),
        ("send_back", "zone", "committee"),
        ("pass_on", "committee", "zone"),
        ("pass_on", "zone", "federation"),
        ("send_back", "federation", "zone"),
        ("pass_on", "zone", "federation"),
        ("approve", "federation", "approved"),
        ("ask_correction", "approved", "approved"),
        ("accept_correction", "approved", "organiser"),
        ("submit", "organiser", "committee"),
        ("pass_on", "committee", "zone"),
        ("pass_on", "zone", "federation"),
        ("approve", "federation", "approved"),
    ]


def test_a_refused_correction_leaves_the_tournament_approved(
    world, finished, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    chain.submit(world, capture)
    chain.pass_on(world, capture, world.committee_staff)
    chain.pass_on(world, capture, world.zone_manager)
    chain.step(world, capture, world.federation_staff, Action.APPROVE)
    chain.step(world, capture, world.club_manager, Action.ASK_CORRECTION, "erreur")
    with pytest.raises(ValidationError, match="donnez la raison"):
        chain.step(world, capture, world.federation_staff, Action.REFUSE_CORRECTION)
    chain.step(world, capture, world.federation_staff, Action.REFUSE_CORRECTION, "hors délai")
    assert (chain.status_of(world), Homologation.objects.get().correction_reason) == (
        Status.APPROVED,
        "",
    )


# --- who takes which step ------------------------------------------------------------

STEPS = [  # (level reached first, the step, who takes it)
    (Level.COMMITTEE, Action.PASS_ON, "committee_staff"),
    (Level.COMMITTEE, Action.SEND_BACK, "committee_staff"),
    (Level.ZONE, Action.PASS_ON, "zone_manager"),
    (Level.ZONE, Action.SEND_BACK, "zone_manager"),
    (Level.FEDERATION, Action.APPROVE, "federation_staff"),
    (Level.FEDERATION, Action.SEND_BACK, "federation_staff"),
]
CLIMB = {
    Level.COMMITTEE: [],
    Level.ZONE: ["committee_staff"],
    Level.FEDERATION: ["committee_staff", "zone_manager"],
}


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize(("level", "action", "allowed"), STEPS)
def test_each_step_to_its_level_only(
    world, finished, django_capture_on_commit_callbacks, level, action, allowed, persona
):
    capture = django_capture_on_commit_callbacks
    chain.submit(world, capture)
    for climber in CLIMB[level]:
        chain.pass_on(world, capture, world.persona(climber))
    actor = world.persona(persona)
    grant = persona == allowed
    take = (
        (lambda: chain.pass_on(world, capture, actor))
        if action == Action.PASS_ON
        else (lambda: chain.step(world, capture, actor, action, "raison"))
    )
    if grant:
        take()
        assert Homologation.objects.get().level != level
    else:
        with pytest.raises(PermissionDenied):
            take()
        assert Homologation.objects.get().level == level


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_organiser_submits(world, finished, django_capture_on_commit_callbacks, persona):
    actor = world.persona(persona)
    if persona == "club_manager":
        chain.submit(world, django_capture_on_commit_callbacks)
        return
    with pytest.raises(PermissionDenied):
        services.tournament_submit(actor=actor, tournament=world.tournament)
    assert chain.status_of(world) == Status.FINISHED


# --- the conditions at submission ------------------------------------------------------


def test_an_unaffiliated_club_is_refused_with_the_condition(world, finished):
    Club.objects.filter(pk=world.club.pk).update(affiliated=False)
    with pytest.raises(ValidationError, match="n'est pas affilié"):
        services.tournament_submit(actor=world.club_manager, tournament=world.tournament)
    assert chain.status_of(world) == Status.FINISHED


def test_an_index_not_granted_is_refused(world, finished):
    Tournament.objects.filter(pk=world.tournament.pk).update(index="1.2")
    with pytest.raises(ValidationError) as refused:
        services.tournament_submit(actor=world.club_manager, tournament=world.tournament)
    text = " ".join(refused.value.messages)
    assert "1,2" in text and "52" in text


def test_no_referee_and_awards_not_current_are_refused(world, finished):
    world.tournament.referee_assignments.all().delete()
    AwardSet.objects.update(state="pending")
    with pytest.raises(ValidationError) as refused:
        services.tournament_submit(actor=world.club_manager, tournament=world.tournament)
    text = " ".join(refused.value.messages)
    assert "arbitre officiel" in text and "PCN et PP" in text


# --- index grants ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("persona", "index", "allowed"),
    [
        ("committee_staff", "1.2", True),
        ("federation_staff", "1.2", False),  # « attribué par la C.C.R. »
        ("federation_staff", "1.5", True),
        ("committee_staff", "1.5", False),
        ("zone_manager", "1.2", False),
        ("club_manager", "1.2", False),
        ("referee", "1.2", False),
        ("player", "1.2", False),
        ("outsider", "1.2", False),
    ],
)
def test_who_grants_which_index(world, persona, index, allowed):
    actor = world.persona(persona)
    if allowed:
        grant = services.index_grant(actor=actor, tournament=world.tournament, index=index)
        assert str(grant.index) == index
    else:
        with pytest.raises(PermissionDenied):
            services.index_grant(actor=actor, tournament=world.tournament, index=index)
        assert not IndexGrant.objects.exists()


def test_a_grant_comes_before_the_tournament(world):
    Tournament.objects.filter(pk=world.tournament.pk).update(date=datetime.date(2020, 1, 4))
    world.tournament.refresh_from_db()
    with pytest.raises(ValidationError, match="avant le tournoi"):
        services.index_grant(actor=world.committee_staff, tournament=world.tournament, index="1.2")


def test_a_granted_index_passes_its_grant_condition(world, finished):
    Tournament.objects.filter(pk=world.tournament.pk).update(index="1.2")
    world.tournament.refresh_from_db()
    IndexGrant.objects.create(
        tournament=world.tournament, index=Decimal("1.2"), granted_by=world.committee_staff
    )
    IndexGrant.objects.update(granted_at=timezone.now() - datetime.timedelta(days=30))
    refusals = services.submission_refusals(world.tournament)
    assert not any("doit être attribué" in r for r in refusals)
    assert any("au moins 52 joueurs" in r for r in refusals)


# --- the review's cases ----------------------------------------------------------------


def test_a_second_click_finds_the_tournament_moved_on(
    world, finished, django_capture_on_commit_callbacks
):
    chain.submit(world, django_capture_on_commit_callbacks)
    homologation = Homologation.objects.get()
    services.homologations_pass_on(
        actor=world.committee_staff, homologations=[homologation], expected=Level.COMMITTEE
    )
    with pytest.raises(ValidationError, match="a déjà changé de niveau"):
        services.homologations_pass_on(
            actor=world.committee_staff, homologations=[homologation], expected=Level.COMMITTEE
        )
    assert Homologation.objects.get().level == Level.ZONE


def test_the_bordereau_is_for_its_sender_and_receiver(
    login, world, finished, django_capture_on_commit_callbacks
):
    chain.submit(world, django_capture_on_commit_callbacks)
    chain.pass_on(world, django_capture_on_commit_callbacks, world.committee_staff)
    homologation = Homologation.objects.get()
    url = reverse("approvals:bordereau", args=[homologation.sending_id])
    for persona, code in [
        ("committee_staff", 200),
        ("zone_manager", 200),
        ("club_manager", 403),
        ("referee", 403),
    ]:
        assert login(world.persona(persona)).get(url).status_code == code, persona


def test_a_resubmission_takes_the_tournaments_facts_as_they_are_then(
    world, finished, django_capture_on_commit_callbacks
):
    chain.submit(world, django_capture_on_commit_callbacks)
    chain.step(world, django_capture_on_commit_callbacks, world.committee_staff, "send_back", "nom")
    tournament_update(actor=world.club_manager, tournament=world.tournament, name="Tournoi corrigé")
    chain.submit(world, django_capture_on_commit_callbacks)
    assert Homologation.objects.get().name == "Tournoi corrigé"


def test_an_unsent_finished_tournament_waits_with_its_organiser(world, finished):
    homologation = Homologation.objects.get(tournament=world.tournament)
    assert homologation.level == Level.ORGANISER


def test_a_sending_goes_to_one_zone(world):
    """A user working for two committees of two zones passes them on separately."""
    other_committee = world.other_club.committee
    f.RoleFactory(user=world.committee_staff, role="committee_staff", committee=other_committee)
    rows = [
        Homologation.objects.create(
            club=club, name="T", date=datetime.date(2026, 10, 3), level=Level.COMMITTEE
        )
        for club in (world.club, world.other_club)
    ]
    with pytest.raises(ValidationError, match="une zone à la fois"):
        services.homologations_pass_on(actor=world.committee_staff, homologations=rows)
    assert set(Homologation.objects.values_list("level", flat=True)) == {Level.COMMITTEE}


def test_under_12_players_is_refused_at_submission(world, django_capture_on_commit_callbacks):
    movement = played(world, tables=3)
    world.tournament.registrations.order_by("-pk").first().places.update(registration=None)
    enter_all(world, movement, seed=5)
    for status in (Status.RUNNING, Status.FINISHED):
        with django_capture_on_commit_callbacks(execute=True):
            tournament_transition(actor=world.referee, tournament=world.tournament, status=status)
    with pytest.raises(ValidationError, match="au moins 12 joueurs ; 11 ont joué"):
        services.tournament_submit(actor=world.club_manager, tournament=world.tournament)
    assert chain.status_of(world) == Status.FINISHED


def test_another_committee_or_zone_takes_no_step(
    world, finished, django_capture_on_commit_callbacks
):
    other_committee = f.UserFactory()
    f.RoleFactory(
        user=other_committee, role="committee_staff", committee=world.other_club.committee
    )
    other_zone = f.UserFactory()
    f.RoleFactory(user=other_zone, role="zone_manager", zone=world.other_club.committee.zone)
    chain.submit(world, django_capture_on_commit_callbacks)
    with pytest.raises(PermissionDenied):
        chain.pass_on(world, django_capture_on_commit_callbacks, other_committee)
    with pytest.raises(PermissionDenied):
        chain.step(world, django_capture_on_commit_callbacks, other_committee, "send_back", "x")
    chain.pass_on(world, django_capture_on_commit_callbacks, world.committee_staff)
    with pytest.raises(PermissionDenied):
        chain.pass_on(world, django_capture_on_commit_callbacks, other_zone)
    assert Homologation.objects.get().level == Level.ZONE
