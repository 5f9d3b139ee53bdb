"""What a user may see and do of clubs, licensees and licensee imports (the permission layer,
on apps.accounts.permissions.roles_of)."""

from django.db.models import Q, QuerySet

from apps.accounts.permissions import Roles, roles_of
from apps.federation.models import Club, Licensee, LicenseeImport


def club_scope_q(roles: Roles) -> Q:
    """Clubs a staff member oversees (zone, committee) or manages (club)."""
    q = Q(pk__in=[])
    if roles.zone_ids:
        q |= Q(committee__zone_id__in=roles.zone_ids)
    if roles.committee_ids:
        q |= Q(committee_id__in=roles.committee_ids)
    if roles.club_ids:
        q |= Q(id__in=roles.club_ids)
    return q


def club_in_scope(roles: Roles, club: Club) -> bool:
    """``club_scope_q`` asked of one club: no query when its committee was read with it
    (held equal to the query set by tests/accounts/test_permissions_scopes.py)."""
    if club.pk in roles.club_ids or club.committee_id in roles.committee_ids:
        return True
    return bool(roles.zone_ids) and club.committee.zone_id in roles.zone_ids


def clubs_for_user(user) -> QuerySet[Club]:
    roles = roles_of(user)
    qs = Club.objects.select_related("committee__zone")
    if roles.federation:
        return qs.all()
    return qs.filter(club_scope_q(roles))


def clubs_managed_by(user) -> QuerySet[Club]:
    roles = roles_of(user)
    if roles.federation:
        return Club.objects.all()
    return Club.objects.filter(id__in=roles.club_ids)


def can_manage_club(user, club: Club) -> bool:
    roles = roles_of(user)
    return roles.federation or club.pk in roles.club_ids


def licensees_for_user(user) -> QuerySet[Licensee]:
    """Licensees whose record (birth date included) the user may read."""
    roles = roles_of(user)
    qs = Licensee.objects.select_related("club")
    if roles.federation:
        return qs.all()
    q = Q(pk__in=[])
    if roles.zone_ids or roles.committee_ids or roles.club_ids:
        q |= Q(club__in=Club.objects.filter(club_scope_q(roles)))
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


def can_set_series(user) -> bool:
    """Move licensees between séries (the season's end, apps.rankings)."""
    return roles_of(user).federation


def can_import_licensees(user) -> bool:
    return roles_of(user).manages_clubs


def licensee_imports_for_user(user) -> QuerySet[LicenseeImport]:
    """Licensee imports the user may open: their own; federation staff see every one."""
    qs = LicenseeImport.objects.select_related("created_by")
    if roles_of(user).federation:
        return qs
    return qs.filter(created_by=user) if user.is_authenticated else qs.none()


def can_manage_seasons(user) -> bool:
    """Create and open the seasons (which freezes their PP potential): federation staff."""
    return roles_of(user).federation
