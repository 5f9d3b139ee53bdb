"""A finished tournament's awards, computed by the award job when the referee finishes it
and again when its results change before submission; stored with their reasons."""

from apps.awards import services
from apps.awards.models import Award, AwardSet
from apps.scoring.services import play_score_set
from apps.tournaments.domain.workflow import Status
from apps.tournaments.services import tournament_transition, tournament_update
from tests.builders import enter_all, played, table_of


def _finish(world, django_capture_on_commit_callbacks):
    for status in (Status.RUNNING, Status.FINISHED):
        with django_capture_on_commit_callbacks(execute=True):
            tournament_transition(actor=world.referee, tournament=world.tournament, status=status)


def test_a_finished_7_table_evening_gets_its_awards(world, django_capture_on_commit_callbacks):
    movement = played(world, tables=7)
    enter_all(world, movement, seed=3)
    _finish(world, django_capture_on_commit_callbacks)
    award_set = AwardSet.objects.get(tournament=world.tournament)
    assert (award_set.state, award_set.rule) == ("done", "une séance en ligne, 7 tables")
    awards = list(Award.objects.filter(award_set=award_set))
    assert len(awards) >= 16  # 4 places in each of the 4 lines, more when ties share
    firsts = [a for a in awards if a.place == 1]
    assert {a.line for a in firsts} == {"N", "S", "E", "W"}
    assert all(a.pcn == 560 for a in firsts if "ex æquo" not in a.reason)
    assert all(a.reason.endswith(f": {a.pcn} PCN") for a in awards)


def test_a_change_after_the_finish_recomputes_and_nothing_else_does(
    world, django_capture_on_commit_callbacks
):
    movement = played(world, tables=5)
    enter_all(world, movement, seed=4)
    _finish(world, django_capture_on_commit_callbacks)
    award_set = AwardSet.objects.get(tournament=world.tournament)
    before = award_set.fingerprint
    # The same results asked again: nothing to do.
    assert services.awards_request(tournament_id=world.tournament.pk) is None
    table = table_of(movement, 1, 1)
    with django_capture_on_commit_callbacks(execute=True):
        play_score_set(
            actor=world.referee, table=table, etui=1, score=-92, reason="erreur de saisie"
        )
    award_set.refresh_from_db()
    assert award_set.state == "done"
    assert award_set.fingerprint != before


def test_under_12_players_the_tournament_says_why(world, django_capture_on_commit_callbacks):
    movement = played(world, tables=3)  # 12 places
    world.tournament.registrations.order_by("-pk").first().places.update(registration=None)
    enter_all(world, movement, seed=5)
    _finish(world, django_capture_on_commit_callbacks)
    award_set = AwardSet.objects.get(tournament=world.tournament)
    assert award_set.refusal == "moins de 12 joueurs (11) : le tournoi n'attribue pas de PCN"
    assert not award_set.awards.exists()


def test_no_awards_while_play_goes_on(world, django_capture_on_commit_callbacks):
    movement = played(world, tables=5)
    with django_capture_on_commit_callbacks(execute=True):
        tournament_transition(
            actor=world.referee, tournament=world.tournament, status=Status.RUNNING
        )
        enter_all(world, movement, seed=6)
    assert not AwardSet.objects.exists()


def test_a_changed_index_is_computed_again(world, django_capture_on_commit_callbacks):
    movement = played(world, tables=7)
    enter_all(world, movement, seed=3)
    _finish(world, django_capture_on_commit_callbacks)
    assert Award.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        tournament_update(actor=world.club_manager, tournament=world.tournament, index="1.2")
    award_set = AwardSet.objects.get(tournament=world.tournament)
    assert award_set.refusal == "l'indice 1,2 demande 52 joueurs au moins : 28 ont joué"
    assert not Award.objects.exists()
