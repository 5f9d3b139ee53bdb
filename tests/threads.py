"""Requests made at once, as two phones or two clicks do: each in a thread of its own,
with its own database connection (closed after), released together."""

import threading
from collections.abc import Callable
from typing import Any

from django.db import connection


def together(
    action: Callable[[Any], None], prepare: Callable[[], Any] = lambda: None, count: int = 2
) -> None:
    """In ``count`` threads: ``prepare()`` (a client signed in, say), then, all released
    at the same moment, ``action`` on what it prepared; wait for all."""
    start = threading.Barrier(count, timeout=10)

    def run():
        try:
            prepared = prepare()
            start.wait()
            action(prepared)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
