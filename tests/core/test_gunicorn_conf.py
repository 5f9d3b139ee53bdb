"""The site's gunicorn settings: a synchronous worker per core, unless WEB_CONCURRENCY
says otherwise; the Dockerfile and docker-compose leave the count to them; a worker sets
what it loaded aside from the garbage collector."""

import gc
import multiprocessing
import runpy
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CONF = str(ROOT / "gunicorn.conf.py")


def test_workers_follow_the_servers_cores(monkeypatch):
    monkeypatch.delenv("WEB_CONCURRENCY", raising=False)
    monkeypatch.setattr(multiprocessing, "cpu_count", lambda: 2)
    assert runpy.run_path(CONF)["workers"] == 2
    monkeypatch.setattr(multiprocessing, "cpu_count", lambda: 8)
    assert runpy.run_path(CONF)["workers"] == 8


def test_web_concurrency_sets_the_workers(monkeypatch):
    monkeypatch.setenv("WEB_CONCURRENCY", "5")
    assert runpy.run_path(CONF)["workers"] == 5


def test_the_images_command_leaves_the_workers_to_the_settings():
    for name in ("Dockerfile", "docker-compose.yml"):
        text = (ROOT / name).read_text()
        assert '"gunicorn", "config.wsgi:application"' in text
        assert "--workers" not in text
    assert "COPY . ." in (ROOT / "Dockerfile").read_text()  # the settings go with the code


def test_a_worker_sets_what_it_loaded_aside_from_the_garbage_collector():
    gc.unfreeze()
    try:
        runpy.run_path(CONF)["post_worker_init"](worker=None)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
