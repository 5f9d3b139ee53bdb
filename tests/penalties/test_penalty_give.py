"""penalty_give: the referee takes percentage points off a player's result, for a reason
(ch. 4 « Pénalité »), through the one writer of penalties, audited; nobody else may, and
nothing changes once the results are frozen."""

from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from apps.core.models import AuditLog
from apps.penalties.models import Penalty
from apps.penalties.selectors import session_penalties
from apps.penalties.services import penalty_give
from apps.tournaments.domain.workflow import FROZEN_STATUSES
from apps.tournaments.models import Tournament
from tests import factories as f
from tests.builders import seated_at, table_at
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db


def _give(actor, session, registration, percent="1.5", reason="téléphone"):
    return penalty_give(
        actor=actor, session=session, registration=registration, percent=percent, reason=reason
    )


@pytest.mark.parametrize("persona", ["referee", "federation_staff"])
def test_those_who_run_the_room_give_a_penalty_audited(world, session, persona):
    player = seated_at(table_at(session))[0]
    penalty = _give(world.persona(persona), session, player, reason="  téléphone ")
    assert (penalty.percent, penalty.reason) == (Decimal("1.5"), "téléphone")
    assert session_penalties(session) == {str(player.pk): 1.5}
    row = AuditLog.objects.get(content_type__model="penalty", object_id=str(penalty.pk))
    assert row.changes["percent"] == [None, "1.5"]
    assert row.changes["reason"] == [None, "téléphone"]
    assert row.actor == world.persona(persona)


@pytest.mark.parametrize("persona", sorted(set(PERSONAS) - {"referee", "federation_staff"}))
def test_nobody_else_gives_one(world, session, persona):
    player = seated_at(table_at(session))[0]
    with pytest.raises(PermissionDenied):
        _give(world.persona(persona), session, player)
    assert not Penalty.objects.exists()


@pytest.mark.parametrize(
    ("percent", "reason", "field"),
    [("1", "   ", "reason"), ("0", "lenteur", "percent"), ("100.01", "lenteur", "percent")],
)
def test_a_penalty_needs_a_reason_and_0_01_to_100_points(world, session, percent, reason, field):
    player = seated_at(table_at(session))[0]
    with pytest.raises(ValidationError) as caught:
        _give(world.referee, session, player, percent=percent, reason=reason)
    assert field in caught.value.message_dict
    assert not Penalty.objects.exists()
    assert not AuditLog.objects.filter(content_type__model="penalty").exists()


def test_a_player_of_another_tournament_is_refused(world, session):
    stranger = f.RegistrationFactory(tournament=world.draft)
    with pytest.raises(ValidationError) as caught:
        _give(world.referee, session, stranger)
    assert "registration" in caught.value.message_dict
    assert not Penalty.objects.exists()


@pytest.mark.parametrize("status", sorted(FROZEN_STATUSES))
def test_no_penalty_once_the_results_are_frozen(world, session, status):
    Tournament.objects.filter(pk=session.tournament_id).update(status=status)
    player = seated_at(table_at(session))[0]
    with pytest.raises(ValidationError):
        _give(world.federation_staff, session, player)
    assert not Penalty.objects.exists()
