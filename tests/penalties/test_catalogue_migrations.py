"""The catalogue's data migrations carry the rows they write: a later change of the
catalogue file (a new key, a new fault) never breaks ``migrate`` on an empty database,
and never changes what an old migration wrote; a new fault reaches existing databases
through its own migration (test_catalogue: the file is what the migrations loaded)."""

import os
import subprocess
import sys
from pathlib import Path

import psycopg
import pytest

from tests.processes import empty_database, server_url

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
# migrate, with every JSON file of a catalogue folder read as holding one more key at
# the top and in each fault, as a later catalogue might
MIGRATE_WITH_A_NEW_KEY = """
import json, pathlib, sys
read_text = pathlib.Path.read_text

def with_a_new_key(self, *args, **kwargs):
    text = read_text(self, *args, **kwargs)
    if self.suffix == ".json" and self.parent.name == "catalogue":
        data = json.loads(text)
        data["publisher"] = "FFT"
        for fault in data["faults"]:
            fault["example"] = "une nouvelle clé"
        text = json.dumps(data)
    return text

pathlib.Path.read_text = with_a_new_key
sys.argv = ["manage.py", "migrate", "--noinput", "-v", "0"]
exec(compile(open("manage.py").read(), "manage.py", "exec"))
"""


def test_an_empty_database_migrates_after_a_key_is_added_to_the_catalogue():
    with empty_database("migrate_catalogue") as name:
        run = subprocess.run(
            [sys.executable, "-c", MIGRATE_WITH_A_NEW_KEY],
            cwd=ROOT,
            env={**os.environ, "DATABASE_URL": server_url(name)},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert run.returncode == 0, run.stderr[-2000:]
        with psycopg.connect(server_url(name)) as database:
            faults = database.execute("SELECT count(*) FROM penalties_fault").fetchone()[0]
    assert faults == 49
