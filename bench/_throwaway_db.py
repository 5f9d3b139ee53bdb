"""Benchmarks run in a database of their own, created and dropped around the run, on the
server of DATABASE_URL (as the test suite does): nothing they write stays behind. Its name
is unique to the run, so that a benchmark never clobbers a test database nor another
benchmark's. With BENCH_TEMPLATE_DATABASE naming a migrated database, it is a copy of
that one rather than migrated anew (the test that runs every benchmark once)."""

import os
import secrets
import sys
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.test.utils import setup_test_environment, teardown_test_environment  # noqa: E402

from conftest import FAST_TEST_HASHERS  # noqa: E402


@contextmanager
def throwaway_database():
    if not os.environ.get("DATABASE_URL"):
        sys.exit("Set DATABASE_URL to the PostgreSQL server to measure on.")
    setup_test_environment()
    settings.PASSWORD_HASHERS = FAST_TEST_HASHERS  # the personas' passwords, quickly
    old_name = connection.settings_dict["NAME"]
    name = f"bench_{os.getpid()}_{secrets.token_hex(4)}"
    template = os.environ.get("BENCH_TEMPLATE_DATABASE")
    if template:
        with connection._nodb_cursor() as cursor:
            cursor.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        connection.settings_dict["NAME"] = name
    else:
        connection.settings_dict["TEST"]["NAME"] = name
        connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
        teardown_test_environment()
