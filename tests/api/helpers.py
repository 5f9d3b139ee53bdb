"""Small helpers for the API tests."""

from apps.core.models import AuditLog


def result_ids(response) -> set[int]:
    assert response.status_code == 200, response.content
    return {row["id"] for row in response.json()["results"]}


def expected_ids(world, names) -> set[int]:
    return {getattr(world, name).pk for name in names}


def audit_count() -> int:
    return AuditLog.objects.count()
