"""A few values kept in this process, the least recently read dropped first, safe for the
threads of one process: what each gunicorn worker keeps between requests (a session's
results, its seating, a ranking as rendered) beside the shared cache."""

import threading
from collections import OrderedDict
from collections.abc import Hashable, Iterator
from typing import Any


class Latest:
    def __init__(self, size: int):
        self.size = size
        self._values: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Any:
        """The value kept for ``key`` (now the most recently read), or None."""
        with self._lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def put(self, key: Hashable, value: Any) -> None:
        """Keep ``value`` for ``key``, dropping the least recently read beyond ``size``."""
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)

    def items(self) -> Iterator[tuple[Hashable, Any]]:
        with self._lock:
            return iter(list(self._values.items()))
