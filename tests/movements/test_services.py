"""Generating a session's movement and putting positions in play: every rule, the audit
row, and nothing changed when the request is refused."""

import re
from collections import Counter

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from apps.core.models import AuditLog
from apps.federation.models import Licensee
from apps.movements import services
from apps.movements.domain.room import room_movement
from apps.movements.domain.seating import seating_balanced, seating_draw
from apps.movements.models import MovementTable, Place, SessionMovement
from apps.movements.selectors import Spot
from apps.results.selectors import session_results
from tests.builders import advance_to, audits, enter_all, generate, holders, snapshot
from tests.factories import register
from tests.personas import PERSONAS
from tests.wording import SURPLUS, said

pytestmark = pytest.mark.django_db

RUNNERS = {"federation_staff", "referee"}


def _session(world):
    return world.tournament.sessions.get()


# --- generation ------------------------------------------------------------------


def test_seven_tables_seat_every_player_once_per_position(world):
    movement = generate(world, 28)
    assert (movement.tables, movement.positions, movement.current_position) == (7, 7, 0)
    assert movement.sections == [{"name": "Rouge", "type": "ligne", "tables": 7}]
    assert MovementTable.objects.filter(movement=movement).count() == 7 * 7
    places = Place.objects.filter(table__movement=movement)
    assert places.count() == 7 * 7 * 4
    assert not places.filter(registration=None).exists()
    per_player = Counter(places.values_list("registration_id", flat=True))
    assert sorted(per_player) == sorted(world.tournament.registrations.values_list("pk", flat=True))
    assert set(per_player.values()) == {7}


def test_stored_tables_follow_the_movement_of_the_regulation(world):
    movement = generate(world, 28)
    room = room_movement(7)
    for position in room.sections[0].positions:
        stored = {
            t.table: t
            for t in MovementTable.objects.filter(movement=movement, sequence=position.number)
        }
        for play in position.tables:
            table = stored[play.table]
            assert table.etuis == list(play.etuis)
            codes = dict(table.places.values_list("seat", "player_code"))
            assert codes == dict(zip("NSEW", play.players, strict=True))


def test_a_player_keeps_their_code_all_session(world):
    movement = generate(world, 28)
    codes = Place.objects.filter(table__movement=movement).values_list(
        "registration_id", "player_code"
    )
    assert len(set(codes)) == 28


def test_the_draw_is_recorded_and_reproduced(world):
    movement = generate(world, 28, seed=12345)
    first = holders(movement, 1)
    registrations = sorted(world.tournament.registrations.values_list("pk", flat=True))
    expected = seating_draw(room_movement(7), registrations, 12345)
    assert first == {Spot(*place): entrant for place, entrant in expected.items()}
    again = services.movement_generate(
        actor=world.referee, session=_session(world), tables=7, seed=12345
    )
    assert holders(again, 1) == first
    other = services.movement_generate(actor=world.referee, session=_session(world), seed=54321)
    assert holders(other, 1) != first


def test_a_new_draw_gets_a_seed_of_its_own(world):
    movement = generate(world, 20, seed=None)
    assert movement.seed is not None and movement.method == SessionMovement.Method.DRAW


def test_balanced_seating_ranks_by_series_then_name(world):
    series = [Licensee.Series.UNRANKED, Licensee.Series.FIRST, Licensee.Series.PROMOTION]
    for index in range(20):
        register(world.tournament, 1, series=series[index % 3], last_name=f"Nom{index:02}")
    movement = services.movement_generate(
        actor=world.referee, session=_session(world), method=SessionMovement.Method.BALANCED
    )
    assert movement.seed is None
    rank = {value: index for index, value in enumerate(Licensee.Series.values)}
    ranked = sorted(
        world.tournament.registrations.select_related("licensee"),
        key=lambda r: (rank[r.licensee.series], r.licensee.last_name),
    )
    expected = seating_balanced(room_movement(5), [r.pk for r in ranked])
    assert holders(movement, 1) == {Spot(*place): entrant for place, entrant in expected.items()}


def test_tables_default_to_every_player_seated_with_vacant_places(world):
    movement = generate(world, 19)
    assert movement.tables == 5
    vacant = [spot for spot, holder in holders(movement, 1).items() if holder is None]
    assert len(vacant) == 1


def test_fewer_positions_can_be_played(world):
    movement = generate(world, 28, positions=5)
    assert movement.positions == 5
    assert set(MovementTable.objects.values_list("sequence", flat=True)) == {1, 2, 3, 4, 5}


def test_howell_sections_are_stored_with_their_numbers(world):
    movement = generate(world, 16)
    assert movement.sections == [{"name": "Rouge", "type": "howell", "tables": 4}]
    assert set(holders(movement, 1)) == {Spot("Rouge", str(n)) for n in range(1, 17)}


def test_parallel_sections_are_stored(world):
    movement = generate(world, 40)
    assert [s["name"] for s in movement.sections] == ["Rouge", "Vert"]
    assert Place.objects.filter(table__movement=movement, registration=None).count() == 0


def test_generation_is_audited(world):
    movement = generate(world, 28, seed=99)
    [(action, changes)] = audits(movement)
    assert action == "create"
    assert changes["tables"] == [None, 7] and changes["seed"] == [None, 99]


@pytest.mark.parametrize(
    ("players", "options", "message"),
    [
        (
            29,
            {"tables": 7},
            lambda: said(SURPLUS, registered=29, tables=7, places=28, count=1, needed=8),
        ),
        (0, {}, lambda: said("No player is registered in the tournament.")),
        (8, {"tables": 2}, lambda: "3 tables au moins"),
        (20, {"type": "howell"}, lambda: "mouvement Howell à 5 tables"),
        (28, {"positions": 8}, lambda: "de 1 à 7 positions"),
        (28, {"method": "chance"}, lambda: said("Unknown seating method.")),
    ],
)
def test_generation_refusals_change_nothing(world, players, options, message):
    register(world.tournament, players)
    with pytest.raises(ValidationError) as error:
        services.movement_generate(actor=world.referee, session=_session(world), **options)
    assert message() in " ".join(error.value.messages)
    assert not SessionMovement.objects.exists() and not AuditLog.objects.exists()


def test_regenerating_replaces_the_stored_movement(world):
    movement = generate(world, 28)
    regenerated = services.movement_generate(
        actor=world.referee, session=_session(world), tables=8, seed=3
    )
    assert regenerated.pk == movement.pk and regenerated.tables == 8
    assert MovementTable.objects.count() == 8 * regenerated.positions
    assert Place.objects.filter(registration=None).count() == 4 * regenerated.positions
    action, changes = audits(movement)[-1]
    assert action == "update" and changes["tables"] == [7, 8]


def test_regenerating_is_refused_once_play_started(world):
    movement = advance_to(world, generate(world, 28), 1)
    before = snapshot(movement)
    started = said("Play has started: the movement can no longer be regenerated.")
    with pytest.raises(ValidationError) as error:
        services.movement_generate(actor=world.referee, session=_session(world), seed=1)
    assert error.value.messages == [started]
    assert snapshot(movement) == before


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_referee_and_federation_staff_generate(world, persona):
    register(world.tournament, 20)
    actor = world.persona(persona)
    if persona in RUNNERS:
        services.movement_generate(actor=actor, session=_session(world))
        assert SessionMovement.objects.count() == 1
    else:
        with pytest.raises(PermissionDenied):
            services.movement_generate(actor=actor, session=_session(world))
        assert not SessionMovement.objects.exists()


def test_a_referee_of_another_tournament_cannot_generate(world):
    register(world.other_tournament, 20)
    with pytest.raises(PermissionDenied):
        services.movement_generate(
            actor=world.referee, session=world.other_tournament.sessions.get()
        )


# --- position in play ------------------------------------------------------------


def test_positions_are_put_in_play_one_after_the_other(world):
    movement = generate(world, 20)
    movement = services.movement_advance(
        actor=world.referee, movement=movement, from_position=movement.current_position
    )
    assert movement.current_position == 1
    action, changes = audits(movement)[-1]
    assert action == "update" and changes == {"current_position": [0, 1]}


def test_there_is_no_position_after_the_last(world):
    movement = advance_to(world, generate(world, 20), 5)
    last = said("The last position is already in play.")
    with pytest.raises(ValidationError, match=re.escape(last)):
        services.movement_advance(
            actor=world.referee, movement=movement, from_position=movement.current_position
        )
    movement.refresh_from_db()
    assert movement.current_position == 5


def test_a_position_is_put_in_play_from_the_current_one_only(world):
    movement = advance_to(world, generate(world, 20), 2)
    for stale in (0, 1, 3):
        with pytest.raises(ValidationError):
            services.movement_advance(actor=world.referee, movement=movement, from_position=stale)
    movement.refresh_from_db()
    assert movement.current_position == 2


@pytest.mark.parametrize("persona", sorted(set(PERSONAS) - RUNNERS))
def test_only_the_referee_puts_positions_in_play(world, persona):
    movement = generate(world, 20)
    with pytest.raises(PermissionDenied):
        services.movement_advance(
            actor=world.persona(persona), movement=movement, from_position=movement.current_position
        )
    movement.refresh_from_db()
    assert movement.current_position == 0


def test_a_6_table_session_with_its_duplication_position_plays_and_ranks(world):
    """Position 0 only duplicates the séries: nothing is scored there, and the five
    positions after it are played and ranked as usual."""
    register(world.tournament, 24)
    session = world.tournament.sessions.get()
    movement = services.movement_generate(
        actor=world.referee, session=session, tables=6, variant="duplication", seed=2
    )
    movement = advance_to(world, movement, movement.positions)
    plays = enter_all(world, movement)
    assert plays == 6 * 4 * 5  # 6 tables, 4 étuis, 5 played positions
    results = session_results(session)
    assert results.missing == 0
    assert sorted(p.rank for p in results.players)[0] == 1
