"""How gunicorn serves the site, read by gunicorn from the directory it starts in (the
Dockerfile's and docker-compose's command, and the benchmarks in bench/): as many
synchronous workers as gunicorn's documentation advises for the server's cores, (2 x
cores) + 1, unless WEB_CONCURRENCY says otherwise. A worker waits for PostgreSQL and Redis
for about a third of a request; with more workers than cores, another runs meanwhile, and a
long page (the referee's progress) holds up fewer of the phones' requests behind it.

Once a worker has loaded the site, what it loaded is set aside from Python's garbage
collector (``gc.freeze``): a full collection, which a page reading thousands of lines
sets off every other request, otherwise walks every object of Django and the site again
(10 ms a time on a 150-table progress page)."""

import gc
import multiprocessing
import os

workers = int(os.environ.get("WEB_CONCURRENCY") or 2 * multiprocessing.cpu_count() + 1)


def post_worker_init(worker):
    gc.freeze()
