"""The referee's changes to a stored movement: swap, late arrival, replacement (article 18).
Positions already played never change, so no recorded score can lose its players."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from apps.core.models import AuditLog
from apps.movements import services
from apps.movements.models import Place, code_label
from apps.movements.selectors import Spot
from apps.scoring.services import play_score_set
from apps.tournaments import services as tournament_services
from apps.tournaments.models import Registration
from tests import factories as f
from tests.builders import advance_to, audits, generate, holders, snapshot
from tests.personas import PERSONAS
from tests.wording import said

pytestmark = pytest.mark.django_db

N1, S1, E2 = Spot("Rouge", "N1"), Spot("Rouge", "S1"), Spot("Rouge", "E2")
NOWHERE = Spot("Vert", "N1")


def _vacant(movement) -> Spot:
    [spot] = [s for s, holder in holders(movement, 1).items() if holder is None]
    return spot


def _played(movement, before: int) -> list[tuple]:
    return [row for row in snapshot(movement) if row[0] < before]


def _seated_message(licensee) -> str:
    return said("%(name)s already has a place in this session.", name=licensee.full_name)


def _refused(world, movement, write, message, **kwargs):
    """The change is refused with message and leaves places and audit log as they were."""
    places, logs = snapshot(movement), AuditLog.objects.count()
    with pytest.raises(ValidationError) as error:
        write(actor=world.referee, movement=movement, **kwargs)
    assert error.value.messages == [message]
    assert snapshot(movement) == places
    assert AuditLog.objects.count() == logs


# --- swap ------------------------------------------------------------------------


def test_swap_exchanges_two_players_at_every_position(world):
    movement = generate(world, 20)
    before = holders(movement, 1)
    services.players_swap(actor=world.referee, movement=movement, first=N1, second=S1)
    for sequence in range(1, movement.positions + 1):
        now = holders(movement, sequence)
        assert (now[N1], now[S1]) == (before[S1], before[N1])
    action, changes = audits(movement)[-1]
    first, second = (Registration.objects.get(pk=before[s]).licensee.full_name for s in (N1, S1))
    assert action == "update"
    assert changes["Rouge N1"] == [first, second] and changes["Rouge S1"] == [second, first]


def test_swap_with_a_vacant_place_moves_the_player(world):
    movement = generate(world, 19)
    vacant = _vacant(movement)
    player = holders(movement, 1)[N1]
    services.players_swap(actor=world.referee, movement=movement, first=N1, second=vacant)
    now = holders(movement, 3)
    assert (now[N1], now[vacant]) == (None, player)


@pytest.mark.parametrize(
    ("first", "second", "message"),
    [
        (N1, N1, ("Choose two different places.", {})),
        (
            N1,
            NOWHERE,
            (
                "There is no player %(code)s in section %(section)s.",
                {"code": "N1", "section": "Vert"},
            ),
        ),
    ],
)
def test_swap_refusals(world, first, second, message):
    movement = generate(world, 20)
    msgid, params = message
    _refused(
        world, movement, services.players_swap, said(msgid, **params), first=first, second=second
    )


def test_swapping_two_vacant_places_is_refused(world):
    movement = generate(world, 18)
    first, second = (s for s, holder in holders(movement, 1).items() if holder is None)
    _refused(
        world,
        movement,
        services.players_swap,
        said("Both places are vacant: there is nothing to swap."),
        first=first,
        second=second,
    )


def test_swap_is_refused_once_play_started(world):
    movement = advance_to(world, generate(world, 20), 1)
    _refused(
        world,
        movement,
        services.players_swap,
        said("Play has started: players can no longer be swapped."),
        first=N1,
        second=S1,
    )


# --- late arrival ----------------------------------------------------------------


def test_a_late_arrival_takes_a_vacant_place_from_the_position_in_play(world):
    movement = advance_to(world, generate(world, 19), 2)
    vacant = _vacant(movement)
    played = _played(movement, 2)
    licensee = f.LicenseeFactory(club=world.club)
    registration = services.late_arrival_seat(
        actor=world.referee, movement=movement, spot=vacant, licensee=licensee
    )
    assert registration.licensee == licensee and registration.tournament == world.tournament
    assert holders(movement, 1)[vacant] is None
    assert [holders(movement, s)[vacant] for s in range(2, 6)] == [registration.pk] * 4
    assert _played(movement, 2) == played
    assert AuditLog.objects.filter(action="create", object_id=str(registration.pk)).exists()
    _action, changes = audits(movement)[-1]
    assert changes[f"Rouge {vacant.code}"] == [None, licensee.full_name]
    assert changes["from_position"] == 2


def test_a_registered_late_arrival_keeps_their_registration(world):
    movement = generate(world, 19)
    vacant = _vacant(movement)
    registration = f.RegistrationFactory(
        tournament=world.tournament, licensee=f.LicenseeFactory(club=world.club)
    )
    seated = services.late_arrival_seat(
        actor=world.referee, movement=movement, spot=vacant, licensee=registration.licensee
    )
    assert seated == registration
    assert holders(movement, 1)[vacant] == registration.pk


def test_a_late_arrival_needs_a_vacant_place(world):
    movement = generate(world, 19)
    _refused(
        world,
        movement,
        services.late_arrival_seat,
        said("The place %(spot)s is not vacant.", spot="Rouge N1"),
        spot=N1,
        licensee=f.LicenseeFactory(),
    )


def test_a_seated_player_cannot_arrive_late(world):
    movement = generate(world, 19)
    seated = Registration.objects.get(pk=holders(movement, 1)[N1]).licensee
    _refused(
        world,
        movement,
        services.late_arrival_seat,
        _seated_message(seated),
        spot=_vacant(movement),
        licensee=seated,
    )


# --- replacement -----------------------------------------------------------------


def test_a_forfeit_player_is_replaced_from_the_position_in_play(world):
    movement = advance_to(world, generate(world, 28), 3)
    absent = holders(movement, 1)[E2]
    played = _played(movement, 3)
    substitute = f.LicenseeFactory(club=world.club)
    replacement = services.player_replace(
        actor=world.referee, movement=movement, spot=E2, licensee=substitute
    )
    assert [holders(movement, s)[E2] for s in range(1, 8)] == [absent] * 2 + [replacement.pk] * 5
    assert _played(movement, 3) == played
    absent_name = Registration.objects.get(pk=absent).licensee.full_name
    _action, changes = audits(movement)[-1]
    assert changes["Rouge E2"] == [absent_name, substitute.full_name]
    assert changes["from_position"] == 3


def _place(movement, sequence: int, spot: Spot) -> Place:
    return Place.objects.select_related("table").get(
        table__movement=movement,
        table__sequence=sequence,
        table__section=spot.section,
        player_code=spot.code,
    )


def _score(world, place: Place, count: int) -> None:
    """The first ``count`` étuis of the place's table scored, in its order of play."""
    for etui in place.table.etuis[:count]:
        play_score_set(actor=world.referee, table=place.table, etui=etui, score=56, reason="test")


def test_the_etuis_scored_at_the_table_stay_with_the_replaced_player(world):
    movement = advance_to(world, generate(world, 20), 3)
    absent = holders(movement, 3)[N1]
    _score(world, _place(movement, 3, N1), 3)
    replacement = services.player_replace(
        actor=world.referee, movement=movement, spot=N1, licensee=f.LicenseeFactory()
    )
    place = _place(movement, 3, N1)
    assert (place.earlier_registration_id, place.earlier_etuis) == (absent, 3)
    assert [holders(movement, s)[N1] for s in range(1, 6)] == [absent] * 2 + [replacement.pk] * 3
    assert audits(movement)[-1][1]["etuis_kept"] == 3


def test_an_etui_scored_out_of_order_keeps_those_before_it(world):
    """A score entered for the table's third étui tells that its first three were played
    before the replacement, the second one still to be entered."""
    movement = advance_to(world, generate(world, 20), 3)
    place = _place(movement, 3, N1)
    third = place.table.etuis[2]
    play_score_set(actor=world.referee, table=place.table, etui=third, score=56, reason="test")
    services.player_replace(
        actor=world.referee, movement=movement, spot=N1, licensee=f.LicenseeFactory()
    )
    assert _place(movement, 3, N1).earlier_etuis == 3


def test_a_position_fully_scored_at_the_table_is_replaced_from_the_next_one(world):
    movement = advance_to(world, generate(world, 20), 3)
    absent = holders(movement, 3)[N1]
    _score(world, _place(movement, 3, N1), 4)
    replacement = services.player_replace(
        actor=world.referee, movement=movement, spot=N1, licensee=f.LicenseeFactory()
    )
    assert [holders(movement, s)[N1] for s in range(1, 6)] == [absent] * 3 + [replacement.pk] * 2
    assert _place(movement, 3, N1).earlier_etuis == 0


def test_nothing_is_left_to_replace_once_the_last_position_is_scored(world):
    movement = advance_to(world, generate(world, 20), 5)
    _score(world, _place(movement, 5, N1), 4)
    message = said(
        "Every étui of the last position is scored at %(spot)s's table: nothing is left to play.",
        spot="Rouge N1",
    )
    _refused(
        world, movement, services.player_replace, message, spot=N1, licensee=f.LicenseeFactory()
    )


def test_a_second_change_during_the_position_waits_for_the_next_one(world):
    movement = advance_to(world, generate(world, 20), 3)
    place = _place(movement, 3, N1)
    _score(world, place, 1)
    services.player_replace(
        actor=world.referee, movement=movement, spot=N1, licensee=f.LicenseeFactory()
    )
    _score(world, place, 2)
    message = said(
        "The place %(spot)s already changed player during this position: change it again "
        "from the next position.",
        spot="Rouge N1",
    )
    _refused(
        world, movement, services.player_replace, message, spot=N1, licensee=f.LicenseeFactory()
    )


def test_a_late_arrival_takes_a_vacant_place_after_the_etuis_scored_without_them(world):
    movement = advance_to(world, generate(world, 19), 2)
    vacant = _vacant(movement)
    _score(world, _place(movement, 2, vacant), 2)
    arrival = services.late_arrival_seat(
        actor=world.referee, movement=movement, spot=vacant, licensee=f.LicenseeFactory()
    )
    place = _place(movement, 2, vacant)
    assert (place.registration_id, place.earlier_registration_id, place.earlier_etuis) == (
        arrival.pk,
        None,
        2,
    )


def test_a_replacement_before_play_replaces_at_every_position(world):
    movement = generate(world, 20)
    replacement = services.player_replace(
        actor=world.referee, movement=movement, spot=N1, licensee=f.LicenseeFactory()
    )
    assert {holders(movement, s)[N1] for s in range(1, 6)} == {replacement.pk}


def test_a_vacant_place_is_not_replaced(world):
    movement = generate(world, 19)
    vacant = _vacant(movement)
    message = said(
        "The place %(spot)s is vacant: seat a late arrival there instead.",
        spot=f"Rouge {code_label(vacant.code)}",
    )
    _refused(
        world, movement, services.player_replace, message, spot=vacant, licensee=f.LicenseeFactory()
    )


def test_a_substitute_cannot_already_play(world):
    movement = advance_to(world, generate(world, 20), 2)
    seated = Registration.objects.get(pk=holders(movement, 1)[S1]).licensee
    _refused(
        world, movement, services.player_replace, _seated_message(seated), spot=N1, licensee=seated
    )


def test_a_replaced_player_cannot_come_back(world):
    movement = advance_to(world, generate(world, 20), 2)
    absent = Registration.objects.get(pk=holders(movement, 1)[N1]).licensee
    services.player_replace(
        actor=world.referee, movement=movement, spot=N1, licensee=f.LicenseeFactory()
    )
    _refused(
        world, movement, services.player_replace, _seated_message(absent), spot=N1, licensee=absent
    )


def test_the_last_position_can_still_be_changed_but_not_the_ones_before(world):
    movement = advance_to(world, generate(world, 20), 5)
    played = _played(movement, 5)
    replacement = services.player_replace(
        actor=world.referee, movement=movement, spot=N1, licensee=f.LicenseeFactory()
    )
    assert holders(movement, 5)[N1] == replacement.pk
    assert _played(movement, 5) == played


# --- permissions -----------------------------------------------------------------


@pytest.mark.parametrize("persona", sorted(set(PERSONAS) - {"federation_staff", "referee"}))
@pytest.mark.parametrize(
    ("write", "kwargs"),
    [
        (services.players_swap, {"first": N1, "second": S1}),
        (services.player_replace, {"spot": N1}),
        (services.late_arrival_seat, {"spot": Spot("Rouge", "W5")}),
    ],
)
def test_changes_are_for_the_referee(world, persona, write, kwargs):
    movement = generate(world, 19)
    if "spot" in kwargs:
        kwargs = {**kwargs, "licensee": f.LicenseeFactory()}
    places = snapshot(movement)
    with pytest.raises(PermissionDenied):
        write(actor=world.persona(persona), movement=movement, **kwargs)
    assert snapshot(movement) == places


def test_federation_staff_may_change_the_movement(world):
    movement = generate(world, 20)
    services.players_swap(actor=world.federation_staff, movement=movement, first=N1, second=S1)
    assert audits(movement)[-1][0] == "update"


def test_waiting_players_are_not_seated_until_they_arrive_late(world):
    world.tournament.max_players = 19
    world.tournament.save()
    waiting = f.LicenseeFactory(club=world.club)
    movement = generate(world, 19)
    registration = tournament_services.registration_create(
        actor=world.club_manager, tournament=world.tournament, licensee=waiting
    )
    assert registration.waiting
    assert registration.pk not in set(holders(movement, 1).values())
    seated = services.late_arrival_seat(
        actor=world.referee, movement=movement, spot=_vacant(movement), licensee=waiting
    )
    assert seated.pk == registration.pk and not Registration.objects.get(pk=seated.pk).waiting
