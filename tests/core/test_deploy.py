"""Production settings: `check --deploy` passes with DEBUG off and a real secret, and
DEBUG off without a secret refuses to start."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _manage(*args, **env):
    base = {k: v for k, v in os.environ.items() if k not in {"DEBUG", "SECRET_KEY"}}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=base | env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_passes_in_production_mode():
    result = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY="k3J9-vQ2x!Lw8#pR5zT1mN6bY4cH7gF0aS2dE9uI3oP8lK5jX1qW",
        ALLOWED_HOSTS="tarot.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_without_secret_refuses_to_start():
    result = _manage("check", DEBUG="0")
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


@pytest.mark.parametrize(
    "key",
    [
        "dev-only-insecure-key-do-not-use-in-production",  # the development key
        "django-insecure-" + "k3J9vQ2xLw8pR5zT1mN6bY4cH7gF0aS2dE9uI3oP8lK5jX1qW",
        "short-but-secret-k3J9",
        "ab" * 40,  # long but repetitive
    ],
)
def test_production_refuses_a_short_or_default_secret(key):
    result = _manage("check", DEBUG="0", SECRET_KEY=key, ALLOWED_HOSTS="tarot.example.org")
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr and "50 caractères" in result.stderr
