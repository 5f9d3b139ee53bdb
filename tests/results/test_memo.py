"""The session's results kept between two changes (apps.results.memo): read again, they
cost the stamp's queries only; every kind of change to what they are computed from gives
a new stamp, and the results read then are those computed afresh."""

import pickle
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.core.cache import cache

from apps.movements import services as movements
from apps.movements.selectors import Spot
from apps.penalties.services import incident_cancel, penalty_give
from apps.results import memo
from apps.results.domain.compute import session_results_compute
from apps.results.domain.forfeits import SeatTurn, ranked_results, session_field
from apps.results.memo import results_stamp
from apps.results.selectors import session_results, session_results_computed
from apps.scoring import services as scoring
from apps.tournaments.services import registration_delete
from tests import factories as f
from tests.builders import enter_all, generate, in_play, record, table_at
from tests.queries import queries_of
from tests.results.synthetic_sessions import synthetic_session

pytestmark = pytest.mark.django_db

STAMP_QUERIES = 1


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


def test_a_session_keeps_one_entry_its_latest(world, movement):
    session_results(movement.session)
    table = table_at(movement.session, 3)
    for score in (56, -52, 62):
        scoring.play_score_set(actor=world.referee, table=table, etui=table.etuis[0], score=score)
        session_results(movement.session)
    kept = [entry for pk, entry in memo._kept.items() if pk == movement.session.pk]
    assert len(kept) == 1 and kept[0][0] == memo.results_stamp(movement.session)


# --- one computation across the server's processes ---------------------------------


@pytest.fixture
def apart(monkeypatch):
    """Every reader as if in a process of its own: nothing kept in this one, only in the
    shared cache."""
    monkeypatch.setattr(memo, "_keep", lambda stamp, results: None)


def _counted(results, seconds=0.0):
    """A computation giving ``results``, taking ``seconds``, that counts its calls."""
    calls = []

    def compute():
        calls.append(1)
        time.sleep(seconds)
        return results

    return compute, calls


def test_many_readers_at_once_compute_the_results_once(movement, apart):
    session = movement.session
    stamp = results_stamp(session)
    results = session_results_computed(session)
    compute, calls = _counted(results, seconds=0.3)
    readers = 12
    start = threading.Barrier(readers)

    def read(_index):
        start.wait()
        return memo.results_memo(session, stamp, compute)

    with ThreadPoolExecutor(readers) as pool:
        kept = list(pool.map(read, range(readers)))
    assert len(calls) == 1
    assert all(k.results == results and k.stamp == stamp and not k.updating for k in kept)


def test_a_reader_finding_the_lock_just_let_go_takes_the_results_stored(
    movement, apart, monkeypatch
):
    """The holder stores the results, then lets the lock go, between the two reads of a
    waiting reader: the reader finds them rather than computing them again."""
    session = movement.session
    stamp = results_stamp(session)
    results = session_results_computed(session)
    assert cache.add(memo._lock_key(session.pk), True)  # another process is computing
    shared, reads = memo._shared, []

    def holder_finishing(wanted):
        found = shared(wanted)
        reads.append(found)
        if len(reads) == 2:  # the waiting reader's first look
            memo._computed(stamp, lambda: results, locked=True)  # stored, lock let go
        return found

    monkeypatch.setattr(memo, "_shared", holder_finishing)
    compute, calls = _counted(results)
    kept = memo.results_memo(session, stamp, compute)
    assert not calls and kept.results == results and not kept.updating


def _changed(world, session):
    """The results read, then a score changed: those results and the new stamp."""
    before = session_results(session)
    table = table_at(session, 2)
    scoring.play_score_set(actor=world.referee, table=table, etui=table.etuis[0], score=-104)
    return before, results_stamp(session)


def test_a_reader_during_an_update_gets_the_previous_results_marked(world, movement, apart):
    session = movement.session
    before, stamp = _changed(world, session)
    assert cache.add(memo._lock_key(session.pk), True)  # another process is computing
    compute, calls = _counted(None)
    kept = memo.results_memo(session, stamp, compute, previous=True)
    assert kept.updating and kept.results == before and kept.stamp != stamp
    assert not calls


def test_a_lock_left_by_a_dead_computation_is_taken_over(world, movement, apart):
    session = movement.session
    before, stamp = _changed(world, session)
    cache.set(memo._lock_key(session.pk), True, 1)  # its process died while computing
    compute, calls = _counted(session_results_computed(session))
    assert memo.results_memo(session, stamp, compute, previous=True).updating
    time.sleep(1.2)  # the lock expires
    kept = memo.results_memo(session, stamp, compute, previous=True)
    assert len(calls) == 1 and not kept.updating and kept.results != before
    assert kept.results == session_results_computed(session)


def test_with_no_results_yet_a_reader_waits_for_the_computation(movement, apart):
    session = movement.session
    stamp = results_stamp(session)
    results = session_results_computed(session)
    compute, calls = _counted(results, seconds=0.3)
    with ThreadPoolExecutor(1) as pool:
        first = pool.submit(memo.results_memo, session, stamp, compute)
        while not calls:
            time.sleep(0.01)
        waited = memo.results_memo(session, stamp, compute)
    assert len(calls) == 1 and not waited.updating and waited.results == results
    assert first.result().results == results


def test_other_reads_wait_for_the_current_results_not_the_previous(world, movement, apart):
    """An export or a feuille de route is never made of the previous results."""
    session = movement.session
    session_results(session)
    table = table_at(session, 2)
    scoring.play_score_set(actor=world.referee, table=table, etui=table.etuis[0], score=-104)
    stamp = results_stamp(session)
    results = session_results_computed(session)
    compute, calls = _counted(results, seconds=0.3)
    with ThreadPoolExecutor(1) as pool:
        pool.submit(memo.results_memo, session, stamp, compute, previous=True)
        while not calls:
            time.sleep(0.01)
        kept = memo.results_memo(session, stamp, compute)
    assert len(calls) == 1 and not kept.updating and kept.results == results


def test_the_results_another_process_stored_are_read_whole(movement, apart):
    session = movement.session
    session_results(session)  # computed and stored in the shared cache, not kept here
    compute, calls = _counted(None)
    shared = memo.results_memo(session, results_stamp(session), compute)
    assert not calls and shared.results == session_results_computed(session)


def test_without_the_shared_cache_each_process_computes(movement, apart, monkeypatch):
    """Redis down: the lock cannot be taken nor seen, the results are computed."""
    session = movement.session
    session_results(session)
    monkeypatch.setattr(cache, "add", lambda *args, **kwargs: False)
    monkeypatch.setattr(cache, "get", lambda *args, **kwargs: None)
    compute, calls = _counted(session_results_computed(session))
    kept = memo.results_memo(session, results_stamp(session), compute)
    assert len(calls) == 1 and not kept.updating


def test_the_shared_cache_gives_back_every_sheet_and_the_players_listed_apart():
    """What one process stores, another reads whole: ranks, notes, each feuille de route
    (built again from the notes) and the players listed apart with their results."""
    plays, lines = synthetic_session(5, etuis_per_table=4, positions=5, seed=3)
    absent = "S1-N1"
    plays = [
        p if p.position == 1 or absent not in (p.taker, *p.defenders) else _renamed(p, absent)
        for p in plays
    ]
    computed = session_results_compute(plays, {**lines, "sub": lines[absent]})
    turns = [
        SeatTurn(code, position, "sub" if code == absent and position > 1 else code, 4)
        for code in lines
        for position in range(1, 6)
    ]
    results = ranked_results(computed, session_field(turns), by_tops=False)
    stamp = memo.Stamp(1, (0, 0))
    assert results.unranked and results.unranked[0].result is not None
    read_stamp, read = memo._unpacked(pickle.loads(pickle.dumps(memo._packed(stamp, results))))
    assert read_stamp == stamp and read == results
    for before, after in zip(results.players, read.players, strict=True):
        assert after.sheet == before.sheet
    assert read.unranked[0].result.sheet == results.unranked[0].result.sheet
    every = [*read.players, read.unranked[0].result]
    assert sum(len(p.sheet) for p in every) == 4 * len(read.notes)  # each play's 4 players


def _renamed(play, old):
    defenders = tuple("sub" if d == old else d for d in play.defenders)
    return play._replace(taker="sub" if play.taker == old else play.taker, defenders=defenders)
