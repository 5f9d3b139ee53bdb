"""Read-side queries for tournaments."""

from collections.abc import Callable

from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.http import Http404
from django.utils import timezone

from apps.core.rows import model_columns, models_columns, models_from_row, rows_read
from apps.federation import permissions
from apps.federation.models import Club, Committee, Licensee
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import RefereeAssignment, Registration, Session, Tournament
from apps.tournaments.permissions import can_open_tournament

HOME_LIST_SIZE = 10
SEARCH_LIMIT = 20

# What the apps above register to say that a tournament's play has begun: each check
# takes the tournament and answers whether it holds played results (a score, a line
# stated not played, a game's deal).
played_checks: list[Callable[[Tournament], bool]] = []


def tournament_played(tournament: Tournament) -> bool:
    """A position of the tournament has been played: some result of it is recorded
    (apps.tournaments.domain.workflow.walks_back_over_play)."""
    return any(check(tournament) for check in played_checks)


def with_player_counts(tournaments: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """Each tournament with ``registered`` (players holding a place) and ``waiting`` (its
    waiting list), both counted in the tournaments' own query."""
    return tournaments.annotate(
        registered=Count("registrations", filter=Q(registrations__waiting=False)),
        waiting=Count("registrations", filter=Q(registrations__waiting=True)),
    )


def tournaments_upcoming_public() -> QuerySet[Tournament]:
    upcoming = Tournament.objects.filter(
        status=Status.REGISTRATION_OPEN, date__gte=timezone.localdate()
    ).select_related("club")
    return with_player_counts(upcoming).order_by("date", "name")[:HOME_LIST_SIZE]


def tournaments_recent_results() -> QuerySet[Tournament]:
    return (
        Tournament.objects.filter(status__in=[Status.FINISHED, Status.SUBMITTED, Status.APPROVED])
        .select_related("club")
        .order_by("-date", "name")[:HOME_LIST_SIZE]
    )


def licensee_own(licensee_id: int) -> Licensee:
    """A player's own licensee with their club, for their home (``licensees_for_user``
    always holds it): one statement of plain SQL, as every player's home asks it."""
    sql = (
        f"SELECT {model_columns(Licensee, 'l')}, {model_columns(Club, 'c')} "
        f"FROM {Licensee._meta.db_table} l JOIN {Club._meta.db_table} c ON c.id = l.club_id "
        "WHERE l.id = %s"
    )
    licensee, club = models_from_row(rows_read(sql, [licensee_id])[0], Licensee, Club)
    licensee.club = club
    return licensee


def registration_of(tournament_id: int, licensee_id: int | None) -> int | None:
    """The licensee's registration in the tournament, if any (one statement of plain SQL:
    every player's page of a session asks it)."""
    if licensee_id is None:
        return None
    sql = (
        f"SELECT id FROM {Registration._meta.db_table} "
        "WHERE tournament_id = %s AND licensee_id = %s ORDER BY id LIMIT 1"
    )
    rows = rows_read(sql, [tournament_id, licensee_id])
    return rows[0][0] if rows else None


def registrations_of_licensee(licensee: Licensee) -> list[Registration]:
    """The licensee's registrations, with their tournament and its club, latest first: one
    statement of plain SQL, as every player's home asks it."""
    joined = ((Registration, "r"), (Tournament, "t"), (Club, "c"))
    sql = (
        f"SELECT {models_columns(joined)} "
        f"FROM {Registration._meta.db_table} r "
        f"JOIN {Tournament._meta.db_table} t ON t.id = r.tournament_id "
        f"JOIN {Club._meta.db_table} c ON c.id = t.club_id "
        "WHERE r.licensee_id = %s ORDER BY t.date DESC, r.id"
    )
    registrations = []
    for row in rows_read(sql, [licensee.pk]):
        registration, tournament, club = models_from_row(row, Registration, Tournament, Club)
        tournament.club = club
        registration.tournament = tournament
        registrations.append(registration)
    return registrations


def registration_candidates(user, tournament, search) -> QuerySet[Licensee]:
    """Licensees matching the search that the user may register, each marked is_registered."""
    if not search.terms:
        return Licensee.objects.none()
    registered = Registration.objects.filter(tournament=tournament, licensee=OuterRef("pk"))
    return (
        search.filter(permissions.licensees_registrable_by(user))
        .annotate(is_registered=Exists(registered))
        .order_by("last_name", "first_name")[:SEARCH_LIMIT]
    )


def _session_read(pk: int, user_id: int | None) -> Session | None:
    """The session with its tournament, club and committee, and whether the user referees
    the tournament (``Tournament.refereed_by``: the permission checks ask it), in one
    statement of plain SQL: every page of a session asks it, as do the room's polls."""
    joined = ((Session, "s"), (Tournament, "t"), (Club, "c"), (Committee, "k"))
    sql = (
        f"SELECT {models_columns(joined)}, EXISTS (SELECT 1 FROM "
        f"{RefereeAssignment._meta.db_table} a WHERE a.tournament_id = t.id "
        "AND a.referee_id = %s) "
        f"FROM {Session._meta.db_table} s "
        f"JOIN {Tournament._meta.db_table} t ON t.id = s.tournament_id "
        f"JOIN {Club._meta.db_table} c ON c.id = t.club_id "
        f"JOIN {Committee._meta.db_table} k ON k.id = c.committee_id WHERE s.id = %s"
    )
    rows = rows_read(sql, [user_id, pk])
    if not rows:
        return None
    session, tournament, club, held_by = models_from_row(rows[0], *(m for m, _alias in joined))
    club.committee = held_by
    tournament.club = club
    tournament.refereed_by = (user_id, rows[0][-1])
    session.tournament = tournament
    return session


def session_for_user(user, pk: int) -> Session:
    """The session if its tournament is visible to the user, else 404 (its tournament's
    club and committee read with it, which answer most permission checks)."""
    session = _session_read(pk, user.pk if user.is_authenticated else None)
    if session is None or not can_open_tournament(user, session.tournament):
        raise Http404
    return session
