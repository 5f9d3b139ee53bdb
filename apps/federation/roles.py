"""A user's roles and licensee, as the permission layer's base (apps.accounts.permissions)
reads them: the federation holds both (``RoleAssignment``, ``Licensee.user``) and
registers this reader in its AppConfig.ready."""

from django.contrib.auth import get_user_model

from apps.accounts.permissions import Roles
from apps.federation.models import Role


def roles_read(user) -> Roles:
    """The user's roles and licensee, in one query."""
    rows = list(
        get_user_model()
        .objects.filter(pk=user.pk)
        .values_list(
            "licensee__pk",
            "role_assignments__role",
            "role_assignments__zone_id",
            "role_assignments__committee_id",
            "role_assignments__club_id",
        )
    )
    licensee_id = rows[0][0] if rows else None
    roles = [row[1:] for row in rows if row[1] is not None]
    return Roles(
        federation=user.is_superuser or any(r == Role.FEDERATION_STAFF for r, *_ in roles),
        referee=any(r == Role.REFEREE for r, *_ in roles),
        zone_ids=frozenset(z for r, z, _c, _k in roles if r == Role.ZONE_MANAGER and z),
        committee_ids=frozenset(c for r, _z, c, _k in roles if r == Role.COMMITTEE_STAFF and c),
        club_ids=frozenset(k for r, _z, _c, k in roles if r == Role.CLUB_MANAGER and k),
        licensee_id=licensee_id,
    )
