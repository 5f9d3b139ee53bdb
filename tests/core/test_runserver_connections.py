"""`make run` serves with `manage.py runserver`, one thread per request: under it the
server holds no database connection between requests, however many requests a browser's
kept-alive connections send (issue 24, point 5: 62 connections after 20 minutes)."""

import http.client
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.urls import reverse

from tests.processes import database_url, free_port

APPLICATION = "donne-runserver-test"
BROWSER_CONNECTIONS = 6  # what a browser keeps open to one host
REQUESTS = 30
WAIT_SECONDS = 30


def _runserver(port: int) -> subprocess.Popen:
    """`manage.py runserver` as `make run` starts it (autoreloader on), on the test database."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "PGAPPNAME": APPLICATION,
    }
    env.pop("DATABASE_CONN_MAX_AGE", None)  # the default, as `make run` has it
    return subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}"],
        cwd=Path(django_settings.BASE_DIR),
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def _held() -> int:
    """The database connections the server holds now."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
            " AND application_name = %s",
            [APPLICATION],
        )
        return cursor.fetchone()[0]


def _get(browser: http.client.HTTPConnection, path: str) -> int:
    browser.request("GET", path)
    response = browser.getresponse()
    response.read()
    return response.status


def _ready(port: int, path: str) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        try:
            if _get(http.client.HTTPConnection("127.0.0.1", port, timeout=5), path) == 200:
                return
        except OSError:
            pass
        assert time.monotonic() < deadline, "runserver did not answer"
        time.sleep(0.2)


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="counts PostgreSQL's connections")
def test_runserver_holds_no_connection_per_thread():
    port = free_port()
    path = reverse("core:health")  # reads the database
    server = _runserver(port)
    try:
        _ready(port, path)
        browsers = [
            http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            for _ in range(BROWSER_CONNECTIONS)
        ]
        statuses = [_get(browsers[n % len(browsers)], path) for n in range(REQUESTS)]
        assert statuses == [200] * REQUESTS
        # The browser's connections stay open, each served by a thread of its own.
        deadline = time.monotonic() + 5
        while (held := _held()) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert held == 0
        for browser in browsers:
            browser.close()
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
