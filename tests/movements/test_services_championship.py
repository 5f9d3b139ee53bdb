"""A championship stage's sessions are seated from the stage (apps.competitions), which
cuts the field and checks eligibility: the movement services do not seat all the
registered players of a stage on their own, nor bring in a licensee who did not enter it."""

import pytest
from django.core.exceptions import ValidationError

from apps.movements import services
from apps.movements.models import Place
from apps.movements.selectors import Spot
from apps.tournaments.models import Registration, Tournament
from tests import factories as f
from tests.factories import register


@pytest.fixture
def stage_tournament(world):
    world.tournament.kind = Tournament.Kind.CHAMPIONSHIP
    world.tournament.save()
    register(world.tournament, 16)
    return world.tournament


def test_the_movement_page_does_not_reseat_a_stage(world, stage_tournament):
    with pytest.raises(ValidationError, match="depuis la page de l'étape"):
        services.movement_generate(actor=world.referee, session=stage_tournament.sessions.get())
    assert not Place.objects.exists()


def test_only_the_stages_registered_players_take_a_place(world, stage_tournament):
    registrations = list(stage_tournament.registrations.order_by("pk"))
    movement = services.movement_generate(
        actor=world.referee,
        session=stage_tournament.sessions.get(),
        entrants=registrations[:15],
        seed=3,
    )
    vacant = Place.objects.get(table__movement=movement, table__sequence=1, registration=None)
    spot = Spot(vacant.table.section, vacant.player_code)
    outsider = f.LicenseeFactory(club=world.club)
    with pytest.raises(ValidationError, match="pas inscrit à cette étape"):
        services.late_arrival_seat(
            actor=world.referee, movement=movement, spot=spot, licensee=outsider
        )
    assert not Registration.objects.filter(licensee=outsider).exists()
    # A registered player the stage left out may take the vacant place.
    services.late_arrival_seat(
        actor=world.referee, movement=movement, spot=spot, licensee=registrations[15].licensee
    )
