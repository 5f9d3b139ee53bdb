"""The base of the permission layer: a user's roles, and the areas they open. The checks of
each app build on ``roles_of`` in its own ``permissions`` module (apps.federation.permissions,
apps.tournaments.permissions): what a user may see and do.

Views, the admin and the API all call these selectors (``<thing>_for_user``) and
checks (``can_<verb>_<thing>``). Roles are read once per user object and cached on it,
so a page costs the same number of queries whatever the number of players.

- federation staff: everything;
- zone manager: the clubs of their zone's committees, read only;
- committee staff: their committee's clubs and tournaments, read only;
- club manager: their club's tournaments and licensees, read and write;
- referee: the tournaments they are assigned to (scoring);
- player (a user linked to a licensee): their own data and public results.
"""

from dataclasses import dataclass, field

from apps.accounts.models import Role, RoleAssignment


@dataclass(frozen=True)
class Roles:
    federation: bool = False
    referee: bool = False
    zone_ids: frozenset[int] = field(default_factory=frozenset)
    committee_ids: frozenset[int] = field(default_factory=frozenset)
    club_ids: frozenset[int] = field(default_factory=frozenset)
    licensee_id: int | None = None

    @property
    def is_staff_scope(self) -> bool:
        return self.federation or bool(self.zone_ids or self.committee_ids)

    @property
    def manages_clubs(self) -> bool:
        return self.federation or bool(self.club_ids)


NO_ROLES = Roles()


def roles_of(user) -> Roles:
    """The user's roles, read with one query and cached on the user object."""
    if user is None or not user.is_authenticated:
        return NO_ROLES
    cached = getattr(user, "_donne_roles", None)
    if cached is not None:
        return cached
    rows = list(
        RoleAssignment.objects.filter(user=user).values_list(
            "role", "zone_id", "committee_id", "club_id"
        )
    )
    roles = Roles(
        federation=user.is_superuser or any(r == Role.FEDERATION_STAFF for r, *_ in rows),
        referee=any(r == Role.REFEREE for r, *_ in rows),
        zone_ids=frozenset(z for r, z, _c, _k in rows if r == Role.ZONE_MANAGER and z),
        committee_ids=frozenset(c for r, _z, c, _k in rows if r == Role.COMMITTEE_STAFF and c),
        club_ids=frozenset(k for r, _z, _c, k in rows if r == Role.CLUB_MANAGER and k),
        licensee_id=user.licensee_id,
    )
    user._donne_roles = roles
    return roles


# --- areas -----------------------------------------------------------------------


def can_use_club_area(user) -> bool:
    return roles_of(user).manages_clubs


def can_use_referee_area(user) -> bool:
    return roles_of(user).referee


def can_use_federation_area(user) -> bool:
    return roles_of(user).is_staff_scope


def can_use_player_area(user) -> bool:
    return roles_of(user).licensee_id is not None


def can_administer(user) -> bool:
    """The Django admin is the federation's back office."""
    return user.is_active and roles_of(user).federation
