"""Score entry services: a traveller line's score or deal's details, the second entry of
double entry, clearing a line; who may write, the rules, the audit rows (old → new) and a
reason once the results are closed. A refused write changes nothing."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from apps.core.models import AuditLog
from apps.scoring import services
from apps.scoring.domain.deal import Chelem, Contract, Deal, Poignee, Side, duplicate_score
from apps.scoring.domain.deal import duplicate_score_reason as reason_of
from apps.scoring.models import Play
from apps.tournaments.domain.workflow import Status
from tests import factories as f
from tests.builders import in_play, play_audits, table_of
from tests.personas import PERSONAS
from tests.wording import said

pytestmark = pytest.mark.django_db

RUNNERS = {"federation_staff", "referee"}


@pytest.fixture
def table(world):
    """Table 1 at position 1 of a 5-table session in play: étuis 1 to 4."""
    return table_of(in_play(world), 1, 1)


def _set(world, table, **kwargs):
    return services.play_score_set(actor=world.referee, table=table, **{"etui": 1, **kwargs})


def _nothing_stored():
    return (
        not Play.objects.exclude(score=None).exists()
        and not AuditLog.objects.filter(content_type__model="play").exists()
    )


# --- the score -------------------------------------------------------------------


def test_the_score_is_stored_with_who_entered_it_and_audited(world, table):
    play = _set(world, table, score=56)
    play.refresh_from_db()
    assert (play.score, play.deal, play.entered_by) == (56, None, world.referee)
    assert play.entered_at is not None
    assert play_audits(play) == [("create", {"score": [None, 56]})]


def test_a_correction_is_audited_old_to_new(world, table):
    _set(world, table, score=56)
    play = _set(world, table, score=-52)
    assert Play.objects.get().score == -52
    assert play_audits(play)[-1] == ("update", {"score": [56, -52]})


def test_the_same_score_again_changes_nothing(world, table):
    play = _set(world, table, score=56)
    _set(world, table, score=56)
    assert len(play_audits(play)) == 1


def test_a_deal_is_turned_into_its_garde_score(world, table):
    deal = Deal(2, 45, poignees=(Poignee.SIMPLE,), petit_au_bout=Side.TAKER)
    play = _set(world, table, deal=deal)
    play.refresh_from_db()
    assert play.score == duplicate_score(deal) == 2 * (25 + 4 + 10) + 20
    assert play.deal == {
        "bouts": 2,
        "points": 45,
        "contract": "garde",
        "players": 4,
        "poignees": ["simple"],
        "petit_au_bout": "taker",
        "chelem": None,
    }
    assert play_audits(play)[0][1]["deal"] == [None, play.deal]


def test_a_score_typed_after_a_deal_drops_the_details(world, table):
    _set(world, table, deal=Deal(3, 91, chelem=Chelem.MADE))
    play = _set(world, table, score=56)
    assert (play.score, play.deal) == (56, None)


@pytest.mark.parametrize("score", [57, 24, 5000, -5000])
def test_a_score_no_garde_deal_gives_is_refused_with_its_reason(world, table, score):
    reason = reason_of(score)
    assert reason is not None
    with pytest.raises(ValidationError) as exc:
        _set(world, table, score=score)
    assert exc.value.messages == [services.sentence(reason)]
    assert _nothing_stored()


def test_a_deal_other_than_a_garde_is_refused(world, table):
    with pytest.raises(ValidationError):
        _set(world, table, deal=Deal(2, 45, contract=Contract.PRISE))
    assert _nothing_stored()


@pytest.mark.parametrize("given", [{}, {"score": 56, "deal": Deal(2, 44)}])
def test_exactly_one_of_score_and_deal(world, table, given):
    with pytest.raises(ValidationError) as exc:
        _set(world, table, **given)
    assert exc.value.messages == [said("Give either the score or the deal's details.")]
    assert _nothing_stored()


def test_the_etui_must_be_one_the_table_plays(world, table):
    with pytest.raises(ValidationError) as exc:
        _set(world, table, etui=5, score=56)
    assert exc.value.messages == [
        said(
            "Table %(table)s does not play étui %(etui)s at position %(position)s.",
            table=1,
            etui=5,
            position=1,
        )
    ]
    assert not Play.objects.exists()


def test_nothing_is_scored_at_the_duplication_position(world, table):
    table.position = 0
    table.save()
    with pytest.raises(ValidationError):
        _set(world, table, score=56)
    assert not Play.objects.exists()


def test_a_position_not_in_play_is_refused(world):
    movement = in_play(world, position=2)
    with pytest.raises(ValidationError) as exc:
        _set(world, table_of(movement, 1, 3), score=56)
    assert exc.value.messages == [
        said("Position %(position)s is not in play yet: its scores cannot be entered.", position=3)
    ]
    assert _set(world, table_of(movement, 1, 2), score=56).score == 56


# --- closed results --------------------------------------------------------------


def test_once_results_are_closed_a_change_needs_a_reason(world, table):
    _set(world, table, score=56)
    world.tournament.status = Status.FINISHED
    world.tournament.save()
    for write in (
        lambda: _set(world, table, score=62, reason="  "),
        lambda: services.play_check_set(actor=world.referee, table=table, etui=1, score=62),
        lambda: services.play_score_clear(actor=world.referee, table=table, etui=1),
    ):
        with pytest.raises(ValidationError) as exc:
            write()
        assert exc.value.messages == [said("The results are closed: give a reason for the change.")]
    play = _set(world, table, score=62, reason="Rature visée par l'arbitre")
    assert play_audits(play)[-1] == (
        "update",
        {"score": [56, 62], "reason": "Rature visée par l'arbitre"},
    )


def test_before_close_no_reason_is_needed_but_one_is_kept(world, table):
    world.tournament.status = Status.RUNNING
    world.tournament.save()
    play = _set(world, table, score=56, reason="Fiche raturée")
    assert play_audits(play) == [("create", {"score": [None, 56], "reason": "Fiche raturée"})]


# --- who may write ---------------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
@pytest.mark.parametrize(
    "write", [services.play_score_set, services.play_check_set, services.play_score_clear]
)
def test_only_the_referee_and_federation_staff_enter_scores(world, table, persona, write):
    _set(world, table, score=56)
    extra = {} if write is services.play_score_clear else {"score": 62}
    if persona not in RUNNERS:
        with pytest.raises(PermissionDenied):
            write(actor=world.persona(persona), table=table, etui=1, **extra)
        play = Play.objects.get()
        assert (play.score, play.check_score) == (56, None)
        return
    write(actor=world.persona(persona), table=table, etui=1, **extra)


def test_a_referee_of_another_tournament_may_not(world, table):
    other = f.UserFactory()
    f.RoleFactory(user=other)
    with pytest.raises(PermissionDenied):
        services.play_score_set(actor=other, table=table, etui=1, score=56)
    assert not Play.objects.exists()


# --- double entry ----------------------------------------------------------------


def test_the_second_entry_is_kept_apart(world, table):
    _set(world, table, score=56)
    play = services.play_check_set(
        actor=world.federation_staff, table=table, etui=1, deal=Deal(2, 44)
    )
    play.refresh_from_db()
    assert (play.score, play.check_score, play.checked_by) == (56, 2 * 28, world.federation_staff)
    assert play.entered_by == world.referee and not play.mismatch
    assert play_audits(play)[-1] == ("update", {"check_score": [None, 56]})


def test_a_second_entry_may_come_first(world, table):
    play = services.play_check_set(actor=world.referee, table=table, etui=1, score=62)
    assert (play.score, play.check_score, play.mismatch) == (None, 62, True)
    assert play_audits(play) == [("create", {"check_score": [None, 62]})]


def test_a_second_entry_follows_the_same_rules(world, table):
    with pytest.raises(ValidationError):
        services.play_check_set(actor=world.referee, table=table, etui=1, score=57)
    assert not Play.objects.exists()


# --- clearing --------------------------------------------------------------------


def test_clearing_blanks_the_line_and_audits_it(world, table):
    _set(world, table, deal=Deal(2, 44))
    services.play_check_set(actor=world.referee, table=table, etui=1, score=56)
    play = services.play_score_clear(actor=world.referee, table=table, etui=1)
    play.refresh_from_db()
    assert (play.score, play.deal, play.check_score, play.entered_by) == (None, None, None, None)
    action, changes = play_audits(play)[-1]
    assert action == "update"
    assert changes["score"] == [56, None] and changes["check_score"] == [56, None]
    assert changes["deal"][1] is None


def test_clearing_a_line_never_entered_does_nothing(world, table):
    assert services.play_score_clear(actor=world.referee, table=table, etui=1) is None
    assert not Play.objects.exists() and _nothing_stored()
