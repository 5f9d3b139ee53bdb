"""The migrated database the benchmarks copy (BENCH_TEMPLATE_DATABASE), rather than each
migrating its own: one per worker of the suite, dropped at its end."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import empty_database, server_url

ROOT = Path(__file__).resolve().parents[2]
MIGRATE_SECONDS = 120


@pytest.fixture(scope="session")
def bench_template():
    with empty_database("bench_template") as name:
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": server_url(name)},
            check=True,
            timeout=MIGRATE_SECONDS,
        )
        yield name
