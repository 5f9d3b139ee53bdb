"""Helpers for tests that start a process of the project (a server, a worker) on the
test database."""

import socket

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
