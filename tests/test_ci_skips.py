"""The CI=true rule on skipped tests, run on a throw-away test file in a pytest of its own."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIPPING = """
import pytest

def test_runs():
    assert True

@pytest.mark.skipif(True, reason="no such program")
def test_needs_a_program():
    pass

def test_skips_itself():
    pytest.skip("not today")

@pytest.mark.xfail(reason="known")
def test_known_failure():
    assert False
"""


def _run(tmp_path: Path, ci: str | None) -> subprocess.CompletedProcess:
    (tmp_path / "test_skipping.py").write_text(SKIPPING)
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["PYTEST_DISABLE_PLUGIN_AUTOLOAD"] = "1"
    if ci is not None:
        env["CI"] = ci
    command = [sys.executable, "-m", "pytest", "-p", "tests.ci_skips", "-c", os.devnull]
    return subprocess.run(
        [*command, "--rootdir", str(tmp_path), "-p", "no:cacheprovider", str(tmp_path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_under_ci_a_skipped_test_fails_the_run(tmp_path):
    run = _run(tmp_path, "true")
    assert run.returncode == 1, run.stdout
    # a skip at set-up (skipif) is an error, one in the test's body a failure
    assert "1 failed, 1 passed, 1 xfailed, 1 error" in run.stdout
    failures = [line for line in run.stdout.splitlines() if "skipped under CI=true" in line]
    assert any("no such program" in line for line in failures)
    assert any("not today" in line for line in failures)


def test_outside_ci_a_skipped_test_is_reported_as_skipped(tmp_path):
    run = _run(tmp_path, None)
    assert run.returncode == 0, run.stdout
    assert "1 passed, 2 skipped, 1 xfailed" in run.stdout
