"""Locks held by name until the caller's transaction ends, for a check-then-write that no
row can lock (the row does not exist yet)."""

from django.db import connection


def key_lock(key: str) -> None:
    """Wait for, then hold, the lock named `key` until the transaction ends: a
    transaction-level advisory lock on PostgreSQL; SQLite writes one transaction at a time
    already."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", [key])
