"""The one permission layer: what a user may see and do.

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

from django.db.models import Q, QuerySet

from apps.accounts.models import Role, RoleAssignment, User
from apps.federation.models import Club, Licensee, LicenseeImport
from apps.tournaments.domain.workflow import (
    PUBLIC_STATUSES,
    REGISTRATION_STATUSES,
    RESULT_STATUSES,
    Status,
    transition_allowed,
)
from apps.tournaments.models import Registration, Tournament


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


def _club_scope_q(roles: Roles) -> Q:
    """Clubs a staff member oversees (zone, committee) or manages (club)."""
    q = Q(pk__in=[])
    if roles.zone_ids:
        q |= Q(committee__zone_id__in=roles.zone_ids)
    if roles.committee_ids:
        q |= Q(committee_id__in=roles.committee_ids)
    if roles.club_ids:
        q |= Q(id__in=roles.club_ids)
    return q


# --- clubs -----------------------------------------------------------------------


def clubs_for_user(user) -> QuerySet[Club]:
    roles = roles_of(user)
    qs = Club.objects.select_related("committee__zone")
    if roles.federation:
        return qs.all()
    return qs.filter(_club_scope_q(roles))


def clubs_managed_by(user) -> QuerySet[Club]:
    roles = roles_of(user)
    if roles.federation:
        return Club.objects.all()
    return Club.objects.filter(id__in=roles.club_ids)


def can_manage_club(user, club: Club) -> bool:
    roles = roles_of(user)
    return roles.federation or club.pk in roles.club_ids


# --- licensees -------------------------------------------------------------------


def licensees_for_user(user) -> QuerySet[Licensee]:
    """Licensees whose record (birth date included) the user may read."""
    roles = roles_of(user)
    qs = Licensee.objects.select_related("club")
    if roles.federation:
        return qs.all()
    q = Q(pk__in=[])
    if roles.zone_ids or roles.committee_ids or roles.club_ids:
        q |= Q(club__in=Club.objects.filter(_club_scope_q(roles)))
    if roles.licensee_id:
        q |= Q(pk=roles.licensee_id)
    return qs.filter(q)


def licensees_registrable_by(user) -> QuerySet[Licensee]:
    """Licensees a club manager may register in a tournament: any club's players."""
    if not roles_of(user).manages_clubs:
        return Licensee.objects.none()
    return Licensee.objects.select_related("club")


def can_manage_licensee(user, licensee: Licensee) -> bool:
    roles = roles_of(user)
    return roles.federation or licensee.club_id in roles.club_ids


def can_import_licensees(user) -> bool:
    return roles_of(user).manages_clubs


def licensee_imports_for_user(user) -> QuerySet[LicenseeImport]:
    """Licensee imports the user may open: their own; federation staff see every one."""
    qs = LicenseeImport.objects.select_related("created_by")
    if roles_of(user).federation:
        return qs
    return qs.filter(created_by=user) if user.is_authenticated else qs.none()


# --- tournaments -----------------------------------------------------------------


def _tournament_scope_q(user, roles: Roles) -> Q:
    q = Q(club__in=Club.objects.filter(_club_scope_q(roles)))
    if roles.referee:
        q |= Q(referee_assignments__referee=user)
    return q


def tournaments_in_scope(user) -> QuerySet[Tournament]:
    """Tournaments the user works on: managed, overseen or refereed (drafts included)."""
    roles = roles_of(user)
    qs = Tournament.objects.select_related("club")
    if roles.federation:
        return qs.all()
    if not user.is_authenticated:
        return qs.none()
    return qs.filter(
        pk__in=Tournament.objects.filter(_tournament_scope_q(user, roles)).values("pk")
    )


def tournaments_for_user(user) -> QuerySet[Tournament]:
    """Tournaments the user may open: public ones plus those in scope."""
    roles = roles_of(user)
    qs = Tournament.objects.select_related("club")
    if roles.federation:
        return qs.all()
    public = Q(status__in=PUBLIC_STATUSES)
    if not user.is_authenticated:
        return qs.filter(public)
    scoped = Tournament.objects.filter(_tournament_scope_q(user, roles)).values("pk")
    return qs.filter(public | Q(pk__in=scoped))


def tournaments_refereed_by(user) -> QuerySet[Tournament]:
    if not user.is_authenticated:
        return Tournament.objects.none()
    return Tournament.objects.select_related("club").filter(referee_assignments__referee=user)


def can_manage_tournament(user, tournament: Tournament) -> bool:
    return can_manage_club(user, tournament.club)


def can_referee_tournament(user, tournament: Tournament) -> bool:
    """Score entry and room work: only the referees assigned to this tournament."""
    if not user.is_authenticated or not roles_of(user).referee:
        return False
    return tournament.referee_assignments.filter(referee=user).exists()


def can_oversee_tournament(user, tournament: Tournament) -> bool:
    """Read the working data (registrations, drafts): managers, staff in scope, referees."""
    return tournaments_in_scope(user).filter(pk=tournament.pk).exists()


def tournament_capacities(user, tournament: Tournament) -> set[str]:
    capacities = set()
    if can_manage_tournament(user, tournament):
        capacities.add("manager")
    if can_referee_tournament(user, tournament):
        capacities.add("referee")
    if roles_of(user).federation:
        capacities.add("approver")
    return capacities


def can_run_movement(user, tournament: Tournament) -> bool:
    """Generate and change a session's movement: the assigned referees and federation staff."""
    return roles_of(user).federation or can_referee_tournament(user, tournament)


def can_view_movement(user, tournament: Tournament) -> bool:
    """Read a movement and print it: whoever oversees the tournament's working data."""
    return can_oversee_tournament(user, tournament)


def results_public(tournament: Tournament) -> bool:
    """Play is over: the results are shown to whoever may open the tournament."""
    return tournament.status in RESULT_STATUSES


def can_view_results(user, tournament: Tournament) -> bool:
    """Rankings and topage: everyone once play is over; before, those who oversee it."""
    return results_public(tournament) or can_oversee_tournament(user, tournament)


def can_view_sheet(user, tournament: Tournament, registration_id: int) -> bool:
    """A feuille de route: its player once play is over; those who oversee it always
    (mid-session notes would tell a player how an étui went at other tables)."""
    licensee_id = roles_of(user).licensee_id
    own = (
        licensee_id is not None
        and results_public(tournament)
        and tournament.registrations.filter(pk=registration_id, licensee_id=licensee_id).exists()
    )
    return own or can_oversee_tournament(user, tournament)


def can_transition_tournament(user, tournament: Tournament, target: str) -> bool:
    return transition_allowed(
        Status(tournament.status), Status(target), tournament_capacities(user, tournament)
    )


def can_register_in_tournament(user, tournament: Tournament) -> bool:
    return tournament.status in REGISTRATION_STATUSES and can_manage_tournament(user, tournament)


def referees_assignable(tournament: Tournament) -> QuerySet[User]:
    """Active users holding the referee role who are not yet assigned to the tournament."""
    return (
        User.objects.filter(role_assignments__role=Role.REFEREE, is_active=True)
        .exclude(refereed_tournaments__tournament=tournament)
        .distinct()
        .order_by("last_name", "first_name", "username")
    )


# --- registrations ---------------------------------------------------------------


def registrations_for_user(user) -> QuerySet[Registration]:
    roles = roles_of(user)
    qs = Registration.objects.select_related("licensee__club", "tournament__club")
    if roles.federation:
        return qs.all()
    q = Q(tournament__in=tournaments_in_scope(user).values("pk"))
    if roles.licensee_id:
        q |= Q(licensee_id=roles.licensee_id)
    return qs.filter(q)


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
