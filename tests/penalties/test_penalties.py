"""Penalties: the model's checks, the results' view of them, and the back office."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from apps.movements import services
from apps.penalties.models import Penalty
from apps.penalties.selectors import session_penalties
from tests import factories as f
from tests.factories import register

pytestmark = pytest.mark.django_db


@pytest.fixture
def session(world):
    """The world tournament's session, its 20 players seated at 5 tables."""
    register(world.tournament, 20)
    session = world.tournament.sessions.get()
    services.movement_generate(actor=world.referee, session=session, seed=3)
    return session


def seated(session):
    return list(session.tournament.registrations.order_by("pk"))


def test_a_penalty_is_for_a_player_of_the_sessions_tournament(world, session):
    stranger = f.RegistrationFactory(tournament=world.draft)
    penalty = Penalty(session=session, registration=stranger, percent=Decimal("1"))
    with pytest.raises(ValidationError) as caught:
        penalty.full_clean()
    assert "registration" in caught.value.message_dict
    Penalty(session=session, registration=seated(session)[0], percent=Decimal("1")).full_clean()


@pytest.mark.parametrize("percent", ["0", "-1", "100.01", "0.001"])
def test_the_percent_is_from_one_hundredth_to_one_hundred(session, percent):
    penalty = Penalty(session=session, registration=seated(session)[0], percent=Decimal(percent))
    with pytest.raises(ValidationError) as caught:
        penalty.full_clean()
    assert "percent" in caught.value.message_dict


def test_session_penalties_add_up_by_player_key(session):
    first, second = seated(session)[:2]
    for registration, percent in ((first, "0.5"), (first, "1.25"), (second, "2")):
        Penalty.objects.create(session=session, registration=registration, percent=percent)
    assert session_penalties(session) == {str(first.pk): 1.75, str(second.pk): 2.0}


def test_session_penalties_leave_out_players_not_seated_in_the_session(world, session):
    late = f.RegistrationFactory(tournament=world.tournament)
    Penalty.objects.create(session=session, registration=late, percent=1)
    other = world.tournament.sessions.create(number=2)
    Penalty.objects.create(session=other, registration=seated(session)[0], percent=1)
    assert session_penalties(session) == {}
    Penalty.objects.create(session=session, registration=seated(session)[1], percent=2)
    assert session_penalties(session) == {str(seated(session)[1].pk): 2.0}


def test_a_session_without_penalties_is_read_in_one_query(session, django_assert_num_queries):
    """Read on every recomputation of the results: the seats are not read for nothing."""
    with django_assert_num_queries(1):
        assert session_penalties(session) == {}


def test_the_back_office_reads_penalties_but_gives_none(world, login, session):
    """Penalties are given on the referee's incidents page, where the workflow (frozen
    once submitted) is checked; the back office only reads them."""
    registration = seated(session)[0]
    data = {"session": session.pk, "registration": registration.pk, "percent": "0.5"}
    client = login(world.federation_staff)
    assert client.post(reverse("admin:penalties_penalty_add"), data).status_code == 403
    assert not Penalty.objects.exists()
    assert client.get(reverse("admin:penalties_penalty_changelist")).status_code == 200


@pytest.mark.parametrize("persona", ["club_manager", "referee", "outsider"])
def test_only_the_back_office_staff_open_penalties_in_the_admin(world, login, persona):
    response = login(world.persona(persona)).get(reverse("admin:penalties_penalty_changelist"))
    assert response.status_code == 302
