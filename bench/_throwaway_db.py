"""Benchmarks run in a database of their own, created and dropped around the run, on the
server of DATABASE_URL (as the test suite does): nothing they write stays behind."""

import os
import sys
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment, teardown_test_environment  # noqa: E402


@contextmanager
def throwaway_database():
    if not os.environ.get("DATABASE_URL"):
        sys.exit("Set DATABASE_URL to the PostgreSQL server to measure on.")
    setup_test_environment()
    old_name = connection.settings_dict["NAME"]
    connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()
