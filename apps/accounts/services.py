"""The writers of a user's own account: their name and e-mail address (to which the
homologation chain writes), and their password."""

from django.db import transaction

from apps.accounts.models import User
from apps.core.audit import audit_record, model_update


@transaction.atomic
def user_profile_update(*, actor, user: User, first_name: str, last_name: str, email: str) -> User:
    """The user changes their own name and e-mail address."""
    changes = model_update(
        user,
        {"first_name": first_name.strip(), "last_name": last_name.strip(), "email": email.strip()},
    )
    if changes:
        user.save(update_fields=list(changes))
        audit_record(actor=actor, action="update", instance=user, changes=changes)
    return user


@transaction.atomic
def user_password_set(*, actor, user: User, password: str) -> User:
    """The user's new password (checked by the form against the site's validators); the
    audit says it changed, never what it is."""
    user.set_password(password)
    user.save(update_fields=["password"])
    audit_record(actor=actor, action="update", instance=user, changes={"password": "changé"})
    return user
