"""Cycle collections paused around a large computation, and resumed as they were."""

import gc
import threading

import pytest

from apps.core.collector import collections_paused, startup_objects_freeze


@pytest.fixture
def collector_on():
    was = gc.isenabled()
    gc.enable()
    yield
    gc.enable() if was else gc.disable()


def test_collections_pause_in_the_block_and_resume_after(collector_on):
    with collections_paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_collections_resume_after_an_error(collector_on):
    with pytest.raises(ValueError), collections_paused():
        int("not a number")
    assert gc.isenabled()


def test_nested_blocks_resume_only_when_the_outer_one_ends(collector_on):
    with collections_paused():
        with collections_paused():
            pass
        assert not gc.isenabled()
    assert gc.isenabled()


def test_collections_off_before_stay_off():
    was = gc.isenabled()
    gc.disable()
    try:
        with collections_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable() if was else gc.disable()


def test_a_thread_ending_its_block_leaves_another_threads_block_paused(collector_on):
    inside, release = threading.Event(), threading.Event()

    def other():
        with collections_paused():
            inside.set()
            release.wait(5)

    thread = threading.Thread(target=other)
    thread.start()
    inside.wait(5)
    with collections_paused():
        pass
    assert not gc.isenabled()  # the other thread's block still runs
    release.set()
    thread.join(5)
    assert gc.isenabled()


def test_startup_objects_leave_the_collectors_sight():
    kept = [[] for _ in range(10)]
    try:
        startup_objects_freeze()
        assert gc.get_freeze_count() >= len(kept)
        watched = {id(obj) for obj in gc.get_objects()}
        assert not any(id(obj) in watched for obj in kept)
    finally:
        gc.unfreeze()
