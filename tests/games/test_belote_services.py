"""Belote tournaments through their services: drawing the rounds (round robin, by the
standings), writing deals (refused by the rules, after the end, on a submitted sheet),
taking the last one off, submitting and reopening with a reason, every write audited,
the room's referees only, and the tournament finished only with every sheet in."""

import re

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied, ValidationError

from apps.core.models import AuditLog
from apps.games import services
from apps.games.models import BeloteDeal, BeloteMatch
from apps.games.selectors import belote_match, belote_standings
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from apps.tournaments.services import tournament_transition
from tests.factories import register
from tests.games.conftest import WIN
from tests.personas import PERSONAS
from tests.wording import said

pytestmark = pytest.mark.django_db

RUNNERS = {"federation_staff", "referee"}
SUBMITTED = re.escape(
    said("This sheet is submitted: the tournament's referee reopens it, with a reason.")
)


def _draw(world, tournament, pairing=services.ROUND_ROBIN):
    return services.belote_rounds_draw(actor=world.referee, tournament=tournament, pairing=pairing)


def _won(world, match, deals=4):
    """The first player wins the match: four deals of 252 (1008)."""
    for _ in range(deals):
        services.belote_deal_add(actor=world.referee, match=match, **WIN)
    return services.belote_match_submit(actor=world.referee, match=match)


def test_a_round_robin_of_six_draws_five_rounds_of_three_tables(world, belote):
    matches = _draw(world, belote)
    assert len(matches) == 15
    assert sorted({m.round for m in matches}) == [1, 2, 3, 4, 5]
    assert {m.table for m in matches} == {1, 2, 3}
    kind = ContentType.objects.get_for_model(BeloteMatch)
    assert AuditLog.objects.filter(action="create", content_type=kind).count() == 15
    with pytest.raises(ValidationError, match=said("The rounds are drawn already.")):
        _draw(world, belote)


def test_an_odd_field_gives_a_bye_already_submitted(world, belote):
    register(belote, 1)
    matches = _draw(world, belote)
    byes = [m for m in matches if m.bye]
    assert len(byes) == 7 and all(m.submitted_at and m.table is None for m in byes)


def test_a_deal_is_written_by_the_rules_and_audited(world, belote):
    match = _draw(world, belote)[0]
    deal = services.belote_deal_add(
        actor=world.referee,
        match=match,
        contract="trump",
        chooser=0,  # 50 + 10 against 70 + 20 + 20: a bide
        tricks=(50, 70),
        last_trick=0,
        combinations=(0, 20),
        belotes=(0, 1),
    )
    assert deal.number == 1
    assert AuditLog.objects.filter(action="create", object_id=str(deal.pk)).exists()
    sheet = belote_match(belote, match.pk).sheet
    assert sheet.lines[0].written == (0, 110 + 60) and sheet.lines[0].score.kind == "bide"


@pytest.mark.parametrize(
    ("deal", "message"),
    [
        ({"contract": "trump", "chooser": None, "tricks": (1, 1), "last_trick": 0}, "choisit"),
        ({**WIN, "belotes": (1, 0)}, "rop de belotes"),
        ({**WIN, "combinations": (15, 0)}, "dizaines"),
        ({**WIN, "combinations": (20, 50)}, "n seul joueur marque ses combinaisons"),
    ],
)
def test_a_deal_the_rules_refuse_changes_nothing(world, belote, deal, message):
    match = _draw(world, belote)[0]
    with pytest.raises(ValidationError, match=message):
        services.belote_deal_add(actor=world.referee, match=match, **deal)
    assert not BeloteDeal.objects.exists()


def test_no_deal_after_the_end_and_a_sheet_submitted_is_locked(world, belote):
    match = _draw(world, belote)[0]
    for _ in range(4):
        services.belote_deal_add(actor=world.referee, match=match, **WIN)
    with pytest.raises(ValidationError, match="a partie est finie"):
        services.belote_deal_add(actor=world.referee, match=match, **WIN)
    services.belote_match_submit(actor=world.referee, match=match)
    with pytest.raises(ValidationError, match=SUBMITTED):
        services.belote_deal_add(actor=world.referee, match=match, **WIN)
    with pytest.raises(ValidationError, match=SUBMITTED):
        services.belote_deal_delete(actor=world.referee, deal=match.deals.last())


def test_a_match_not_over_cannot_be_submitted(world, belote):
    match = _draw(world, belote)[0]
    services.belote_deal_add(actor=world.referee, match=match, **WIN)
    with pytest.raises(ValidationError, match="1001"):
        services.belote_match_submit(actor=world.referee, match=match)


def test_only_the_last_deal_is_taken_off(world, belote):
    match = _draw(world, belote)[0]
    first = services.belote_deal_add(actor=world.referee, match=match, **WIN)
    services.belote_deal_add(actor=world.referee, match=match, **WIN)
    with pytest.raises(ValidationError, match=said("Only the sheet's last deal can be taken off.")):
        services.belote_deal_delete(actor=world.referee, deal=first)
    services.belote_deal_delete(actor=world.referee, deal=match.deals.last())
    assert list(match.deals.values_list("number", flat=True)) == [1]
    assert AuditLog.objects.filter(action="delete").count() == 1


def test_reopening_needs_a_reason_and_keeps_it(world, belote):
    match = _won(world, _draw(world, belote)[0])
    with pytest.raises(ValidationError, match=said("Give the reason for reopening the sheet.")):
        services.belote_match_reopen(actor=world.referee, match=match, reason=" ")
    services.belote_match_reopen(actor=world.referee, match=match, reason="Donne 3 mal recopiée")
    match.refresh_from_db()
    assert match.submitted_at is None
    log = AuditLog.objects.filter(object_id=str(match.pk), action="update").order_by("pk").last()
    assert log.changes["reason"] == "Donne 3 mal recopiée"


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_rooms_referees_write(world, belote, persona):
    user = world.persona(persona)
    if persona in RUNNERS:
        match = _draw(world, belote)[0] if persona == "referee" else None
        match = (
            match
            or services.belote_rounds_draw(
                actor=user, tournament=belote, pairing=services.ROUND_ROBIN
            )[0]
        )
        services.belote_deal_add(actor=user, match=match, **WIN)
        return
    with pytest.raises(PermissionDenied):
        services.belote_rounds_draw(actor=user, tournament=belote, pairing=services.ROUND_ROBIN)
    match = _draw(world, belote)[0]
    with pytest.raises(PermissionDenied):
        services.belote_deal_add(actor=user, match=match, **WIN)
    assert not BeloteDeal.objects.exists()


def test_rounds_paired_by_the_standings(world, belote):
    first_round = _draw(world, belote, services.STANDINGS)
    assert {m.round for m in first_round} == {1} and len(first_round) == 3
    with pytest.raises(
        ValidationError, match=said("Every match of the round must be submitted first.")
    ):
        _draw(world, belote, services.STANDINGS)
    for match in first_round:
        _won(world, match)
    second = _draw(world, belote, services.STANDINGS)
    winners = {m.first_id for m in first_round}
    pairs = [{m.first_id, m.second_id} for m in second]
    assert all(m.round == 2 for m in second)
    # the three winners lead the standings: the first two meet, the third meets a loser
    ranked = [registration.pk for _standing, registration in belote_standings(belote)]
    assert set(ranked[:3]) == winners
    assert {ranked[0], ranked[1]} in pairs
    first_pairs = [{m.first_id, m.second_id} for m in first_round]
    assert not any(pair in first_pairs for pair in pairs)


def test_the_standings_count_submitted_sheets_and_byes_once_their_round_is_over(world, belote):
    register(belote, 1)
    matches = _draw(world, belote)
    played = [m for m in matches if m.round == 1 and not m.bye]
    _won(world, played[0])
    standings = belote_standings(belote)
    top = standings[0][0]
    assert top.won == 1 and top.difference == 1008 and top.points == 1008
    bye = next(m for m in matches if m.round == 1 and m.bye)
    row = next(s for s, r in standings if r.pk == bye.first_id)
    assert row.played == 0  # its round is not over yet
    for match in played[1:]:
        _won(world, match)
    row = next(s for s, r in belote_standings(belote) if r.pk == bye.first_id)
    assert row.won == 1 and row.points == 0 and row.played == 1


def test_the_tournament_finishes_once_every_sheet_is_in(world, belote):
    with pytest.raises(ValidationError, match=said("No round is drawn yet.")):
        tournament_transition(actor=world.referee, tournament=belote, status=Status.FINISHED)
    matches = _draw(world, belote)
    with pytest.raises(
        ValidationError, match=re.escape(said("Sheets not submitted yet: %(count)s.", count=15))
    ):
        tournament_transition(actor=world.referee, tournament=belote, status=Status.FINISHED)
    for match in matches:
        _won(world, match)
    tournament_transition(actor=world.referee, tournament=belote, status=Status.FINISHED)
    assert Tournament.objects.get(pk=belote.pk).status == Status.FINISHED
    with pytest.raises(
        ValidationError, match=said("The sheets are kept while the tournament is running.")
    ):
        services.belote_match_reopen(actor=world.referee, match=matches[0], reason="x")


def test_sheets_are_kept_for_belote_tournaments_only(world):
    world.tournament.status = Status.RUNNING
    world.tournament.save()
    register(world.tournament, 4)
    with pytest.raises(
        ValidationError,
        match=re.escape(
            said("This tournament does not play %(game)s.", game=said("belote (two players)"))
        ),
    ):
        _draw(world, world.tournament)
    assert not BeloteMatch.objects.exists()


def _all_pass(world, match, **others):
    return services.belote_deal_add(
        actor=world.referee,
        match=match,
        contract="all_pass",
        chooser=None,
        tricks=(80, 0),
        last_trick=0,
        combinations=(20, 0),
        **others,
    )


def test_an_all_pass_round_records_who_took_a_trick(world, belote):
    """Player 1 took a trick of cards worth nothing: player 0's tierce counts against them
    (-20); not recorded, the sheet shows no trick of theirs and it does not."""
    first, second = _draw(world, belote)[:2]
    taken = _all_pass(world, first, took_a_trick=(True, True))
    assert (taken.took_trick_first, taken.took_trick_second) == (True, True)
    assert belote_match(belote, first.pk).sheet.lines[0].written == (-90, -20)
    shown = _all_pass(world, second)
    assert (shown.took_trick_first, shown.took_trick_second) == (True, False)
    assert belote_match(belote, second.pk).sheet.lines[0].written == (-90, 0)


def test_a_trick_recorded_against_the_points_is_refused(world, belote):
    match = _draw(world, belote)[0]
    with pytest.raises(ValidationError, match="a pris un pli"):
        _all_pass(world, match, took_a_trick=(False, True))
    assert not BeloteDeal.objects.exists()


def test_a_deal_played_to_a_contract_records_no_trick(world, belote):
    deal = services.belote_deal_add(actor=world.referee, match=_draw(world, belote)[0], **WIN)
    assert (deal.took_trick_first, deal.took_trick_second) == (None, None)
