"""A user's roles and licensee, as the permission layer's base (apps.accounts.permissions)
reads them: the federation holds both (``RoleAssignment``, ``Licensee.user``) and
registers this reader in its AppConfig.ready."""

from apps.accounts.permissions import Roles
from apps.core.rows import rows_read
from apps.federation.models import Licensee, Role, RoleAssignment


def _roles_sql() -> str:
    licensees, assignments = Licensee._meta.db_table, RoleAssignment._meta.db_table
    return (
        f"SELECT (SELECT id FROM {licensees} WHERE user_id = %s), "
        f"a.role, a.zone_id, a.committee_id, a.club_id FROM (SELECT 1) one "
        f"LEFT JOIN {assignments} a ON a.user_id = %s"
    )


def roles_read(user) -> Roles:
    """The user's roles and licensee, in one statement of plain SQL (every signed-in page
    asks it)."""
    rows = rows_read(_roles_sql(), [user.pk, user.pk])
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
