"""Table entry: the players enter their table's scores from a phone, with the code of the
table printed on its table card (fascicule 3, art. 19 « La marque »: the marque is Nord's,
its checking the other players'). Nord sends each étui's score (or the deal's details);
another player of the table confirms it from another phone before it counts, or
disagrees and the referee settles it (the mismatches page). Each call names the phone's
``device`` (apps.movements.phones): the phone that sent a score cannot check it. Every
call is idempotent by table, position and étui: a phone on a poor connection sends again
until the server has it, and nothing changes twice.

The referee switches table entry on per session (apps.movements), reads what each table
has entered, and can always correct a line (services.play_score_set, audited). Codes stop
working when the session ends (movements.selectors.session_over).
"""

from typing import NamedTuple

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core.audit import audit_record, model_update
from apps.core.rows import models_columns, models_from_row, rows_read
from apps.movements.models import MovementTable, SeatChoice, TableCode
from apps.movements.selectors import code_session_over
from apps.scoring.domain.deal import Deal
from apps.scoring.models import Play, TableEntry
from apps.scoring.services import deal_details, garde_score, play_score_from_table

CHECKERS = (SeatChoice.EAST, SeatChoice.SOUTH, SeatChoice.WEST)


def table_entry_refusal(code: TableCode) -> str:
    """Why the code's table cannot enter scores now ("" when it can)."""
    movement = code.movement
    if code_session_over(code):
        return _("This session is over: its table codes no longer work.")
    if not movement.table_entry:
        return _("Table entry is not open for this session: hand the traveller to the referee.")
    if movement.current_position == 0:
        return _("Play has not started: scores are entered once the referee starts it.")
    return ""


class EntryLine(NamedTuple):
    """An étui at the code's table, as a phone's post reads it: the table, locked; the
    étui's entry (None before Nord sends it), which the table's lock guards (every writer
    of entries locks the table first); the line's score (None while not recorded)."""

    table: MovementTable
    entry: TableEntry | None
    recorded: int | None


def _entry_line_sql() -> str:
    tables, entries, plays = (
        MovementTable._meta.db_table,
        TableEntry._meta.db_table,
        Play._meta.db_table,
    )
    # SQLite (`make run`) has no row locks: one writer at a time holds its whole database
    lock = " FOR UPDATE OF t" if connection.features.has_select_for_update_of else ""
    return (
        f"SELECT {models_columns(((MovementTable, 't'), (TableEntry, 'e')))}, "
        f"(SELECT l.score FROM {plays} l WHERE l.table_id = t.id AND l.etui = %s) "
        f"FROM {tables} t LEFT JOIN {entries} e ON e.table_id = t.id AND e.etui = %s "
        'WHERE t.movement_id = %s AND t.section = %s AND t."table" = %s AND t.sequence = %s'
        f"{lock}"
    )


def entry_line(code: TableCode, sequence: int, etui: int) -> EntryLine:
    """The étui at the code's table at the position played ``sequence``-th, in one
    statement, once its scores may be entered from the table (the position is in play or
    played, the table plays the étui there)."""
    refusal = table_entry_refusal(code)
    if refusal:
        raise ValidationError(refusal)
    params = [etui, etui, code.movement_id, code.section, code.table, sequence]
    rows = rows_read(_entry_line_sql(), params)
    if not rows:
        raise ValidationError(_("This position is not in play at this table."))
    table, entry = models_from_row(rows[0], MovementTable, TableEntry)
    if sequence > code.movement.current_position or table.position < 1:
        raise ValidationError(_("This position is not in play at this table."))
    table.movement = code.movement
    if etui not in table.etuis:
        raise ValidationError(
            _("Table %(table)s does not play étui %(etui)s at this position.")
            % {"table": table.table, "etui": etui}
        )
    if entry.pk is None:
        return EntryLine(table, None, rows[0][-1])
    entry.table = table  # its audit row names the table without reading it again
    return EntryLine(table, entry, rows[0][-1])


def _settled(entry: TableEntry | None, recorded: int | None, score: int) -> bool:
    """Whether the line is settled already (``recorded``: the line's score, or waiting for
    the referee): the same score sent again is taken as sent, another one refused."""
    if recorded is not None:
        held = recorded
        refusal = _("This étui is already recorded (%(score)s): ask the referee to correct it.") % {
            "score": recorded
        }
    elif entry is not None and entry.state == TableEntry.State.DISPUTED:
        held = entry.score
        refusal = _("This étui waits for the referee (the table disagreed).")
    else:
        return False
    if held != score:
        raise ValidationError(refusal)
    return True


@transaction.atomic
def table_entry_send(
    *,
    code: TableCode,
    sequence: int,
    etui: int,
    device: str,
    score: int | None = None,
    deal: Deal | None = None,
) -> TableEntry | None:
    """Nord's score of an étui sent from the phone ``device``, waiting for another player's
    confirmation; sent again, the same score changes nothing, and a different one replaces
    it (and its phone) until it is confirmed."""
    table, entry, recorded = entry_line(code, sequence, etui)
    value = garde_score(score=score, deal=deal)
    details = deal_details(deal) if deal is not None else None
    if _settled(entry, recorded, value):
        return entry
    if entry is None:
        try:
            with transaction.atomic():
                entry = TableEntry.objects.create(
                    table=table,
                    etui=etui,
                    score=value,
                    deal=details,
                    state=TableEntry.State.PENDING,
                    sent_at=timezone.now(),
                    sender_device=device,
                )
        except IntegrityError:
            # Another phone's send of the étui committed while this one waited for the
            # table's lock: the statement that took the lock read the étui as it was before.
            # Read it again, now that the lock is this one's, and answer as to a send again.
            return table_entry_send(
                code=code, sequence=sequence, etui=etui, device=device, score=score, deal=deal
            )
        changes = {"score": [None, value], "sender_device": [None, device]}
        audit_record(actor=None, action="create", instance=entry, changes=changes)
        return entry
    if entry.state == TableEntry.State.CONFIRMED:
        # the referee cleared the confirmed line: theirs to enter again
        raise ValidationError(_("The referee holds this étui: ask them to enter it."))
    changes = model_update(entry, {"score": value, "deal": details})
    if changes:
        changes |= model_update(entry, {"sender_device": device})
        entry.sent_at = timezone.now()
        entry.save()
        audit_record(actor=None, action="update", instance=entry, changes=changes)
    return entry


def _pending(entry: TableEntry | None, seat: str) -> TableEntry:
    if seat not in CHECKERS:
        raise ValidationError(_("Another player than Nord checks Nord's score."))
    if entry is None:
        raise ValidationError(_("Nord has not sent this étui's score yet."))
    return entry


def _other_phone(entry: TableEntry, device: str) -> None:
    """Nord's score is checked from another phone than the one that sent it."""
    if device == entry.sender_device:
        raise ValidationError(
            _(
                "Nord's score was sent from this phone: another player of the table checks it "
                "from their own phone, opened with the table's code."
            )
        )


def _checked(entry: TableEntry, state: str, seat: str, score: int, device: str) -> None:
    """The checker's word on Nord's score, stamped and audited."""
    changes = model_update(
        entry,
        {"state": state, "checker_seat": seat, "checker_score": score, "checker_device": device},
    )
    entry.checked_at = timezone.now()
    entry.save()
    audit_record(actor=None, action="update", instance=entry, changes=changes)


@transaction.atomic
def table_entry_confirm(
    *, code: TableCode, sequence: int, etui: int, seat: str, score: int, device: str
) -> TableEntry:
    """A player other than Nord confirms Nord's score (``score``, as the page showed it)
    from another phone than the one that sent it: the line counts from then on. Confirmed
    again, nothing changes."""
    table, entry, _recorded = entry_line(code, sequence, etui)
    entry = _pending(entry, seat)
    if entry.state == TableEntry.State.CONFIRMED and entry.score == score:
        return entry
    if entry.state == TableEntry.State.DISPUTED:
        raise ValidationError(_("This étui waits for the referee (the table disagreed)."))
    if entry.score != score:
        raise ValidationError(
            _("Nord's score is now %(score)s: read it again before confirming.")
            % {"score": entry.score}
        )
    _other_phone(entry, device)
    _checked(entry, TableEntry.State.CONFIRMED, seat, score, device)
    play_score_from_table(
        table=table,
        etui=etui,
        score=entry.score,
        deal=entry.deal,
        reason=_("entered at the table, confirmed by %(seat)s") % {"seat": SeatChoice(seat).label},
    )
    return entry


@transaction.atomic
def table_entry_dispute(
    *, code: TableCode, sequence: int, etui: int, seat: str, score: int, device: str
) -> TableEntry:
    """A player other than Nord disagrees, from another phone than the one that sent the
    score, and gives the score they read: the line waits for the referee. The same score
    as Nord's is a confirmation; sent again, nothing changes."""
    value = garde_score(score=score)
    _table, entry, _recorded = entry_line(code, sequence, etui)
    entry = _pending(entry, seat)
    if entry.state == TableEntry.State.DISPUTED and entry.checker_score == value:
        return entry
    if entry.state != TableEntry.State.PENDING:
        raise ValidationError(_("This étui's score is already settled: ask the referee."))
    if value == entry.score:
        return table_entry_confirm(
            code=code, sequence=sequence, etui=etui, seat=seat, score=value, device=device
        )
    _other_phone(entry, device)
    _checked(entry, TableEntry.State.DISPUTED, seat, value, device)
    return entry
