"""Sessions in play, built through the services as the referee builds them: a movement
generated for registered players and advanced, lines entered, incidents recorded; and the
lookups that find what was built. Plain models come from `tests.factories`."""

import random

from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.db.models import Model
from django.utils import timezone

from apps.approvals.models import Homologation
from apps.core.models import AuditLog
from apps.movements import services as movements
from apps.movements.models import MovementTable, Place, SessionMovement
from apps.movements.selectors import Spot
from apps.penalties.domain.ruling import names_a_side
from apps.penalties.models import Adjustment, Fault, FaultySide, Penalised
from apps.penalties.selectors import catalogue_for
from apps.penalties.services import incident_record
from apps.scoring.models import Play
from apps.scoring.services import play_score_set, plays_record
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Session, Tournament
from tests.factories import TournamentFactory, register

# --- movements: a session with its movement generated ----------------------------


def generate(world, players: int = 28, *, actor=None, **options) -> SessionMovement:
    """The world tournament's first session with `players` registered and seated."""
    register(world.tournament, players)
    return movements.movement_generate(
        actor=actor or world.referee,
        session=world.tournament.sessions.get(),
        **{"seed": 7, **options},
    )


def advance_to(world, movement: SessionMovement, position: int) -> SessionMovement:
    """The movement advanced by the referee up to `position`."""
    for _ in range(position - movement.current_position):
        movement = movements.movement_advance(
            actor=world.referee, movement=movement, from_position=movement.current_position
        )
    return movement


def in_play(world, players: int = 20, *, position: int | None = None) -> SessionMovement:
    """The world tournament's first session with `players` seated and play up to
    `position` (every position by default)."""
    movement = generate(world, players)
    return advance_to(world, movement, position or movement.positions)


def table_entry_open(world, players: int = 20) -> SessionMovement:
    """The world tournament running, `players` seated, position 1 in play and its tables
    entering their scores from phones."""
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    movement = in_play(world, players, position=1)
    return movements.movement_table_entry_set(actor=world.referee, movement=movement, enabled=True)


def played(world, tables: int = 5, *, session: Session | None = None) -> SessionMovement:
    """A session with `tables` tables and every position in play: the world tournament's
    first session, its players registered up to 4 a table, or another session of theirs."""
    if session is None:
        register(world.tournament, 4 * tables - world.tournament.registrations.count())
        session = world.tournament.sessions.get(number=1)
    movement = movements.movement_generate(actor=world.referee, session=session, seed=7)
    return advance_to(world, movement, movement.positions)


def session_at_position_1(world) -> Session:
    """The world tournament's session, its 20 players seated at 5 tables, position 1 in
    play."""
    register(world.tournament, 20)
    session = world.tournament.sessions.get()
    movement = movements.movement_generate(actor=world.referee, session=session, seed=3)
    movements.movement_advance(
        actor=world.referee, movement=movement, from_position=movement.current_position
    )
    return session


def holders(movement: SessionMovement, sequence: int) -> dict[Spot, int | None]:
    """Who holds each place at a position: {spot: registration id}."""
    return {
        Spot(section, code): registration
        for section, code, registration in Place.objects.filter(
            table__movement=movement, table__sequence=sequence
        ).values_list("table__section", "player_code", "registration_id")
    }


def snapshot(movement: SessionMovement) -> list[tuple]:
    """Every place of the movement, to show that nothing changed."""
    return list(
        Place.objects.filter(table__movement=movement)
        .order_by("table__sequence", "table__section", "table__table", "seat")
        .values_list(
            "table__sequence",
            "table__table",
            "seat",
            "player_code",
            "registration_id",
            "earlier_registration_id",
            "earlier_etuis",
        )
    )


def _audit_rows(model: type[Model], pk) -> list[tuple[str, dict]]:
    return list(
        AuditLog.objects.filter(
            content_type=ContentType.objects.get_for_model(model), object_id=str(pk)
        )
        .order_by("id")
        .values_list("action", "changes")
    )


def audits(movement: SessionMovement) -> list[tuple[str, dict]]:
    """The audit rows of the movement, oldest first: (action, changes)."""
    return _audit_rows(SessionMovement, movement.pk)


# --- plays: lines entered --------------------------------------------------------

# « DONNE N° 1 PRENEUR NORD » of the regulation's 5-table example (fascicule 3, ch. 1):
# (position, table, score, taker's note, defence's note).
ETUI_1 = [
    (1, 1, 56, 75.0, 25.0),
    (2, 5, 62, 100.0, 0.0),
    (3, 4, -56, 0.0, 100.0),
    (4, 3, -52, 25.0, 75.0),
    (5, 2, 50, 50.0, 50.0),
]
GARDE_SCORES = [50, 52, 56, 62, 70, 80, 92, -52, -56, -60, -70]
# The first étui of tables 1 to 5 at position 1, as `enter_first_etui` enters it.
FIRST_ETUI_SCORES = [56, 62, -56, -52, 50]


def table_of(movement: SessionMovement, etui: int, position: int) -> MovementTable:
    """The table that plays `etui` at `position`."""
    return MovementTable.objects.get(movement=movement, position=position, etuis__contains=[etui])


def enter(world, movement: SessionMovement, etui: int, scores: list[int]) -> None:
    """The scores of one étui, position after position."""
    for position, score in enumerate(scores, start=1):
        table = table_of(movement, etui, position)
        play_score_set(actor=world.referee, table=table, etui=etui, score=score)


def enter_all(world, movement: SessionMovement, *, seed: int = 1, skip: int = 0) -> int:
    """A random Garde score for every play but the last `skip`; returns how many plays.
    Lines already entered are corrected one by one, the others written at once as a
    tournament file's import writes them."""
    rng = random.Random(seed)
    tables = list(MovementTable.objects.filter(movement=movement, position__gte=1))
    plays = [(table, etui) for table in tables for etui in table.etuis]
    scored = [(table, etui, rng.choice(GARDE_SCORES), None) for table, etui in plays]
    wanted = scored[: len(plays) - skip]
    entered = set(Play.objects.filter(table__movement=movement).values_list("table", "etui"))
    for table, etui, score, _deal in wanted:
        if (table.pk, etui) in entered:
            play_score_set(actor=world.referee, table=table, etui=etui, score=score)
    lines_write(world.referee, movement, [x for x in wanted if (x[0].pk, x[1]) not in entered])
    return len(plays)


def lines_write(actor, movement: SessionMovement, scored: list, not_played: list = ()) -> None:
    """Lines not entered yet, written at once as a tournament file's import writes them:
    ``scored`` (table, étui, Garde score, the deal or None), ``not_played`` (table, étui,
    note)."""
    with transaction.atomic():
        plays_record(actor=actor, movement=movement, scored=scored, not_played=list(not_played))


def enter_first_etui(world, session: Session) -> int:
    """Table 1's first étui entered at tables 1 to 5 of position 1 (`FIRST_ETUI_SCORES`);
    returns the étui."""
    tables = MovementTable.objects.filter(movement__session=session, sequence=1).order_by("table")
    etui = tables[0].etuis[0]
    for table, score in zip(tables, FIRST_ETUI_SCORES, strict=True):
        play_score_set(actor=world.referee, table=table, etui=table.etuis[0], score=score)
    return etui


def play_audits(play: Play) -> list[tuple[str, dict]]:
    """The audit rows of a line, oldest first: (action, changes)."""
    return _audit_rows(Play, play.pk)


# --- incidents -------------------------------------------------------------------

# The adjustments that fall on one side: the faulty side must be named.


def table_at(session: Session, number: int = 1, sequence: int = 1) -> MovementTable:
    """Table `number` of the session at position `sequence`."""
    return MovementTable.objects.get(movement__session=session, sequence=sequence, table=number)


def seated_at(table: MovementTable) -> list:
    """The registrations seated at the table, in seat order."""
    return [place.registration for place in table.places.order_by("seat")]


def fault(session: Session, code: str) -> Fault:
    """The fault `code` of the session's catalogue."""
    return catalogue_for(session.tournament).faults.get(code=code)


def record(world, session: Session, code: str, *, table=None, etui=None, players=(), **options):
    """Record a fault at table 1 (on its first étui) unless told otherwise."""
    table = table or table_at(session)
    return incident_record(
        actor=options.pop("actor", world.referee),
        session=session,
        table=table,
        etui=table.etuis[0] if etui is None else etui,
        fault=fault(session, code),
        players=players,
        **options,
    )


def ruling(row: Fault, taker, defenders):
    """The arguments a fault needs: the faulty side the catalogue leaves open, the players
    the sanction falls on (the taker when the taker is at fault, else a defender); returns
    (side, players, options)."""
    options = {}
    side = row.faulty_side
    if names_a_side(row.adjustment) and not side:
        side = options["faulty_side"] = FaultySide.TAKER
    if row.penalised == Penalised.TABLE:
        players = []
    elif row.penalised == Penalised.TAKER or side == FaultySide.TAKER:
        players = [taker] if row.penalised or row.players_note else []
    elif row.penalised == Penalised.FAULTY_SIDE:
        players = list(defenders)
    elif row.penalised == Penalised.FAULTY_PLAYER or row.adjustment == Adjustment.FORGOTTEN_CARD:
        players = [defenders[0]]
    else:
        players = []
    return side, players, options


# --- the homologation chain: tournaments waiting, their lines stored as played ----


def lines_stored(tournament, etuis: dict[int, list[int]], *, session: int = 1) -> None:
    """Each étui's scores stored straight on the traveller, at tables 1, 2… of one
    position of the section « Rouge » (no movement generated: the chain reads lines)."""
    sitting = Session.objects.get_or_create(tournament=tournament, number=session)[0]
    tables = max(len(scores) for scores in etuis.values())
    movement = SessionMovement.objects.get_or_create(
        session=sitting, defaults={"tables": tables, "positions": 1, "method": "draw"}
    )[0]
    for etui, scores in etuis.items():
        for number, score in enumerate(scores, start=1):
            table = MovementTable.objects.get_or_create(
                movement=movement, sequence=1, position=1, section="Rouge", table=number
            )[0]
            Play.objects.create(table=table, etui=etui, score=score)


def tournament_with_lines(club, *, day, lines, players=16, licensees=None, **values):
    """A finished tournament of ``club`` played on ``day``: ``players`` new licensees (or
    ``licensees``) registered, its lines stored (``lines_stored``)."""
    tournament = TournamentFactory(club=club, date=day, status=Status.FINISHED, **values)
    if licensees is None:
        register(tournament, players)
    else:
        Registration.objects.bulk_create(
            Registration(tournament=tournament, licensee=licensee) for licensee in licensees
        )
    lines_stored(tournament, lines)
    return tournament


def waiting_homologation(tournament, *, level="committee", **facts):
    """The tournament, submitted, waiting at ``level`` with its bordereau's facts."""
    tournament.status = Status.SUBMITTED
    tournament.save()
    players = tournament.registrations.filter(waiting=False).count()
    values = {
        "club": tournament.club,
        "name": tournament.name,
        "date": tournament.date,
        "index": tournament.index,
        "players": players,
        "session_players": [players],
        **facts,
    }
    return Homologation.objects.create(tournament=tournament, level=level, **values)


# --- a tournament from another installation ------------------------------------------


def held_elsewhere(tournament) -> None:
    """The tournament as if it lived on another installation (the laptop it was played
    on): neither its file nor its results are held here, and as a draft its plays are not
    compared with a file's, so its file imports here."""
    Tournament.objects.filter(pk=tournament.pk).update(
        file_fingerprint=None, results_fingerprint=None, status=Status.DRAFT
    )


def played_by_today(tournament) -> None:
    """The tournament dated today: the factories plan it a week ahead, and a tournament
    file tells a tournament played, never one to come (played_day_refusal), so what it
    plays exports and imports back."""
    Tournament.objects.filter(pk=tournament.pk).update(date=timezone.localdate())
    tournament.refresh_from_db(fields=["date"])
