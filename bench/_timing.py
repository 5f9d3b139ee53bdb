"""How the benchmarks time a piece of work: run it ``repeats`` times, keep the median."""

import statistics
import time


def timed(function, repeats: int):
    """The function's last result and the median of its run times, in seconds."""
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return result, statistics.median(times)
