"""`make run` without PostgreSQL: the embedded SQLite file takes the migrations and the
demo, and every page the demo's logins reach by their links answers (the plain SQL the
evening's fast paths use is written for both databases)."""

import os
import subprocess
import sys
from pathlib import Path

from django.db import connection

from apps.core.rows import among

HERE = Path(__file__).resolve().parent


def test_the_demo_and_its_pages_on_sqlite(tmp_path):
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE")
    }
    env |= {
        "SQLITE_PATH": str(tmp_path / "db.sqlite3"),
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",  # not printed
    }
    done = subprocess.run(
        [sys.executable, str(HERE / "crawl.py")],
        cwd=HERE.parent.parent,
        env=env,
        capture_output=True,
        text=True,
        timeout=540,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    assert lines[-1].startswith("pages: ") and int(lines[-1].split()[1]) > 100, lines
    assert lines[:-1] == [], lines  # no page answered 5xx


def test_one_of_many_values_for_each_database(monkeypatch):
    assert among("x.id", [3, 5]) == ("x.id = ANY(%s)", [[3, 5]])  # PostgreSQL: one array
    monkeypatch.setattr(connection, "vendor", "sqlite")
    assert among("x.id", [3, 5]) == ("x.id IN (%s, %s)", [3, 5])
    assert among("x.id", []) == ("1 = 0", [])
