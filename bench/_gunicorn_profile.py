"""Gunicorn hooks that profile each worker with cProfile and dump its figures to the
folder named by BENCH_PROFILE when it exits (bench/evening.py, to see where the time
goes): ``--config bench/_gunicorn_profile.py``, in place of the site's gunicorn.conf.py,
whose settings and hooks it takes."""

import cProfile
import os
import runpy
from pathlib import Path

site = runpy.run_path(str(Path(__file__).resolve().parent.parent / "gunicorn.conf.py"))
workers, post_worker_init = site["workers"], site["post_worker_init"]


def post_fork(server, worker):
    worker.profile = cProfile.Profile()
    worker.profile.enable()


def worker_exit(server, worker):
    worker.profile.disable()
    worker.profile.dump_stats(Path(os.environ["BENCH_PROFILE"]) / f"worker-{worker.pid}.prof")
