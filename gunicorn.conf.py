"""How gunicorn serves the site, read by gunicorn from the directory it starts in (the
Dockerfile's and docker-compose's command, and the benchmarks in bench/): one synchronous
worker per core, unless WEB_CONCURRENCY says otherwise. On the small server
docker-compose sets up, PostgreSQL and Redis take the same cores as the site, and they
run while a worker waits for them: more workers than cores only take turns. On 2 cores,
3 workers served table entry and the live ranking 8 to 10 % faster than 5
(bench/load.py); on a 2-core machine half as fast, 2 workers served them as fast as 3
and held the room's peak at 3x in two runs of three where 3 reached 2x in both of two
(bench/evening.py).

Once a worker has loaded the site, what it loaded is set aside from Python's garbage
collector (``gc.freeze``): a full collection, which a page reading thousands of lines
sets off every other request, otherwise walks every object of Django and the site again
(10 ms a time on a 150-table progress page)."""

import gc
import multiprocessing
import os

workers = int(os.environ.get("WEB_CONCURRENCY") or multiprocessing.cpu_count())


def post_worker_init(worker):
    gc.freeze()
