"""Write services of a session's movement: generate it, advance the position in play, and
the referee's changes (swap, late arrival, replacement).

Each runs in one transaction with its audit row, checks that the actor referees the
tournament (or is federation staff) and raises PermissionDenied or ValidationError
(French messages) without changing anything. Positions already played are never
changed: a change applies from the position in play on (from the first one before play),
and at a table where étuis of that position are already scored, from the étui after the
last of them (``etuis_kept``).
"""

import secrets
from collections.abc import Callable, Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from apps.core.audit import audit_record, model_update
from apps.federation.models import Licensee
from apps.movements.domain.apart import seating_apart
from apps.movements.domain.model import SEATS, RoomMovement
from apps.movements.domain.seating import seating_balanced, seating_draw, seating_next_session
from apps.movements.domain.takeover import etuis_kept
from apps.movements.models import MovementTable, Place, SessionMovement, TableCode, code_label
from apps.movements.selectors import Spot, movement_check
from apps.tournaments.models import Registration, Session, Tournament
from apps.tournaments.services import (
    registration_admit,
    registration_record,
    tournament_lock_for_room,
)

# What the apps above register to warn before the next position is put in play: each
# takes the movement and the position in play and returns French warnings (score entry:
# the lines of that position still without a score).
AdvanceWarning = Callable[[SessionMovement, int], list[str]]
advance_warnings: list[AdvanceWarning] = []
# What the app above that holds the scores registers to tell the étuis of a table already
# scored or stated not played (a change of player during play leaves them to the earlier
# holder).
SettledEtuis = Callable[[MovementTable], set[int]]
settled_etuis: list[SettledEtuis] = []

SEED_BITS = 31
# A table's code: letters and digits read without doubt (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
SERIES_RANK = {series: rank for rank, series in enumerate(Licensee.Series.values)}


def _locked(movement: SessionMovement) -> SessionMovement:
    """The movement row locked for the change, so that concurrent changes queue up."""
    return (
        SessionMovement.objects.select_for_update(of=("self",))
        .select_related("session__tournament")
        .get(pk=movement.pk)
    )


# --- generation ------------------------------------------------------------------


def _champion_place(room: RoomMovement) -> tuple[str, str]:
    """Nord at table 1 of the first section, where the outgoing champion sits (article 17)."""
    section = room.sections[0]
    first = next(p for p in section.positions if p.number >= 1)
    return (section.name, first.tables[0].north)


def _seating(room: RoomMovement, registrations, method: str, seed: int | None, fixed: dict) -> dict:
    """{(section, player code): registration id} by draw, balanced by series, by the
    serpentine of the given order, or (a national final) with committees kept apart."""
    ids = [r.pk for r in registrations]
    if method == SessionMovement.Method.DRAW:
        return seating_draw(room, ids, seed, fixed=fixed)
    if method == SessionMovement.Method.RANKING:
        return seating_next_session(room, ids, fixed=fixed)
    if method == SessionMovement.Method.APART:
        committee_of = {r.pk: r.licensee.club.committee_id for r in registrations}
        return seating_apart(room, ids, committee_of, fixed=fixed)
    ranked = sorted(
        registrations,
        key=lambda r: (
            SERIES_RANK[r.licensee.series],
            r.licensee.last_name,
            r.licensee.first_name,
            r.pk,
        ),
    )
    return seating_balanced(room, [r.pk for r in ranked], fixed=fixed)


def movement_store(movement: SessionMovement, room: RoomMovement, seating: dict) -> None:
    """Write every table and place of the room, seating[(section, player code)] being the
    registration id at that place (absent: vacant)."""
    tables = MovementTable.objects.bulk_create(
        MovementTable(
            movement=movement,
            sequence=sequence,
            position=position.number,
            section=section.name,
            table=play.table,
            etuis=list(play.etuis),
        )
        for section in room.sections
        for sequence, position in enumerate(section.positions, start=1)
        for play in position.tables
    )
    plays = (
        play
        for section in room.sections
        for position in section.positions
        for play in position.tables
    )
    Place.objects.bulk_create(
        Place(
            table=table,
            seat=seat,
            player_code=code,
            registration_id=seating.get((table.section, code)),
        )
        for table, play in zip(tables, plays, strict=True)
        for seat, code in zip(SEATS, play.players, strict=True)
    )
    table_codes_draw(movement, sorted({(table.section, table.table) for table in tables}))


def phone_code() -> str:
    """A code a phone opens a table or a sheet with: six letters and digits that cannot be
    taken for one another (no 0/O, 1/I/L)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def table_codes_draw(movement: SessionMovement, tables: Sequence[tuple[str, int]]) -> None:
    """Draw a new code for each (section, table) of the movement, unlike any code stored:
    a regenerated movement's old codes stop working."""
    TableCode.objects.filter(movement=movement).delete()
    codes: dict[tuple[str, int], str] = {}
    while len(codes) < len(tables):
        wanted = {key: phone_code() for key in tables if key not in codes}
        drawn = set(codes.values())
        taken = set(
            TableCode.objects.filter(code__in=wanted.values()).values_list("code", flat=True)
        )
        for key, code in wanted.items():
            if code not in taken and code not in drawn:
                codes[key] = code
                drawn.add(code)
    TableCode.objects.bulk_create(
        TableCode(movement=movement, section=section, table=table, code=code)
        for (section, table), code in codes.items()
    )


def movement_record(
    *,
    actor,
    session,
    room: RoomMovement,
    values: dict,
    seating: dict,
    replacements: Sequence[tuple[tuple[str, str], int, int | None, int]] = (),
    source: str = "",
) -> SessionMovement:
    """Write a session's movement as given (``values``: the SessionMovement fields but its
    sections, taken from ``room``), its tables and places (``movement_store``) and its
    audit row; the caller has checked who may. ``replacements``: (place, position, first
    étui or None, registration id), the place taken over from that position on (article
    18), from that étui of the place's table there (None: from its first), in order of
    position. Call it inside the caller's transaction."""
    movement = SessionMovement.objects.create(
        session=session,
        sections=[
            {"name": s.name, "type": s.type.value, "tables": s.tables} for s in room.sections
        ],
        **values,
    )
    movement_store(movement, room, seating)
    for (section, code), position, etui, registration in replacements:
        places = Place.objects.filter(
            table__movement=movement, table__section=section, player_code=code
        )
        first = places.select_related("table").get(table__position=position)
        kept = first.table.etuis.index(etui) if etui is not None else 0
        if kept:
            places.filter(pk=first.pk).update(
                earlier_registration=F("registration"), earlier_etuis=kept
            )
        places.filter(table__position__gte=position).update(registration_id=registration)
    taken_over = [
        [f"{section} {code}", position, registration, *([etui] if etui is not None else [])]
        for (section, code), position, etui, registration in replacements
    ]
    audit_record(
        actor=actor,
        action="create",
        instance=movement,
        changes={
            **{name: [None, value] for name, value in values.items()},
            **({"replacements": [None, taken_over]} if taken_over else {}),
            **({"source": [None, source]} if source else {}),
        },
    )
    return movement


def _generate_refusal(
    session: Session, movement: SessionMovement | None, method: str, entrants
) -> str:
    """Why the session's movement cannot be generated so ("" when it can)."""
    if movement and movement.started:
        return _("Play has started: the movement can no longer be regenerated.")
    if method not in (*SessionMovement.GENERATED_METHODS, *SessionMovement.RANKED_METHODS):
        return _("Unknown seating method.")
    if method in SessionMovement.RANKED_METHODS and entrants is None:
        return _("This seating needs the players in ranking order.")
    if session.tournament.kind == Tournament.Kind.CHAMPIONSHIP and entrants is None:
        return _("A championship stage's sessions are seated from its page.")
    return ""


def _entrants_registered(session: Session, entrants) -> list[Registration]:
    """The registrations to seat: every registered player (not waiting), or ``entrants``
    in their order, each of them registered."""
    registered = session.tournament.registrations.filter(waiting=False).select_related(
        "licensee__club"
    )
    if entrants is None:
        return list(registered.order_by("pk"))
    order = {r.pk: index for index, r in enumerate(entrants)}
    registrations = sorted(registered.filter(pk__in=order), key=lambda r: order[r.pk])
    if len(registrations) != len(entrants):
        raise ValidationError(_("Only the tournament's registered players can be seated."))
    return registrations


def _champion_held(champion: Licensee, registrations: list[Registration]) -> int:
    """The outgoing champion's registration among those seated."""
    held = next((r for r in registrations if r.licensee_id == champion.pk), None)
    if held is None:
        raise ValidationError(
            _("%(name)s, the outgoing champion, is not registered in this tournament.")
            % {"name": champion.full_name}
        )
    return held.pk


@transaction.atomic
def movement_generate(
    *,
    actor,
    session: Session,
    tables: int | None = None,
    type: str = "",
    positions: int | None = None,
    variant: str = "",
    method: str = SessionMovement.Method.DRAW,
    seed: int | None = None,
    champion: Licensee | None = None,
    entrants: Sequence[Registration] | None = None,
) -> SessionMovement:
    """Generate the session's movement and seat the registered players; regenerating
    replaces the stored one while play has not started. The outgoing champion, when the
    competition names one, sits Nord at table 1 (chapter 2, article 17). ``entrants``: the
    registrations to seat instead of all of them, best first (a championship stage's later
    session seats the players its cut kept, by the running ranking: RANKED_METHODS)."""
    session = (
        Session.objects.select_for_update(of=("self",))
        .select_related("tournament")
        .get(pk=session.pk)
    )
    tournament_lock_for_room(actor=actor, tournament=session.tournament)
    movement = SessionMovement.objects.filter(session=session).first()
    refusal = _generate_refusal(session, movement, method, entrants)
    if refusal:
        raise ValidationError(refusal)
    registrations = _entrants_registered(session, entrants)
    check = movement_check(
        len(registrations), tables, type, positions, variant, session.tournament.etuis_per_table
    )
    if not check.ok:
        raise ValidationError(list(check.problems))
    if method == SessionMovement.Method.DRAW:
        seed = secrets.randbits(SEED_BITS) if seed is None else seed
    else:
        seed = None
    room = check.room
    fixed = (
        {} if champion is None else {_champion_place(room): _champion_held(champion, registrations)}
    )
    values = {
        "tables": check.tables,
        "requested_type": type,
        "variant": variant,
        "positions": max(len(s.positions) for s in room.sections),
        "method": method,
        "seed": seed,
    }
    sections = [{"name": s.name, "type": s.type.value, "tables": s.tables} for s in room.sections]
    if movement:
        changes = model_update(movement, {**values, "sections": sections})
        movement.save()
        movement.movement_tables.all().delete()
        action = "update"
    else:
        movement = SessionMovement.objects.create(session=session, sections=sections, **values)
        changes = {name: [None, value] for name, value in values.items()}
        action = "create"
    movement_store(movement, room, _seating(room, registrations, method, seed, fixed))
    if champion is not None:
        changes["champion"] = [None, str(champion)]
    audit_record(actor=actor, action=action, instance=movement, changes=changes)
    return movement


def advance_warnings_of(movement: SessionMovement) -> list[str]:
    """What the apps above warn of before the position after the one in play starts."""
    if movement.current_position == 0:
        return []
    return [text for warn in advance_warnings for text in warn(movement, movement.current_position)]


@transaction.atomic
def movement_advance(*, actor, movement: SessionMovement, from_position: int) -> SessionMovement:
    """Put the next position in play (the first one starts play). `from_position` is the
    position in play when the referee asked: a request sent twice, or from a page out of
    date, is refused rather than putting two positions in play."""
    movement = _locked(movement)
    tournament_lock_for_room(actor=actor, tournament=movement.session.tournament)
    if from_position != movement.current_position:
        raise ValidationError(
            _(
                "Position %(position)s is already in play (the page was out of date): "
                "nothing was changed."
            )
            % {"position": movement.current_position}
        )
    if movement.current_position >= movement.positions:
        raise ValidationError(_("The last position is already in play."))
    changes = model_update(movement, {"current_position": movement.current_position + 1})
    movement.save(update_fields=["current_position"])
    audit_record(actor=actor, action="update", instance=movement, changes=changes)
    return movement


@transaction.atomic
def movement_table_entry_set(*, actor, movement: SessionMovement, enabled: bool) -> SessionMovement:
    """Switch table entry on or off for the session: the players enter their table's
    scores from their phones with the table's code (apps.scoring.table_entry)."""
    movement = _locked(movement)
    tournament_lock_for_room(actor=actor, tournament=movement.session.tournament)
    changes = model_update(movement, {"table_entry": enabled})
    if changes:
        movement.save(update_fields=["table_entry"])
        audit_record(actor=actor, action="update", instance=movement, changes=changes)
    return movement


# --- referee changes -------------------------------------------------------------


def _spot_places(movement: SessionMovement, spot: Spot):
    """The spot's places from the first open position on (``_takeover`` narrows it once
    play has started)."""
    return Place.objects.filter(
        table__movement=movement,
        table__section=spot.section,
        table__sequence__gte=movement.first_open_position,
        player_code=spot.code,
    )


def _holder(movement: SessionMovement, spot: Spot) -> Registration | None:
    """Who holds the spot at the first open position; ValidationError if no such spot."""
    place = (
        _spot_places(movement, spot)
        .filter(table__sequence=movement.first_open_position)
        .select_related("registration__licensee")
        .first()
    )
    if place is None:
        raise ValidationError(
            _("There is no player %(code)s in section %(section)s.")
            % {"code": code_label(spot.code), "section": spot.section}
        )
    return place.registration


def _name(registration: Registration | None) -> str | None:
    return registration.licensee.full_name if registration else None


def _spot_text(spot: Spot) -> str:
    return f"{spot.section} {code_label(spot.code)}"


def _audit_key(spot: Spot) -> str:
    """The spot as the audit log names it, whatever the interface language."""
    return f"{spot.section} {spot.code}"


def _newcomer(actor, movement: SessionMovement, licensee: Licensee) -> Registration:
    """The licensee's registration (created for a newcomer), refused if already seated."""
    tournament = movement.session.tournament
    registration = Registration.objects.filter(tournament=tournament, licensee=licensee).first()
    if registration and (
        registration.places.filter(table__movement=movement).exists()
        or registration.earlier_places.filter(table__movement=movement).exists()
    ):
        raise ValidationError(
            _("%(name)s already has a place in this session.") % {"name": licensee.full_name}
        )
    if registration is None:
        if tournament.kind == Tournament.Kind.CHAMPIONSHIP:
            raise ValidationError(
                _(
                    "%(name)s is not registered in this championship stage: only its "
                    "registered players can be seated."
                )
                % {"name": licensee.full_name}
            )
        registration = registration_record(actor=actor, tournament=tournament, licensee=licensee)
    return registration_admit(actor=actor, registration=registration)  # off the waiting list


def _audit_seating(actor, movement, changes: dict) -> None:
    """The seating change's audit row, and the movement's seating version bumped."""
    SessionMovement.objects.filter(pk=movement.pk).update(seating_version=F("seating_version") + 1)
    audit_record(
        actor=actor,
        action="update",
        instance=movement,
        changes={**changes, "from_position": movement.first_open_position},
    )


def _takeover(movement: SessionMovement, spot: Spot, registration: Registration) -> int:
    """Give the spot to ``registration`` from the first étui not yet played at its table
    of the position in play: the earlier holder keeps the étuis scored there
    (``etuis_kept``), all of them sending the change to the next position. How many
    étuis of that table the earlier holder keeps."""
    places = _spot_places(movement, spot)
    current = places.filter(table__sequence=movement.first_open_position).select_related("table")
    place = current.get()
    settled = {etui for read in settled_etuis for etui in read(place.table)}
    kept = etuis_kept(place.table.etuis, settled) if movement.started else 0
    if kept == len(place.table.etuis):
        places = places.exclude(pk=place.pk)
        if not places.exists():
            raise ValidationError(
                _(
                    "Every étui of the last position is scored at %(spot)s's table: nothing "
                    "is left to play."
                )
                % {"spot": _spot_text(spot)}
            )
    elif place.earlier_etuis and kept > place.earlier_etuis:
        raise ValidationError(
            _(
                "The place %(spot)s already changed player during this position: change it "
                "again from the next position."
            )
            % {"spot": _spot_text(spot)}
        )
    elif kept and not place.earlier_etuis:
        current.update(earlier_registration=place.registration, earlier_etuis=kept)
    places.update(registration=registration)
    return kept


@transaction.atomic
def players_swap(*, actor, movement: SessionMovement, first: Spot, second: Spot) -> None:
    """Exchange the places of two players (or of a player and a vacant place) before play."""
    movement = _locked(movement)
    tournament_lock_for_room(actor=actor, tournament=movement.session.tournament)
    if movement.started:
        raise ValidationError(_("Play has started: players can no longer be swapped."))
    if first == second:
        raise ValidationError(_("Choose two different places."))
    first_holder, second_holder = _holder(movement, first), _holder(movement, second)
    if first_holder is None and second_holder is None:
        raise ValidationError(_("Both places are vacant: there is nothing to swap."))
    _spot_places(movement, first).update(registration=second_holder)
    _spot_places(movement, second).update(registration=first_holder)
    _audit_seating(
        actor,
        movement,
        {
            _audit_key(first): [_name(first_holder), _name(second_holder)],
            _audit_key(second): [_name(second_holder), _name(first_holder)],
        },
    )


@transaction.atomic
def late_arrival_seat(
    *, actor, movement: SessionMovement, spot: Spot, licensee: Licensee
) -> Registration:
    """Seat a late arrival in a vacant place from the position in play on."""
    movement = _locked(movement)
    tournament_lock_for_room(actor=actor, tournament=movement.session.tournament)
    if _holder(movement, spot) is not None:
        raise ValidationError(_("The place %(spot)s is not vacant.") % {"spot": _spot_text(spot)})
    registration = _newcomer(actor, movement, licensee)
    kept = _takeover(movement, spot, registration)
    _audit_seating(
        actor, movement, {_audit_key(spot): [None, licensee.full_name], "etuis_kept": kept}
    )
    return registration


@transaction.atomic
def player_replace(
    *, actor, movement: SessionMovement, spot: Spot, licensee: Licensee
) -> Registration:
    """Replace the player of a place by another licensee from the position in play on
    (article 18: forfeit after 15 minutes' delay), from the first étui not yet played at
    the place's table (``_takeover``)."""
    movement = _locked(movement)
    tournament_lock_for_room(actor=actor, tournament=movement.session.tournament)
    absent = _holder(movement, spot)
    if absent is None:
        raise ValidationError(
            _("The place %(spot)s is vacant: seat a late arrival there instead.")
            % {"spot": _spot_text(spot)}
        )
    replacement = _newcomer(actor, movement, licensee)
    kept = _takeover(movement, spot, replacement)
    _audit_seating(
        actor,
        movement,
        {_audit_key(spot): [_name(absent), licensee.full_name], "etuis_kept": kept},
    )
    return replacement
