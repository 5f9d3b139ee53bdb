"""The base of the permission layer: a user's roles, and the areas they open. The roles and
the licensee are the federation's (apps.federation.roles registers the reader). The checks of
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

from collections.abc import Callable
from dataclasses import dataclass, field


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
# Who reads a user's roles and licensee: the federation, which holds them (its
# AppConfig.ready registers it). Without it a user has no role (a superuser is staff).
readers: list[Callable[[object], Roles]] = []


def roles_reader_register(reader: Callable[[object], Roles]) -> None:
    if reader not in readers:
        readers.append(reader)


def roles_of(user) -> Roles:
    """The user's roles, read with one query and cached on the user object."""
    if user is None or not user.is_authenticated:
        return NO_ROLES
    cached = getattr(user, "_donne_roles", None)
    if cached is not None:
        return cached
    roles = readers[0](user) if readers else Roles(federation=user.is_superuser)
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
