"""A championship stage's tournament is made and filled by its stage (apps.competitions):
the tournament services refuse to make one, to turn one into another kind, or to register
a player in it past the stage's eligibility check; the forms do not offer the kind."""

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError

from apps.tournaments import services
from apps.tournaments.forms import TournamentForm
from apps.tournaments.models import Registration, Tournament
from tests import factories as f


@pytest.fixture
def stage_tournament(world):
    world.tournament.kind = Tournament.Kind.CHAMPIONSHIP
    world.tournament.save()
    return world.tournament


def test_a_club_cannot_create_a_championship_stage(world):
    with pytest.raises(ValidationError, match="page du championnat"):
        services.tournament_create(
            actor=world.club_manager,
            club=world.club,
            name="Finale",
            date=datetime.date(2027, 3, 1),
            kind=Tournament.Kind.CHAMPIONSHIP,
        )
    assert not Tournament.objects.filter(name="Finale").exists()


def test_a_stage_keeps_its_kind_and_no_tournament_becomes_one(world, stage_tournament):
    with pytest.raises(ValidationError, match="page du championnat"):
        services.tournament_update(
            actor=world.club_manager, tournament=stage_tournament, kind=Tournament.Kind.HOWELL
        )
    with pytest.raises(ValidationError, match="page du championnat"):
        services.tournament_update(
            actor=world.club_manager, tournament=world.draft, kind=Tournament.Kind.CHAMPIONSHIP
        )


def test_the_tournament_pages_do_not_register_in_a_stage(world, stage_tournament):
    licensee = f.LicenseeFactory(club=world.club, series="1")
    with pytest.raises(ValidationError, match="page de l'étape"):
        services.registration_create(
            actor=world.club_manager, tournament=stage_tournament, licensee=licensee
        )
    assert not Registration.objects.filter(licensee=licensee).exists()


def test_the_form_offers_the_kind_only_to_a_stage_which_cannot_change_it(world, stage_tournament):
    kinds = [value for value, _label in TournamentForm().fields["kind"].choices]
    assert Tournament.Kind.CHAMPIONSHIP not in kinds
    assert TournamentForm(instance=stage_tournament).fields["kind"].disabled


def test_the_club_neither_removes_a_player_nor_assigns_a_referee_nor_changes_the_index(
    world, stage_tournament
):
    registration = f.RegistrationFactory(tournament=stage_tournament)
    with pytest.raises(ValidationError, match="page de l'étape"):
        services.registration_delete(actor=world.club_manager, registration=registration)
    assert Registration.objects.filter(pk=registration.pk).exists()
    with pytest.raises(ValidationError, match="page de l'étape"):
        services.referee_assign(
            actor=world.club_manager, tournament=stage_tournament, referee=world.referee
        )
    with pytest.raises(ValidationError, match="suit son niveau"):
        services.tournament_update(
            actor=world.club_manager, tournament=stage_tournament, index=Decimal("1.5")
        )
    services.tournament_update(
        actor=world.club_manager, tournament=stage_tournament, venue="Salle B"
    )
