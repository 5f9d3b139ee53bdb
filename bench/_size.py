"""The size a benchmark runs at: its real size, or a tiny one with ``BENCH_SIZE=tiny``
(the test that runs every benchmark once, so that none of them rots)."""

import os

TINY = os.environ.get("BENCH_SIZE") == "tiny"


def sized(full, tiny):
    """``full``, or ``tiny`` when the benchmark runs at its tiny size."""
    return tiny if TINY else full
