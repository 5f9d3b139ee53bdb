"""Helpers for tests that start a process of the project (a server, a worker) on the
test database."""

import os
import secrets
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit, urlunsplit

import psycopg
from django.db import connection


def database_url() -> str:
    """The test database's URL, for a child process's DATABASE_URL."""
    db = connection.settings_dict
    auth = f"{db['USER']}:{db['PASSWORD']}" if db["PASSWORD"] else db["USER"]
    return f"postgres://{auth}@{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}"


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def server_url(database: str) -> str:
    """The URL of ``database`` on the server of DATABASE_URL."""
    return urlunsplit(urlsplit(os.environ["DATABASE_URL"])._replace(path="/" + database))


@contextmanager
def empty_database(prefix: str) -> Iterator[str]:
    """A new empty database on the test server, named from ``prefix`` and unique to the
    run, dropped afterwards: its name."""
    name = f"{prefix}_{os.getpid()}_{secrets.token_hex(4)}"
    with psycopg.connect(server_url("postgres"), autocommit=True) as server:
        server.execute(f'CREATE DATABASE "{name}"')
        try:
            yield name
        finally:
            server.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
