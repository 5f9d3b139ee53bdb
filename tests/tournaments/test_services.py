"""Tournament write services: permissions per persona, validation, and the audit row
written in the same transaction."""

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone

from apps.core.models import AuditLog
from apps.tournaments import services
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import RefereeAssignment, Registration, Tournament
from tests import factories as f
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

MANAGERS = {"federation_staff", "club_manager"}


def _create(world, actor, **extra):
    data = {
        "actor": actor,
        "club": world.club,
        "name": "Tournoi de la Saint-Martin",
        "date": datetime.date(2026, 11, 11),
        "venue": "Salle des fêtes",
        "index": Decimal("1.2"),
        "sessions": 2,
    } | extra
    return services.tournament_create(**data)


@pytest.mark.parametrize("persona", PERSONAS)
def test_tournament_create_by_persona(world, persona):
    user = world.persona(persona)
    before = Tournament.objects.count()
    if persona in MANAGERS:
        tournament = _create(world, user)
        assert [s.number for s in tournament.sessions.all()] == [1, 2]
        entry = AuditLog.objects.get(object_id=str(tournament.pk), action="create")
        assert entry.actor == user
        assert entry.changes["name"] == [None, "Tournoi de la Saint-Martin"]
        assert entry.changes["index"] == [None, "1.2"]
    else:
        with pytest.raises(PermissionDenied):
            _create(world, user)
        assert Tournament.objects.count() == before


def test_club_manager_cannot_create_for_another_club(world):
    with pytest.raises(PermissionDenied):
        _create(world, world.club_manager, club=world.other_club)


@pytest.mark.parametrize(
    "extra, field",
    [({"index": Decimal("0.5")}, "index"), ({"name": ""}, "name"), ({"sessions": 0}, "sessions")],
)
def test_tournament_create_rejects_bad_input_and_writes_nothing(world, extra, field):
    before = (Tournament.objects.count(), AuditLog.objects.count())
    with pytest.raises(ValidationError) as error:
        _create(world, world.club_manager, **extra)
    assert field in error.value.message_dict
    assert (Tournament.objects.count(), AuditLog.objects.count()) == before


def test_tournament_update_records_old_and_new_values(world):
    services.tournament_update(
        actor=world.club_manager, tournament=world.tournament, venue="Maison du tarot"
    )
    entry = AuditLog.objects.filter(action="update").latest("id")
    assert entry.changes == {"venue": ["Salle des fêtes", "Maison du tarot"]}
    assert entry.actor == world.club_manager


def test_tournament_update_without_change_writes_no_audit(world):
    services.tournament_update(
        actor=world.club_manager, tournament=world.tournament, venue=world.tournament.venue
    )
    assert not AuditLog.objects.filter(action="update").exists()


@pytest.mark.parametrize("persona", sorted(set(PERSONAS) - MANAGERS))
def test_tournament_update_denied(world, persona):
    with pytest.raises(PermissionDenied):
        services.tournament_update(
            actor=world.persona(persona), tournament=world.tournament, venue="Ailleurs"
        )
    world.tournament.refresh_from_db()
    assert world.tournament.venue == "Salle des fêtes"


@pytest.mark.parametrize(
    "persona, target, allowed",
    [
        ("club_manager", Status.RUNNING, True),
        ("referee", Status.RUNNING, True),
        ("federation_staff", Status.RUNNING, True),
        ("committee_staff", Status.RUNNING, False),
        ("zone_manager", Status.RUNNING, False),
        ("player", Status.RUNNING, False),
        ("outsider", Status.RUNNING, False),
        ("referee", Status.DRAFT, False),  # only the organiser closes registration back
        ("club_manager", Status.APPROVED, False),  # no skipping steps
    ],
)
def test_tournament_transition(world, persona, target, allowed):
    actor = world.persona(persona)
    if allowed:
        services.tournament_transition(actor=actor, tournament=world.tournament, status=target)
        world.tournament.refresh_from_db()
        assert world.tournament.status == target
        entry = AuditLog.objects.latest("id")
        assert entry.changes == {"status": ["registration_open", target.value]}
    else:
        with pytest.raises(PermissionDenied):
            services.tournament_transition(actor=actor, tournament=world.tournament, status=target)
        world.tournament.refresh_from_db()
        assert world.tournament.status == Status.REGISTRATION_OPEN


def test_unknown_status_is_a_validation_error(world):
    with pytest.raises(ValidationError):
        services.tournament_transition(
            actor=world.club_manager, tournament=world.tournament, status="cancelled"
        )


@pytest.mark.parametrize("persona", PERSONAS)
def test_registration_create_by_persona(world, persona):
    actor = world.persona(persona)
    if persona in MANAGERS:
        registration = services.registration_create(
            actor=actor, tournament=world.tournament, licensee=world.other_licensee
        )
        entry = AuditLog.objects.get(object_id=str(registration.pk), action="create")
        assert entry.changes["licensee"][1] == str(world.other_licensee)
    else:
        with pytest.raises(PermissionDenied):
            services.registration_create(
                actor=actor, tournament=world.tournament, licensee=world.other_licensee
            )
        assert not Registration.objects.exists()


def test_registration_twice_is_refused(world):
    services.registration_create(
        actor=world.club_manager, tournament=world.tournament, licensee=world.licensee
    )
    with pytest.raises(ValidationError):
        services.registration_create(
            actor=world.club_manager, tournament=world.tournament, licensee=world.licensee
        )
    assert Registration.objects.count() == 1


@pytest.mark.parametrize("status", [Status.FINISHED, Status.SUBMITTED, Status.APPROVED])
def test_registrations_are_closed_after_play(world, status):
    world.tournament.status = status
    world.tournament.save()
    with pytest.raises(ValidationError):
        services.registration_create(
            actor=world.club_manager, tournament=world.tournament, licensee=world.licensee
        )
    registration = f.RegistrationFactory(tournament=world.tournament, licensee=world.licensee)
    with pytest.raises(ValidationError):
        services.registration_delete(actor=world.club_manager, registration=registration)
    assert Registration.objects.filter(pk=registration.pk).exists()


@pytest.mark.parametrize("persona", PERSONAS)
def test_registration_delete_by_persona(world, persona):
    registration = f.RegistrationFactory(tournament=world.tournament, licensee=world.licensee)
    actor = world.persona(persona)
    if persona in MANAGERS:
        services.registration_delete(actor=actor, registration=registration)
        assert not Registration.objects.exists()
        entry = AuditLog.objects.get(action="delete")
        assert entry.changes["licensee"] == [str(world.licensee), None]
    else:
        with pytest.raises(PermissionDenied):
            services.registration_delete(actor=actor, registration=registration)
        assert Registration.objects.exists()


def test_referee_assignment_needs_a_referee(world):
    with pytest.raises(ValidationError):
        services.referee_assign(
            actor=world.club_manager, tournament=world.draft, referee=world.player
        )
    assignment = services.referee_assign(
        actor=world.club_manager, tournament=world.draft, referee=world.referee
    )
    assert AuditLog.objects.filter(object_id=str(assignment.pk), action="create").exists()
    # assigning again changes nothing and writes no second audit row
    services.referee_assign(actor=world.club_manager, tournament=world.draft, referee=world.referee)
    assert AuditLog.objects.filter(object_id=str(assignment.pk)).count() == 1


@pytest.mark.parametrize("persona", sorted(set(PERSONAS) - MANAGERS))
def test_referee_assignment_denied(world, persona):
    actor = world.persona(persona)
    with pytest.raises(PermissionDenied):
        services.referee_assign(actor=actor, tournament=world.draft, referee=world.referee)
    assignment = RefereeAssignment.objects.get(tournament=world.tournament)
    with pytest.raises(PermissionDenied):
        services.referee_unassign(actor=actor, assignment=assignment)
    assert RefereeAssignment.objects.filter(pk=assignment.pk).exists()


def test_referee_unassign_is_audited(world):
    assignment = RefereeAssignment.objects.get(tournament=world.tournament)
    services.referee_unassign(actor=world.club_manager, assignment=assignment)
    assert not RefereeAssignment.objects.filter(pk=assignment.pk).exists()
    assert AuditLog.objects.get(action="delete").changes["referee"][1] is None


def test_audit_row_is_rolled_back_with_the_change(world):
    with pytest.raises(RuntimeError), transaction.atomic():
        services.tournament_update(
            actor=world.club_manager, tournament=world.tournament, venue="Ailleurs"
        )
        raise RuntimeError("the request failed after the service")
    assert not AuditLog.objects.exists()
    world.tournament.refresh_from_db()
    assert world.tournament.venue == "Salle des fêtes"


# --- start time, entry fee, registration deadline, session start ------------------


def test_a_tournament_has_a_start_time_an_entry_fee_and_a_deadline(world):
    deadline = timezone.make_aware(
        datetime.datetime.combine(world.tournament.date, datetime.time(12))
    )
    services.tournament_update(
        actor=world.club_manager,
        tournament=world.tournament,
        starts_at=datetime.time(20, 30),
        entry_fee=Decimal("8.50"),
        registration_deadline=deadline,
    )
    world.tournament.refresh_from_db()
    assert (world.tournament.starts_at, world.tournament.entry_fee) == (
        datetime.time(20, 30),
        Decimal("8.50"),
    )
    with pytest.raises(ValidationError) as refused:
        services.tournament_update(
            actor=world.club_manager,
            tournament=world.tournament,
            registration_deadline=deadline + datetime.timedelta(days=1),
            entry_fee=Decimal("-1"),
        )
    assert set(refused.value.message_dict) == {"registration_deadline", "entry_fee"}


def test_after_the_deadline_the_club_no_longer_registers(world):
    world.tournament.registration_deadline = timezone.now() - datetime.timedelta(minutes=1)
    world.tournament.save()
    late, door = f.LicenseeFactory.create_batch(2, club=world.club)
    with pytest.raises(ValidationError, match="retardataire"):
        services.registration_create(
            actor=world.club_manager, tournament=world.tournament, licensee=late
        )
    # Federation staff still may (they run any room); the referee's late arrivals go
    # through the movement.
    services.registration_create(
        actor=world.federation_staff, tournament=world.tournament, licensee=door
    )
    assert list(Registration.objects.values_list("licensee", flat=True)) == [door.pk]
    world.tournament.registration_deadline = timezone.now() + datetime.timedelta(hours=1)
    world.tournament.save()
    services.registration_create(
        actor=world.club_manager, tournament=world.tournament, licensee=late
    )


@pytest.mark.parametrize("persona", PERSONAS)
def test_who_sets_a_sessions_start(world, persona):
    session = world.tournament.sessions.get()
    start = timezone.make_aware(datetime.datetime.combine(world.tournament.date, datetime.time(20)))
    allowed = persona in {"federation_staff", "club_manager", "referee"}
    if allowed:
        services.session_start_set(actor=world.persona(persona), session=session, starts_at=start)
        session.refresh_from_db()
        assert session.starts_at == start
        assert AuditLog.objects.filter(object_id=str(session.pk), action="update").exists()
    else:
        with pytest.raises(PermissionDenied):
            services.session_start_set(
                actor=world.persona(persona), session=session, starts_at=start
            )
        session.refresh_from_db()
        assert session.starts_at is None


# --- the waiting list -----------------------------------------------------------------


def test_a_full_tournament_puts_players_on_its_waiting_list_and_frees_places_in_order(world):
    world.tournament.max_players = 4
    world.tournament.save()
    people = f.LicenseeFactory.create_batch(6, club=world.club)
    made = [
        services.registration_create(
            actor=world.club_manager, tournament=world.tournament, licensee=licensee
        )
        for licensee in people
    ]
    assert [r.waiting for r in made] == [False] * 4 + [True, True]
    services.registration_delete(actor=world.club_manager, registration=made[5])  # a waiting one
    assert Registration.objects.get(pk=made[4].pk).waiting  # still waiting
    services.registration_delete(actor=world.club_manager, registration=made[0])  # a place
    assert Registration.objects.get(pk=made[4].pk).waiting is False  # the first in line
    log = AuditLog.objects.filter(object_id=str(made[4].pk), action="update").get()
    assert log.changes == {"waiting": [True, False]}
    assert Registration.objects.filter(tournament=world.tournament, waiting=False).count() == 4


def test_a_tournament_sets_its_etuis_per_table_or_leaves_them_to_the_regulation(world):
    assert world.tournament.etuis_per_table is None
    services.tournament_update(
        actor=world.club_manager, tournament=world.tournament, etuis_per_table=2
    )
    world.tournament.refresh_from_db()
    assert world.tournament.etuis_per_table == 2
    with pytest.raises(ValidationError) as refused:
        services.tournament_update(
            actor=world.club_manager, tournament=world.tournament, etuis_per_table=3
        )
    assert set(refused.value.message_dict) == {"etuis_per_table"}
