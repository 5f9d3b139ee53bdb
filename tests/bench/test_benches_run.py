"""Every benchmark runs once at its tiny size (BENCH_SIZE=tiny), so that a change that
breaks one fails the build (issue 24, point 4). Nothing is timed: each must finish and
print its figures. One test per benchmark, so that the suite's workers share them out;
each worker migrates the template database its benchmarks copy once (conftest.py)."""

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
NUMBER = r"-?[\d,.]+"
# The figure lines each benchmark prints.
FIGURES = {
    "award_claims.py": [
        rf"valid claim \(\d+ players\): {NUMBER} ms",
        rf"adversarial claim \(worst\): {NUMBER} ms",
    ],
    "import_licensees.py": [
        rf"created: 50 rows in {NUMBER} s = {NUMBER} rows/s",
        rf"series changed: 50 rows in {NUMBER} s",
        rf"all changed: 50 rows in {NUMBER} s",
    ],
    "load.py": [
        rf"\(a\) trivial page +\d+ requests +{NUMBER} req/s +p95 +{NUMBER} ms",
        rf"\(b\) table entry posts +\d+ requests +{NUMBER} req/s",
        rf"\(c\) live ranking, readers +\d+ requests +{NUMBER} req/s",
        r"lines recorded from the tables: 20 of 20",
        rf"\(d\) audited insert floor +\d+ requests +{NUMBER} req/s",
        rf"throughput ratio table entry / trivial: {NUMBER}",
        rf"throughput ratio live ranking / trivial: {NUMBER}",
        rf"throughput ratio audited insert / trivial: {NUMBER}",
    ],
    "evening.py": [
        r"served alone \(median\):",
        rf"étui sent \+ confirmed +{NUMBER} ms",
        r"1×: \d+ requests, 0 failed, 0 scores lost",  # noqa: RUF001
        rf"où je joue +p95 +{NUMBER} ms",
        r"capacity: \d+× the peak of a 150-table evening",  # noqa: RUF001
    ],
    "pages.py": [
        rf"referee room +{NUMBER} ms +\d+ q +{NUMBER} ms +\d+ q",
        rf"home +{NUMBER} ms +\d+ q +{NUMBER} ms +\d+ q",
    ],
    "printouts.py": [
        rf"fiches-individuelles +{NUMBER} s +\d+ p",
        rf"plan-de-salle +{NUMBER} s +\d+ p",
        rf"all four +{NUMBER} s",
    ],
    "ranking.py": [
        rf"ranking \(totals, 3 ranks, stored\): {NUMBER} ms",
        rf"bare GROUP BY: +{NUMBER} ms",
        rf"ratio: {NUMBER}",
    ],
    "tournament_file.py": [
        rf"validation \(import\): +{NUMBER} ms",
        rf"schema check: +{NUMBER} ms",
        rf"JSON parsing: +{NUMBER} ms",
        rf"ratio validation / the replaced validator's: {NUMBER}",
    ],
    "scoring.py": [
        rf"recompute everything: +{NUMBER} ms",
        rf"bare read: +{NUMBER} ms",
        rf"ratio recompute / bare read: {NUMBER}",
        rf"one more score \+ recompute: +{NUMBER} ms",
    ],
}
SECONDS = 120  # a bench that hangs fails, its gunicorn stopped with it


def bench_env(template: str) -> dict:
    """The test run's servers; under pytest-xdist, Redis is this worker's own database
    (conftest.py), so that no task the bench queues reaches another test's worker."""
    env = {**os.environ, "BENCH_SIZE": "tiny", "BENCH_TEMPLATE_DATABASE": template}
    if os.environ.get("REDIS_URL"):
        env["REDIS_URL"] = settings.CACHES["default"]["LOCATION"]
    return env


def bench_failure(script: str, env: dict) -> str:
    """What went wrong running ``script`` at its tiny size; "" when it printed its figures."""
    bench = subprocess.Popen(
        [sys.executable, f"bench/{script}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # its gunicorn too, to stop them all together
    )
    try:
        output, _ = bench.communicate(timeout=SECONDS)
    except subprocess.TimeoutExpired:
        os.killpg(bench.pid, signal.SIGKILL)
        output, _ = bench.communicate()
        return f"{script} ran over {SECONDS} s:\n{output}"
    if bench.returncode != 0:
        return f"{script} exited with {bench.returncode}:\n{output}"
    missing = [figure for figure in FIGURES[script] if not re.search(figure, output)]
    return f"{script} did not print {missing}:\n{output}" if missing else ""


def test_every_bench_is_run():
    scripts = {path.name for path in (ROOT / "bench").glob("*.py")}
    assert {name for name in scripts if not name.startswith("_")} == set(FIGURES)


@pytest.mark.parametrize("script", sorted(FIGURES))
def test_the_bench_runs_at_tiny_size(script, bench_template):
    failure = bench_failure(script, bench_env(bench_template))
    assert not failure, failure
