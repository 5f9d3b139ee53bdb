"""How gunicorn serves the site, read by gunicorn from the directory it starts in (the
Dockerfile's and docker-compose's command, and the benchmarks in bench/): one synchronous
worker per core and one more, unless WEB_CONCURRENCY says otherwise. A worker waits for
PostgreSQL and Redis for part of a request, and the one more runs meanwhile; but on the
small server docker-compose sets up, PostgreSQL and Redis take the same cores, and
gunicorn's usual (2 x cores) + 1 only made the workers take turns: on 2 cores, 3 workers
served table entry and the live ranking 8 to 10 % faster than 5, and the room's peak
reached the same 6x (bench/load.py, bench/evening.py).

Once a worker has loaded the site, what it loaded is set aside from Python's garbage
collector (``gc.freeze``): a full collection, which a page reading thousands of lines
sets off every other request, otherwise walks every object of Django and the site again
(10 ms a time on a 150-table progress page)."""

import gc
import multiprocessing
import os

workers = int(os.environ.get("WEB_CONCURRENCY") or multiprocessing.cpu_count() + 1)


def post_worker_init(worker):
    gc.freeze()
