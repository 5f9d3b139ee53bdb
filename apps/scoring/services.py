"""Write services of score entry: a traveller line's score (or the deal's details, turned
into the Garde score), its second entry for double entry, clearing a line, and stating
that a line was not played.

Each runs in one transaction with an audit row (old → new) when something changes, checks
that the actor referees the tournament (or is federation staff) and that the results are
not frozen (submitted), and raises PermissionDenied or ValidationError (French messages)
without changing anything. Scores are entered for the positions in play or played; once
the tournament is finished, every change needs a reason, kept in the audit row.
"""

from dataclasses import fields
from enum import Enum

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core.audit import audit_record, model_update
from apps.core.rows import objects_where
from apps.movements.models import MovementTable, SessionMovement
from apps.scoring.domain.deal import Deal, duplicate_score, duplicate_score_reason
from apps.scoring.models import Play
from apps.tournaments.services import tournament_lock_for_room, tournament_lock_unfrozen


def sentence(text: str) -> str:
    """A reason of the deal rules ("un score de Garde est pair : …") as a sentence."""
    return f"{text[:1].upper()}{text[1:].rstrip('.')}."


def deal_details(deal: Deal) -> dict:
    """The deal as stored beside its score: {"bouts": 2, "points": 45, …}."""

    def plain(value):
        if isinstance(value, Enum):
            return value.value
        if isinstance(value, tuple | list):
            return [plain(item) for item in value]
        return value

    return {field.name: plain(getattr(deal, field.name)) for field in fields(deal)}


def garde_score(*, score: int | None = None, deal: Deal | None = None) -> int:
    """The taker's score to write: the score given, or the Garde score of the deal given;
    ValidationError for both or neither, or for a score no Garde deal produces."""
    if (score is None) == (deal is None):
        raise ValidationError(_("Give either the score or the deal's details."))
    if deal is not None:
        try:
            return duplicate_score(deal)
        except ValueError as exc:
            raise ValidationError(sentence(str(exc))) from exc
    reason = duplicate_score_reason(score)
    if reason:
        raise ValidationError(sentence(reason))
    return score


def _line(
    actor,
    table: MovementTable,
    etui: int,
    reason: str,
    *,
    create: bool = True,
    in_play: bool = True,
    from_table: bool = False,
) -> tuple[Play | None, bool]:
    """The traveller line, locked (a new one, unsaved, if asked: ``_write`` saves it), once
    the change is allowed: the actor runs the room (or the table confirmed it,
    `from_table`), the tournament is not frozen, and its position is in play or played
    (unless `in_play` is False: a position never reached can be stated not played). Every
    writer of lines holds the tournament's lock, so a line is created by one writer only;
    table entry (`from_table`) hands in the table it locked, with its movement."""
    if not from_table:
        table = MovementTable.objects.select_related("movement__session__tournament").get(
            pk=table.pk
        )
    tournament = table.movement.session.tournament
    if from_table:
        tournament = tournament_lock_unfrozen(tournament_id=tournament.pk)
    else:
        tournament = tournament_lock_for_room(actor=actor, tournament=tournament)
    if etui not in table.etuis or table.position < 1:
        raise ValidationError(
            _("Table %(table)s does not play étui %(etui)s at position %(position)s.")
            % {"table": table.table, "etui": etui, "position": table.position}
        )
    if in_play and table.sequence > table.movement.current_position:
        raise ValidationError(
            _("Position %(position)s is not in play yet: its scores cannot be entered.")
            % {"position": table.position}
        )
    if tournament.play_over and not reason.strip():
        raise ValidationError(_("The results are closed: give a reason for the change."))
    where = "x.table_id = %s AND x.etui = %s"
    play = next(iter(objects_where(Play, where, [table.pk, etui], lock=True)), None)
    if play is None:
        return (Play(table=table, etui=etui), True) if create else (None, False)
    play.table = table  # its audit row names the table without reading it again
    return play, False


# A line with a score (or blanked again) was played; who entered it goes with the score.
PLAYED = {"not_played": False, "not_played_note": ""}
UNSTAMPED = dict.fromkeys(["entered_by", "entered_at", "checked_by", "checked_at"])


def _write(actor, play: Play, created: bool, data: dict, stamp: dict, reason: str) -> Play:
    """Apply data to the line; save and audit only what changed."""
    changes = model_update(play, data)
    if changes or created:
        for name, value in stamp.items():
            setattr(play, name, value)
        play.save()
        if reason.strip():
            changes["reason"] = reason.strip()
        audit_record(
            actor=actor, action="create" if created else "update", instance=play, changes=changes
        )
    return play


@transaction.atomic
def play_score_set(
    *,
    actor,
    table: MovementTable,
    etui: int,
    score: int | None = None,
    deal: Deal | None = None,
    reason: str = "",
) -> Play:
    """Enter (or correct) the taker's score of étui `etui` at `table`, given as written on
    the traveller or as the deal's details."""
    play, created = _line(actor, table, etui, reason)
    data = {
        "score": garde_score(score=score, deal=deal),
        "deal": deal_details(deal) if deal is not None else None,
        **PLAYED,
    }
    stamp = {"entered_by": actor, "entered_at": timezone.now()}
    return _write(actor, play, created, data, stamp, reason)


@transaction.atomic(savepoint=False)  # a part of the confirmation's transaction
def play_score_from_table(
    *, table: MovementTable, etui: int, score: int, deal: dict | None, reason: str
) -> Play:
    """Write the score a table confirmed from its phone (table entry) on its line, with no
    one's name; a score the referee entered first stands. Called inside the
    confirmation's transaction, it opens no savepoint of its own: a failure here undoes
    the confirmation too."""
    play, created = _line(None, table, etui, "", from_table=True)
    if play.score is not None:
        return play
    data = {"score": score, "deal": deal, **PLAYED}
    stamp = {"entered_by": None, "entered_at": timezone.now()}
    return _write(None, play, created, data, stamp, reason)


@transaction.atomic
def play_check_set(
    *,
    actor,
    table: MovementTable,
    etui: int,
    score: int | None = None,
    deal: Deal | None = None,
    reason: str = "",
) -> Play:
    """Enter the second, independent entry of a line (double entry)."""
    play, created = _line(actor, table, etui, reason)
    data = {"check_score": garde_score(score=score, deal=deal)}
    stamp = {"checked_by": actor, "checked_at": timezone.now()}
    return _write(actor, play, created, data, stamp, reason)


@transaction.atomic
def play_score_clear(*, actor, table: MovementTable, etui: int, reason: str = "") -> Play | None:
    """Blank a line again: its score, its details and its second entry."""
    play, _created = _line(actor, table, etui, reason, create=False)
    if play is None:
        return None
    data = {"score": None, "deal": None, "check_score": None, **PLAYED}
    return _write(actor, play, False, data, UNSTAMPED, reason)


@transaction.atomic
def play_not_played_set(
    *, actor, table: MovementTable, etui: int, note: str = "", reason: str = ""
) -> Play:
    """State that a line without a score was not played: its étui is scored without it,
    as a neutralised play (ch. 4 « Donne neutralisée »); the note says what happened."""
    play, created = _line(actor, table, etui, reason, in_play=False)
    if play.score is not None:
        raise ValidationError(
            _("This line has a score: clear it before stating that it was not played.")
        )
    data = {"not_played": True, "not_played_note": note.strip(), "check_score": None}
    return _write(actor, play, created, data, UNSTAMPED, reason)


def plays_record(
    *,
    actor,
    movement: SessionMovement,
    scored: list[tuple[MovementTable, int, int, Deal | None]],
    not_played: list[tuple[MovementTable, int, str]],
    source: str = "",
) -> list[Play]:
    """Write a movement's lines at once: ``scored`` (table, étui, Garde score, the deal's
    details or None) and ``not_played`` (table, étui, note), with one audit row on the
    movement; the caller has checked who may. Call it inside the caller's transaction."""
    now = timezone.now()
    plays = Play.objects.bulk_create(
        [
            *(
                Play(
                    table=table,
                    etui=etui,
                    score=score,
                    deal=None if deal is None else deal_details(deal),
                    entered_by=actor,
                    entered_at=now,
                )
                for table, etui, score, deal in scored
            ),
            *(
                Play(table=table, etui=etui, not_played=True, not_played_note=note)
                for table, etui, note in not_played
            ),
        ]
    )
    audit_record(
        actor=actor,
        action="update",
        instance=movement,
        changes={"plays": [0, len(plays)], **({"source": [None, source]} if source else {})},
    )
    return plays
