"""The session's results kept between two changes (apps.results.memo): read again, they
cost the stamp's queries only; every kind of change to what they are computed from gives
a new stamp, and the results read then are those computed afresh."""

import pytest

from apps.movements import services as movements
from apps.movements.selectors import Spot
from apps.penalties.services import incident_cancel, penalty_give
from apps.results import memo
from apps.results.memo import results_stamp
from apps.results.selectors import session_results, session_results_computed
from apps.scoring import services as scoring
from apps.tournaments.services import registration_delete
from tests import factories as f
from tests.builders import enter_all, generate, in_play, record, table_at
from tests.queries import queries_of

pytestmark = pytest.mark.django_db

STAMP_QUERIES = 5


@pytest.fixture
def movement(world):
    """A 5-table session, every position in play, every line but two scored."""
    movement = in_play(world, 20)
    enter_all(world, movement, seed=4, skip=2)
    return movement


def _fresh(movement):
    """The results read, and they are the ones computed afresh."""
    read = session_results(movement.session)
    assert read == session_results_computed(movement.session)
    return read


def test_a_second_read_costs_the_stamp_only(movement):
    first = session_results(movement.session)
    assert queries_of(lambda: session_results(movement.session)) == STAMP_QUERIES
    assert session_results(movement.session) is first


def _changes(world, movement):
    session = movement.session
    table = table_at(session, 1)
    etui = table.etuis[0]

    def correct():
        scoring.play_score_set(actor=world.referee, table=table, etui=etui, score=-70)

    def swap_scores():
        # two lines trade their scores: the sums stay, the weights do not
        other = table_at(session, 2)
        a = scoring.play_score_set(actor=world.referee, table=table, etui=etui, score=56)
        b = scoring.play_score_set(actor=world.referee, table=other, etui=other.etuis[0], score=-56)
        scoring.play_score_set(actor=world.referee, table=table, etui=etui, score=b.score)
        scoring.play_score_set(actor=world.referee, table=other, etui=other.etuis[0], score=a.score)

    def clear():
        scoring.play_score_clear(actor=world.referee, table=table, etui=etui)

    def not_played():
        scoring.play_not_played_set(actor=world.referee, table=table, etui=etui, note="x")

    def incident():
        return record(world, session, "feuille_ambulante_non_rectifiable", table=table, etui=etui)

    def cancelled():
        incident_cancel(actor=world.referee, incident=incident(), reason="erreur")

    return {
        "correction": correct,
        "scores traded": swap_scores,
        "line cleared": clear,
        "not played": not_played,
        "incident": incident,
        "incident cancelled": cancelled,
    }


@pytest.mark.parametrize(
    "change",
    ["correction", "scores traded", "line cleared", "not played", "incident", "incident cancelled"],
)
def test_every_change_of_the_inputs_is_read(world, movement, change):
    before = _fresh(movement)
    stamp = results_stamp(movement.session)
    if change == "not played":
        _changes(world, movement)["line cleared"]()
    _changes(world, movement)[change]()
    assert results_stamp(movement.session) != stamp
    assert _fresh(movement) != before or change == "incident cancelled"


def test_a_seating_change_is_read(world):
    movement = in_play(world, 20, position=1)
    for number, score in zip(range(1, 6), (56, -52, 62, -70, 80), strict=True):
        table = table_at(movement.session, number)
        scoring.play_score_set(actor=world.referee, table=table, etui=table.etuis[0], score=score)
    before = _fresh(movement)
    substitute = f.LicenseeFactory(club=world.club)
    movements.player_replace(
        actor=world.referee, movement=movement, spot=Spot("Rouge", "N1"), licensee=substitute
    )
    after = _fresh(movement)
    assert after != before


def test_a_registration_removed_is_read(world):
    movement = generate(world, 20)
    stamp = results_stamp(movement.session)
    registration_delete(
        actor=world.club_manager, registration=world.tournament.registrations.first()
    )
    assert results_stamp(movement.session) != stamp
    _fresh(movement)


def test_a_penalty_is_read(world, movement):
    stamp = results_stamp(movement.session)
    registration = world.tournament.registrations.first()
    penalty_give(
        actor=world.referee,
        session=movement.session,
        registration=registration,
        percent=1,
        reason="retard",
    )
    assert results_stamp(movement.session) != stamp
    _fresh(movement)


def test_a_score_changed_updates_the_last_results(world, movement):
    session_results(movement.session)
    table = table_at(movement.session, 2)
    scoring.play_score_set(actor=world.referee, table=table, etui=table.etuis[0], score=-104)
    updated = queries_of(lambda: session_results(movement.session))
    computed = queries_of(lambda: session_results_computed(movement.session))
    assert updated < STAMP_QUERIES + computed  # the seating is not read again
    _fresh(movement)


def test_a_session_keeps_one_entry_its_latest(world, movement):
    session_results(movement.session)
    table = table_at(movement.session, 3)
    for score in (56, -52, 62):
        scoring.play_score_set(actor=world.referee, table=table, etui=table.etuis[0], score=score)
        session_results(movement.session)
    kept = [entry for pk, entry in memo._kept.items() if pk == movement.session.pk]
    assert len(kept) == 1 and kept[0][0] == memo.results_stamp(movement.session)
