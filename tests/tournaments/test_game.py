"""A tournament's game: duplicate tarot unless the club says otherwise; a championship
stage plays duplicate tarot; the game is kept once play has started; other games have no
awards and no homologation."""

import pytest
from django.core.exceptions import ValidationError

from apps.approvals.models import Homologation
from apps.approvals.services import submission_refusals
from apps.awards.models import AwardSet
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from apps.tournaments.services import (
    tournament_create,
    tournament_transition,
    tournament_update,
)
from tests.wording import said

pytestmark = pytest.mark.django_db

BELOTE = Tournament.Game.BELOTE


def test_a_tournament_plays_duplicate_tarot_unless_told_otherwise(world):
    tarot = tournament_create(
        actor=world.club_manager, club=world.club, name="Mardi", date=world.tournament.date
    )
    belote = tournament_create(
        actor=world.club_manager, club=world.club, name="Belote", date=world.tournament.date,
        game=BELOTE,
    )  # fmt: skip
    assert tarot.duplicate and tarot.game == Tournament.Game.DUPLICATE_TAROT
    assert not belote.duplicate and belote.get_game_display()


def test_a_championship_stage_plays_duplicate_tarot(world):
    with pytest.raises(ValidationError) as refused:
        tournament_create(
            actor=world.club_manager, club=world.club, name="Stage", date=world.tournament.date,
            kind=Tournament.Kind.CHAMPIONSHIP, game=BELOTE,
        )  # fmt: skip
    assert "game" in refused.value.message_dict or "kind" in refused.value.message_dict


def test_the_game_changes_until_play_starts(world):
    tournament = tournament_update(
        actor=world.club_manager, tournament=world.tournament, game=BELOTE
    )
    assert tournament.game == BELOTE
    Tournament.objects.filter(pk=tournament.pk).update(status=Status.RUNNING)
    tournament.refresh_from_db()
    with pytest.raises(
        ValidationError, match=said("A tournament keeps its game once play has started.")
    ):
        tournament_update(
            actor=world.club_manager, tournament=tournament, game=Tournament.Game.PINOCHLE
        )


def test_another_game_finished_asks_for_no_awards_and_no_homologation(
    world, django_capture_on_commit_callbacks
):
    tournament = world.tournament
    Tournament.objects.filter(pk=tournament.pk).update(
        game=Tournament.Game.FREE_TAROT, status=Status.RUNNING
    )
    tournament.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        tournament_transition(actor=world.referee, tournament=tournament, status=Status.FINISHED)
    assert not AwardSet.objects.filter(tournament=tournament).exists()
    assert not Homologation.objects.filter(tournament=tournament).exists()
    refusals = submission_refusals(tournament)
    assert len(refusals) == 1 and "duplicate" in refusals[0]
