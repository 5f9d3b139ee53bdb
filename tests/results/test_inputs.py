"""A session's seating is read once for the stamp of its seating: a score changes the
results' stamp but not the seating's, and the inputs read with the seating kept are those
read afresh; a change of the seating is read again."""

import pytest

from apps.movements import services as movements
from apps.movements.models import Place
from apps.movements.selectors import Spot
from apps.results.inputs import session_inputs
from apps.results.memo import results_stamp
from apps.scoring import services as scoring
from tests import factories as f
from tests.builders import enter_all, in_play, table_at
from tests.queries import queries_of

pytestmark = pytest.mark.django_db

SEATING_QUERIES = 3  # the movement's sections, its tables, their places


@pytest.fixture
def movement(world):
    movement = in_play(world, 20)
    enter_all(world, movement, seed=7, skip=3)
    return movement


def _open_spot(movement) -> Spot:
    """Nord of the last table of the last position, whose last 3 étuis are not scored (a
    replacement takes the étuis not yet played)."""
    place = Place.objects.filter(
        table__movement=movement, table__sequence=movement.positions, seat="N"
    ).latest("table__table")
    return Spot(place.table.section, place.player_code)


def _score(world, movement, score):
    table = table_at(movement.session, 2)
    scoring.play_score_set(actor=world.referee, table=table, etui=table.etuis[0], score=score)


def test_a_score_changes_the_results_stamp_not_the_seatings(world, movement):
    before = results_stamp(movement.session)
    _score(world, movement, -70)
    after = results_stamp(movement.session)
    assert after != before and after.seating == before.seating
    movements.player_replace(
        actor=world.referee,
        movement=movement,
        spot=_open_spot(movement),
        licensee=f.LicenseeFactory(club=world.club),
    )
    assert results_stamp(movement.session).seating != after.seating


def test_the_seating_kept_is_read_once_and_gives_the_inputs_read_afresh(world, movement):
    session = movement.session
    seating = results_stamp(session).seating
    first = queries_of(lambda: session_inputs(session, seating))
    _score(world, movement, 56)
    assert queries_of(lambda: session_inputs(session, seating)) == first - SEATING_QUERIES == 1
    kept = session_inputs(session, seating)
    assert kept == session_inputs(session)
    assert any(record.score == 56 for record in kept.records)  # the new score is read


def test_a_seating_change_is_read_again(world, movement):
    session = movement.session
    session_inputs(session, results_stamp(session).seating)
    substitute = f.LicenseeFactory(club=world.club)
    movements.player_replace(
        actor=world.referee, movement=movement, spot=_open_spot(movement), licensee=substitute
    )
    seating = results_stamp(session).seating
    assert queries_of(lambda: session_inputs(session, seating)) == 1 + SEATING_QUERIES
    kept = session_inputs(session, seating)
    assert kept == session_inputs(session)
    registration = str(session.tournament.registrations.get(licensee=substitute).pk)
    assert registration in kept.lines
