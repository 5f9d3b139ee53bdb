"""The outgoing champion sits Nord at table 1 when the competition says so (chapter 2,
article 17), whatever the seating method; a player seated in a session in play keeps
their registration."""

import pytest
from django.core.exceptions import ValidationError

from apps.movements import services
from apps.movements.models import SessionMovement
from apps.movements.selectors import Spot
from apps.tournaments import services as tournament_services
from apps.tournaments.models import Registration
from tests import factories as f
from tests.builders import holders, snapshot
from tests.factories import register

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("method", SessionMovement.GENERATED_METHODS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_champion_sits_nord_table_one_at_every_position(world, method, seed):
    registrations = register(world.tournament, 28)
    champion = registrations[17].licensee
    movement = services.movement_generate(
        actor=world.referee,
        session=world.tournament.sessions.get(),
        method=method,
        seed=seed,
        champion=champion,
    )
    for sequence in range(1, movement.positions + 1):
        assert holders(movement, sequence)[Spot("Rouge", "N1")] == registrations[17].pk


def test_the_champion_must_be_registered(world):
    register(world.tournament, 28)
    outsider = f.LicenseeFactory()
    session = world.tournament.sessions.get()
    with pytest.raises(ValidationError) as error:
        services.movement_generate(actor=world.referee, session=session, seed=4, champion=outsider)
    assert outsider.full_name in error.value.messages[0]
    assert not SessionMovement.objects.filter(session=session).exists()


def test_champion_is_kept_when_regenerating_is_refused(world):
    registrations = register(world.tournament, 28)
    session = world.tournament.sessions.get()
    movement = services.movement_generate(
        actor=world.referee, session=session, seed=5, champion=registrations[3].licensee
    )
    before = snapshot(movement)
    with pytest.raises(ValidationError):
        services.movement_generate(
            actor=world.referee, session=session, seed=6, champion=f.LicenseeFactory()
        )
    assert snapshot(movement) == before


def test_a_seated_player_cannot_be_unregistered_once_play_has_started(world):
    registrations = register(world.tournament, 28)
    session = world.tournament.sessions.get()
    movement = services.movement_generate(actor=world.referee, session=session, seed=8)
    # before play: removing a registration leaves a vacant place
    tournament_services.registration_delete(actor=world.club_manager, registration=registrations[0])
    services.movement_advance(
        actor=world.referee, movement=movement, from_position=movement.current_position
    )
    before = snapshot(movement)
    with pytest.raises(ValidationError) as error:
        tournament_services.registration_delete(
            actor=world.club_manager, registration=registrations[1]
        )
    assert registrations[1].licensee.full_name in error.value.messages[0]
    assert Registration.objects.filter(pk=registrations[1].pk).exists()
    assert snapshot(movement) == before


def test_the_file_seating_is_not_a_generation_method(world):
    register(world.tournament, 28)
    session = world.tournament.sessions.get()
    with pytest.raises(ValidationError):
        services.movement_generate(
            actor=world.referee, session=session, method=SessionMovement.Method.FILE
        )
    assert not SessionMovement.objects.filter(session=session).exists()
