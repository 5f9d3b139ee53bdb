"""Audit trail: every write service records old → new values in the same transaction."""

from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db import models

from apps.core.models import AuditLog


def audit_value(value: Any) -> Any:
    """A JSON-friendly form of a field value."""
    if isinstance(value, models.Model):
        return str(value)
    if isinstance(value, date | datetime | time):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def audit_record(
    *, actor, action: str, instance: models.Model, changes: dict | None = None
) -> AuditLog:
    """Write one audit row for instance (call inside the change's transaction)."""
    return AuditLog.objects.create(
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        content_type=ContentType.objects.get_for_model(instance, for_concrete_model=False),
        object_id=str(instance.pk),
        object_repr=str(instance)[:200],
        changes=changes or {},
    )


def audit_records(*, actor, action: str, changes: list[tuple[models.Model, dict]]) -> None:
    """One audit row per (instance, changes), written at once: a step that changes many
    rows (apps.federation.services.licensees_series_set). Instances of one model."""
    if not changes:
        return
    content_type = ContentType.objects.get_for_model(changes[0][0], for_concrete_model=False)
    AuditLog.objects.bulk_create(
        AuditLog(
            actor=actor if actor is not None and actor.is_authenticated else None,
            action=action,
            content_type=content_type,
            object_id=str(instance.pk),
            object_repr=str(instance)[:200],
            changes=change,
        )
        for instance, change in changes
    )


def audit_snapshot(instance: models.Model, fields: list[str]) -> dict[str, Any]:
    return {name: audit_value(getattr(instance, name)) for name in fields}


def model_update(instance: models.Model, data: dict[str, Any]) -> dict[str, list[Any]]:
    """Set the fields of data on instance; return {field: [old, new]} for those that changed."""
    changes = {}
    for name, new in data.items():
        old = getattr(instance, name)
        if old != new:
            changes[name] = [audit_value(old), audit_value(new)]
            setattr(instance, name, new)
    return changes
