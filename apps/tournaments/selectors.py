"""Read-side queries for tournaments."""

from collections.abc import Callable

from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.http import Http404
from django.utils import timezone

from apps.federation import permissions
from apps.federation.models import Licensee
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Session, Tournament
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


def registrations_of_licensee(licensee):
    from apps.tournaments.models import Registration

    return (
        Registration.objects.filter(licensee=licensee)
        .select_related("tournament__club")
        .order_by("-tournament__date")
    )


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


def session_for_user(user, pk: int) -> Session:
    """The session if its tournament is visible to the user, else 404 (its tournament's
    club and committee read with it, which answer most permission checks)."""
    session = Session.objects.select_related("tournament__club__committee").filter(pk=pk).first()
    if session is None or not can_open_tournament(user, session.tournament):
        raise Http404
    return session
