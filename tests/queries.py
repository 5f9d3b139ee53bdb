"""Counting the queries of a read, for the tests that hold a page's cost constant."""

from django.db import connection
from django.test.utils import CaptureQueriesContext


def queries_of(read) -> int:
    """How many queries ``read()`` makes."""
    with CaptureQueriesContext(connection) as queries:
        read()
    return len(queries)
