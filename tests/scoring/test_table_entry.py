"""Table entry services (art. 19 « La marque »): Nord sends, another player confirms from
another phone before the score counts, a disagreement waits for the referee; every call
is idempotent by table, position and étui; codes open their table only, and only while
table entry is on and the session lasts. A refused call changes nothing."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from apps.core.models import AuditLog
from apps.movements import services as movements
from apps.movements.models import TableCode
from apps.movements.selectors import session_over, table_by_code
from apps.movements.services import CODE_ALPHABET, CODE_LENGTH
from apps.scoring import selectors, services
from apps.scoring.domain.deal import Deal, duplicate_score
from apps.scoring.models import Play, TableEntry
from apps.scoring.table_entry import (
    table_entry_confirm,
    table_entry_dispute,
    table_entry_refusal,
    table_entry_send,
)
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Session
from tests.builders import generate, in_play, table_at
from tests.queries import queries_of
from tests.wording import said

pytestmark = pytest.mark.django_db


@pytest.fixture
def movement(world):
    """A 5-table session at position 1 with table entry on."""
    movement = in_play(world, position=1)
    return movements.movement_table_entry_set(actor=world.referee, movement=movement, enabled=True)


def _code(movement, table: int = 1) -> TableCode:
    return TableCode.objects.select_related("movement__session__tournament").get(
        movement=movement, table=table
    )


def _etui(movement, table: int = 1, sequence: int = 1) -> int:
    return table_at(movement.session, table, sequence).etuis[0]


NORDS_PHONE, OTHER_PHONE = "nord-phone", "other-phone"  # devices (apps.movements.phones)


def _send(movement, score=56, table=1, device=NORDS_PHONE, **kwargs):
    return table_entry_send(
        code=_code(movement, table),
        sequence=1,
        etui=_etui(movement, table),
        score=score,
        device=device,
        **kwargs,
    )


def _confirm(movement, score=56, seat="E", table=1, device=OTHER_PHONE):
    return table_entry_confirm(
        code=_code(movement, table),
        sequence=1,
        etui=_etui(movement, table),
        seat=seat,
        score=score,
        device=device,
    )


def _dispute(movement, score=-56, seat="S", table=1, device=OTHER_PHONE):
    return table_entry_dispute(
        code=_code(movement, table),
        sequence=1,
        etui=_etui(movement, table),
        seat=seat,
        score=score,
        device=device,
    )


def _play(movement, table=1):
    return Play.objects.filter(
        table=table_at(movement.session, table), etui=_etui(movement, table)
    ).first()


def _entry_audits():
    return list(
        AuditLog.objects.filter(content_type__model="tableentry")
        .order_by("pk")
        .values_list("action", "changes")
    )


# --- codes -----------------------------------------------------------------------


def test_each_table_of_a_movement_gets_its_own_code(world):
    movement = generate(world, 28)
    codes = list(TableCode.objects.filter(movement=movement).values_list("table", "code"))
    assert sorted(table for table, _ in codes) == list(range(1, 8))
    assert len({code for _, code in codes}) == 7
    assert all(len(code) == CODE_LENGTH and set(code) <= set(CODE_ALPHABET) for _, code in codes)


def test_a_regenerated_movement_draws_new_codes(world):
    movement = generate(world, 28)
    before = set(TableCode.objects.values_list("code", flat=True))
    movement = movements.movement_generate(actor=world.referee, session=movement.session, seed=8)
    after = set(TableCode.objects.filter(movement=movement).values_list("code", flat=True))
    assert len(after) == 7 and not before & after
    assert TableCode.objects.count() == 7


def test_switching_table_entry_is_audited_and_for_the_room_only(world):
    movement = in_play(world, position=1)
    with pytest.raises(PermissionDenied):
        movements.movement_table_entry_set(actor=world.player, movement=movement, enabled=True)
    movements.movement_table_entry_set(actor=world.referee, movement=movement, enabled=True)
    movement.refresh_from_db()
    assert movement.table_entry
    changes = AuditLog.objects.filter(content_type__model="sessionmovement").latest("pk").changes
    assert changes == {"table_entry": [False, True]}


# --- when a code may enter -------------------------------------------------------


def test_nothing_is_sent_while_table_entry_is_off(world):
    movement = in_play(world, position=1)
    with pytest.raises(ValidationError) as refused:
        _send(movement)
    assert refused.value.messages == [
        said("Table entry is not open for this session: hand the traveller to the referee.")
    ]
    assert not TableEntry.objects.exists()


def test_nothing_is_sent_before_play_starts(world):
    movement = generate(world, 20)
    movements.movement_table_entry_set(actor=world.referee, movement=movement, enabled=True)
    assert table_entry_refusal(_code(movement)) == said(
        "Play has not started: scores are entered once the referee starts it."
    )
    with pytest.raises(ValidationError):
        _send(movement)


def test_a_position_not_in_play_is_refused(movement):
    etui = table_at(movement.session, 1, 2).etuis[0]
    with pytest.raises(ValidationError) as refused:
        table_entry_send(code=_code(movement), sequence=2, etui=etui, score=56, device=NORDS_PHONE)
    assert refused.value.messages == [said("This position is not in play at this table.")]


def test_an_etui_the_table_does_not_play_is_refused(movement):
    table = table_at(movement.session, 1)
    other = next(e for e in range(1, 40) if e not in table.etuis)
    with pytest.raises(ValidationError) as refused:
        table_entry_send(code=_code(movement), sequence=1, etui=other, score=56, device=NORDS_PHONE)
    assert refused.value.messages == [
        said("Table %(table)s does not play étui %(etui)s at this position.")
        % {"table": table.table, "etui": other}
    ]
    assert not TableEntry.objects.exists()


def test_the_table_its_etuis_entry_and_line_are_read_in_one_statement(movement):
    """Locked together: Nord's send writes the entry and its audit row after it."""
    code, (first, etui, *_others) = (
        table_by_code(_code(movement).code),
        table_at(movement.session, 1).etuis,
    )
    table_entry_send(code=code, sequence=1, etui=first, score=56, device=NORDS_PHONE)

    def send():
        table_entry_send(code=code, sequence=1, etui=etui, score=56, device=NORDS_PHONE)

    # the statement, the entry (in a savepoint: another phone's may have been written while
    # this one waited for the lock) and its audit row, between the transaction's two ends
    assert queries_of(send) == 1 + (1 + 2) + 1 + 2
    assert queries_of(send) == 1 + 2  # sent again: read, nothing written


def test_a_code_opens_only_its_table(movement):
    other = table_at(movement.session, 2).etuis[0]
    assert other not in table_at(movement.session, 1).etuis
    with pytest.raises(ValidationError):
        table_entry_send(
            code=_code(movement, 1), sequence=1, etui=other, score=56, device=NORDS_PHONE
        )
    assert not TableEntry.objects.exists()


def test_codes_stop_working_when_the_session_ends(world, movement):
    world.tournament.status = Status.FINISHED
    world.tournament.save()
    assert table_entry_refusal(_code(movement)) == said(
        "This session is over: its table codes no longer work."
    )
    with pytest.raises(ValidationError):
        _send(movement)


def test_codes_stop_working_when_the_next_session_starts(world, movement):
    second = Session.objects.create(tournament=world.tournament, number=2)
    later = movements.movement_generate(actor=world.referee, session=second, seed=2)
    assert table_entry_refusal(_code(movement)) == ""
    movements.movement_advance(actor=world.referee, movement=later, from_position=0)
    assert table_entry_refusal(_code(movement)) == said(
        "This session is over: its table codes no longer work."
    )


def test_a_code_read_from_its_address_knows_whether_the_session_is_over(world, movement):
    """table_by_code reads, with the code, whether a later session started: the refusal
    asks nothing more, and says what session_over says."""
    second = Session.objects.create(tournament=world.tournament, number=2)
    later = movements.movement_generate(actor=world.referee, session=second, seed=2)
    code = _code(movement).code
    found = table_by_code(code.lower())
    assert queries_of(lambda: table_entry_refusal(found)) == 0
    assert table_entry_refusal(found) == ""
    movements.movement_advance(actor=world.referee, movement=later, from_position=0)
    found = table_by_code(code)
    assert queries_of(lambda: table_entry_refusal(found)) == 0
    assert table_entry_refusal(found) == said(
        "This session is over: its table codes no longer work."
    )
    assert session_over(found.movement)


# --- Nord sends, another player confirms -----------------------------------------


def test_nords_score_waits_for_confirmation_and_does_not_count(movement):
    entry = _send(movement)
    assert (entry.state, entry.score) == (TableEntry.State.PENDING, 56)
    assert _play(movement) is None
    assert _entry_audits() == [
        ("create", {"score": [None, 56], "sender_device": [None, NORDS_PHONE]})
    ]


def test_the_same_score_sent_again_changes_nothing(movement):
    _send(movement)
    _send(movement)
    assert TableEntry.objects.count() == 1 and len(_entry_audits()) == 1


def test_nord_corrects_the_score_until_it_is_confirmed(movement):
    _send(movement)
    _send(movement, score=-52)
    assert TableEntry.objects.get().score == -52
    assert _entry_audits()[-1] == ("update", {"score": [56, -52]})  # from the same phone


def test_the_deals_details_give_the_garde_score(movement):
    deal = Deal(bouts=2, points=45)
    entry = table_entry_send(
        code=_code(movement), sequence=1, etui=_etui(movement), deal=deal, device=NORDS_PHONE
    )
    assert entry.score == duplicate_score(deal) and entry.deal["points"] == 45


def test_a_score_no_garde_gives_is_refused(movement):
    with pytest.raises(ValidationError):
        _send(movement, score=57)
    assert not TableEntry.objects.exists()


def test_a_confirmed_score_counts_with_no_ones_name(movement):
    _send(movement)
    entry = _confirm(movement)
    play = _play(movement)
    assert (entry.state, entry.checker_seat) == (TableEntry.State.CONFIRMED, "E")
    assert (play.score, play.entered_by, play.check_score) == (56, None, None)
    audit = AuditLog.objects.filter(content_type__model="play").get()
    assert audit.actor is None
    assert audit.changes["reason"] == said(
        "entered at the table, confirmed by %(seat)s", seat=said("East")
    )


def test_a_confirmation_sent_again_changes_nothing(movement):
    _send(movement)
    _confirm(movement)
    _confirm(movement)
    assert AuditLog.objects.filter(content_type__model="play").count() == 1


def test_nord_does_not_confirm_their_own_score(movement):
    _send(movement)
    with pytest.raises(ValidationError):
        _confirm(movement, seat="N")
    assert _play(movement) is None


SAME_PHONE = (
    "Nord's score was sent from this phone: another player of the table checks it from their "
    "own phone, opened with the table's code."
)


@pytest.mark.parametrize("check", [_confirm, _dispute])
def test_the_phone_that_sent_the_score_does_not_check_it(movement, check):
    """Confirming or disagreeing from the phone that sent Nord's score is refused and
    changes nothing; from another phone it is taken."""
    _send(movement)
    audits = _entry_audits()
    with pytest.raises(ValidationError) as refused:
        check(movement, device=NORDS_PHONE)
    assert refused.value.messages == [said(SAME_PHONE)]
    assert TableEntry.objects.get().state == TableEntry.State.PENDING
    assert _play(movement) is None and _entry_audits() == audits
    entry = check(movement, device=OTHER_PHONE)
    assert (entry.state != TableEntry.State.PENDING, entry.checker_device) == (True, OTHER_PHONE)


def test_the_phone_that_corrects_nords_score_becomes_its_sender(movement):
    _send(movement)
    _send(movement, score=-52, device=OTHER_PHONE)
    assert TableEntry.objects.get().sender_device == OTHER_PHONE
    with pytest.raises(ValidationError):
        _confirm(movement, score=-52, device=OTHER_PHONE)
    assert _confirm(movement, score=-52, device=NORDS_PHONE).state == TableEntry.State.CONFIRMED


def test_a_confirmation_of_a_score_since_changed_is_refused(movement):
    _send(movement)
    _send(movement, score=-52)
    with pytest.raises(ValidationError) as refused:
        _confirm(movement, score=56)
    assert refused.value.messages == [
        said("Nord's score is now %(score)s: read it again before confirming.", score=-52)
    ]
    assert _play(movement) is None


def test_nothing_to_confirm_before_nord_sends(movement):
    with pytest.raises(ValidationError):
        _confirm(movement)


def test_a_recorded_line_takes_its_own_score_again_and_refuses_another(movement):
    _send(movement)
    _confirm(movement)
    _send(movement)
    with pytest.raises(ValidationError) as refused:
        _send(movement, score=-52)
    assert refused.value.messages == [
        said("This étui is already recorded (%(score)s): ask the referee to correct it.", score=56)
    ]


def test_the_referees_score_stands_over_the_table(world, movement):
    table = table_at(movement.session, 1)
    services.play_score_set(actor=world.referee, table=table, etui=_etui(movement), score=-80)
    _send(movement, score=-80)
    with pytest.raises(ValidationError):
        _send(movement, score=56)
    assert _play(movement).score == -80


# --- disagreements ---------------------------------------------------------------


def test_a_disagreement_waits_for_the_referee(movement):
    _send(movement)
    entry = _dispute(movement)
    assert (entry.state, entry.checker_seat, entry.checker_score) == ("disputed", "S", -56)
    assert _play(movement) is None
    [item] = selectors.table_disagreements(movement.session)
    assert (item.line.etui, item.entry.score, item.entry.checker_score) == (
        _etui(movement),
        56,
        -56,
    )


def test_a_disagreement_sent_again_changes_nothing_and_nord_waits(movement):
    _send(movement)
    _dispute(movement)
    _dispute(movement)
    assert len(_entry_audits()) == 2
    with pytest.raises(ValidationError):
        _send(movement, score=-52)
    with pytest.raises(ValidationError):
        _confirm(movement)


def test_disagreeing_with_the_same_score_confirms(movement):
    _send(movement)
    entry = _dispute(movement, score=56)
    assert entry.state == TableEntry.State.CONFIRMED and _play(movement).score == 56


def test_the_referee_settles_a_disagreement(world, movement):
    _send(movement)
    _dispute(movement)
    table = table_at(movement.session, 1)
    services.play_score_set(actor=world.referee, table=table, etui=_etui(movement), score=-56)
    assert selectors.table_disagreements(movement.session) == []
    [item] = [
        i for i in selectors.code_table_etuis(_code(movement), 1) if i.line.etui == _etui(movement)
    ]
    assert item.state == "recorded"


def test_the_referee_corrects_a_confirmed_line_audited(world, movement):
    _send(movement)
    _confirm(movement)
    table = table_at(movement.session, 1)
    services.play_score_set(actor=world.referee, table=table, etui=_etui(movement), score=62)
    audit = AuditLog.objects.filter(content_type__model="play").latest("pk")
    assert (audit.actor, audit.changes) == (world.referee, {"score": [56, 62]})


def test_a_frozen_tournament_takes_nothing_from_the_tables(world, movement):
    _send(movement)
    world.tournament.status = Status.SUBMITTED
    world.tournament.save()
    with pytest.raises(ValidationError):
        _confirm(movement)
    assert _play(movement) is None


# --- what the referee reads ------------------------------------------------------


def test_the_referee_reads_what_each_table_entered(movement):
    _send(movement, table=1)
    _confirm(movement, table=1)
    _send(movement, table=2)
    _send(movement, table=3)
    _dispute(movement, table=3)
    progress = selectors.entry_progress(movement.session)
    rows = {row.table.table: row for row in selectors.table_entry_rows(movement, progress)}
    assert len(rows) == 5
    assert (rows[1].recorded, rows[1].pending, rows[1].disputed) == (1, 0, 0)
    assert (rows[2].recorded, rows[2].pending, rows[2].disputed) == (0, 1, 0)
    assert (rows[3].recorded, rows[3].pending, rows[3].disputed) == (0, 0, 1)
    assert rows[1].etuis == len(table_at(movement.session, 1).etuis)
