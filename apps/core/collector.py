"""Python's cycle collector kept out of the way of the few computations that build tens of
thousands of objects at once (a 150-table session's results: 65,000 named tuples), and of
the objects every worker holds from its start.

While such a computation runs, each few hundred new objects would set off a collection,
and every so often a full one walking the whole heap: two thirds of its time. What it
builds holds no cycle (tuples and numbers, freed by their reference counts), so
collections wait until it ends. ``startup_objects_freeze`` moves what a worker loaded at
start (Django, the apps, the Garde scores table) out of the collector's sight for good, as
Python's documentation advises for long-lived servers (``gc.freeze``)."""

import gc
import threading
from contextlib import contextmanager

_lock = threading.Lock()
_paused = 0  # computations running with collections paused, in every thread
_was_enabled = False


@contextmanager
def collections_paused():
    """Run the block with cycle collections paused; nested and concurrent blocks (threads)
    resume them only once the last one ends, and only if they were on before."""
    global _paused, _was_enabled
    with _lock:
        if _paused == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _paused += 1
    try:
        yield
    finally:
        with _lock:
            _paused -= 1
            if _paused == 0 and _was_enabled:
                gc.enable()


def startup_objects_freeze() -> None:
    """Keep every object alive now out of later collections (call once the worker has
    loaded everything it keeps)."""
    gc.collect()
    gc.freeze()
