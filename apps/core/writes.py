"""Saving under a unique constraint. ``full_clean`` checks uniqueness first, but a
concurrent write can land between the check and the save: the database's constraint then
speaks, and it must reach the user as a French form error (400), never as a 500."""

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction


def unique_save(instance, *, field: str, message: str, **save_options) -> None:
    """Save `instance`; a unique constraint broken meanwhile becomes a ValidationError
    on `field` with `message`, and the caller's transaction stays usable."""
    try:
        with transaction.atomic():
            instance.save(**save_options)
    except IntegrityError as exc:
        raise ValidationError({field: message}) from exc
