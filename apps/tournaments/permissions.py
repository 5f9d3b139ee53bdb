"""What a user may see and do of tournaments, their rooms, results and registrations (the
permission layer, on apps.accounts.permissions.roles_of and apps.federation.permissions)."""

from django.db.models import Q, QuerySet

from apps.accounts.models import User
from apps.accounts.permissions import Roles, roles_of
from apps.core.rows import rows_read
from apps.federation.models import Club, Role
from apps.federation.permissions import can_manage_club, club_in_scope, club_scope_q
from apps.tournaments.domain.workflow import (
    PUBLIC_STATUSES,
    REGISTRATION_STATUSES,
    RESULT_STATUSES,
    Status,
    transition_allowed,
)
from apps.tournaments.models import RefereeAssignment, Registration, Tournament


def _tournament_scope_q(user, roles: Roles) -> Q:
    q = Q(club__in=Club.objects.filter(club_scope_q(roles)))
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


def _assigned(user, tournament: Tournament) -> bool:
    """Whether the user is one of the tournament's referees: known already for a
    tournament read with its session for this user (``refereed_by``, set by
    ``selectors.session_for_user``), else one statement of plain SQL."""
    known = getattr(tournament, "refereed_by", None)
    if known is not None and known[0] == user.pk:
        return known[1]
    sql = (
        f"SELECT EXISTS (SELECT 1 FROM {RefereeAssignment._meta.db_table} "
        "WHERE tournament_id = %s AND referee_id = %s)"
    )
    return rows_read(sql, [tournament.pk, user.pk])[0][0]


def can_referee_tournament(user, tournament: Tournament) -> bool:
    """Score entry and room work: only the referees assigned to this tournament."""
    if not user.is_authenticated or not roles_of(user).referee:
        return False
    return _assigned(user, tournament)


def _in_scope(user, roles: Roles, tournament: Tournament) -> bool:
    """``_tournament_scope_q`` asked of one tournament: its club and committee against the
    user's roles first (no query when the club, read with the tournament, answers), then a
    referee's assignment. Held equal to the query set by tests/tournaments/test_permissions.py."""
    if club_in_scope(roles, tournament.club):
        return True
    return roles.referee and _assigned(user, tournament)


def can_open_tournament(user, tournament: Tournament) -> bool:
    """A tournament of ``tournaments_for_user``: public, or in the user's scope."""
    roles = roles_of(user)
    if roles.federation or tournament.status in PUBLIC_STATUSES:
        return True
    return user.is_authenticated and _in_scope(user, roles, tournament)


def can_oversee_tournament(user, tournament: Tournament) -> bool:
    """Read the working data (registrations, drafts): managers, staff in scope, referees
    (a tournament of ``tournaments_in_scope``)."""
    roles = roles_of(user)
    if roles.federation:
        return True
    return user.is_authenticated and _in_scope(user, roles, tournament)


def can_download_award_file(user, tournament: Tournament) -> bool:
    """The federation's PCN and PP file of the tournament (fascicule 3, ch. 5
    « Transmission »): its club, and the committee and zone above it (and the federation),
    as ``clubs_for_user`` lists them."""
    roles = roles_of(user)
    return roles.federation or club_in_scope(roles, tournament.club)


def can_read_referee_notes(user, tournament: Tournament) -> bool:
    """The referee's private notes on incidents (never printed): the room's referees and
    the homologation chain over the tournament (its committee, its zone, the federation)."""
    roles = roles_of(user)
    if roles.federation or can_referee_tournament(user, tournament):
        return True
    committee = tournament.club.committee
    return committee.pk in roles.committee_ids or committee.zone_id in roles.zone_ids


def tournament_capacities(user, tournament: Tournament) -> set[str]:
    capacities = set()
    if can_manage_tournament(user, tournament):
        capacities.add("manager")
    if can_referee_tournament(user, tournament):
        capacities.add("referee")
    return capacities


def can_run_room(user, tournament: Tournament) -> bool:
    """Change what happens in the room (movement, scores, incidents): the assigned referees
    and federation staff."""
    return roles_of(user).federation or can_referee_tournament(user, tournament)


def can_set_session_times(user, tournament: Tournament) -> bool:
    """Set when a session starts: the tournament's managers and the room's referees."""
    return can_manage_tournament(user, tournament) or can_run_room(user, tournament)


def can_add_guest(user, tournament: Tournament) -> bool:
    """Register a guest without a licence: the room's referees, while registrations last
    (a championship stage takes its players on its own page)."""
    return (
        tournament.status in REGISTRATION_STATUSES
        and tournament.kind != Tournament.Kind.CHAMPIONSHIP
        and can_run_room(user, tournament)
    )


def can_run_movement(user, tournament: Tournament) -> bool:
    """Generate and change a session's movement, seat and replace players."""
    return can_run_room(user, tournament)


def can_enter_scores(user, tournament: Tournament) -> bool:
    """Enter, check and correct the travellers' lines; state a line not played."""
    return can_run_room(user, tournament)


def can_record_incidents(user, tournament: Tournament) -> bool:
    """Record and cancel incidents, penalties and adjusted scores."""
    return can_run_room(user, tournament)


def can_view_movement(user, tournament: Tournament) -> bool:
    """Read a movement and print it: whoever oversees the tournament's working data."""
    return can_oversee_tournament(user, tournament)


def tournaments_with_results_for_user(user) -> QuerySet[Tournament]:
    """The tournaments whose results the user may read (``can_view_results``): those they
    may open once play is over, those in their scope at any time."""
    over = tournaments_for_user(user).filter(status__in=RESULT_STATUSES)
    return Tournament.objects.filter(
        Q(pk__in=over.values("pk")) | Q(pk__in=tournaments_in_scope(user).values("pk"))
    )


def can_view_results(user, tournament: Tournament) -> bool:
    """Rankings and topage: everyone once play is over; before, those who oversee it."""
    return tournament.play_over or can_oversee_tournament(user, tournament)


def sheet_open(tournament: Tournament, *, own: bool, oversee: bool) -> bool:
    """A feuille de route is open to its player once play is over, and always to those who
    oversee the tournament (mid-session notes would tell a player how an étui went at
    other tables)."""
    return oversee or (own and tournament.play_over)


def can_view_sheet(user, tournament: Tournament, registration_id: int) -> bool:
    """A feuille de route (``sheet_open``)."""
    licensee_id = roles_of(user).licensee_id
    own = (
        licensee_id is not None
        and tournament.registrations.filter(pk=registration_id, licensee_id=licensee_id).exists()
    )
    return sheet_open(tournament, own=own, oversee=can_oversee_tournament(user, tournament))


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


def registrations_for_user(user) -> QuerySet[Registration]:
    roles = roles_of(user)
    qs = Registration.objects.select_related("licensee__club", "tournament__club")
    if roles.federation:
        return qs.all()
    q = Q(tournament__in=tournaments_in_scope(user).values("pk"))
    if roles.licensee_id:
        q |= Q(licensee_id=roles.licensee_id)
    return qs.filter(q)
