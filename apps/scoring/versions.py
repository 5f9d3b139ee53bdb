"""Version keys of the pages that phones poll during play: one small read whose value
changes whenever what the page shows changes, sent as the page's ETag so that a poll of
an unchanged page is answered « 304 Not Modified » without being rendered
(``apps.core.revalidation``)."""

from django.db.models import Count, Max, Q, Subquery, Sum

from apps.movements.models import Place, SessionMovement
from apps.scoring.models import Play
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration


def own_plays_version(session_id: int, licensee_id: int | None) -> tuple | None:
    """What « Mes scores » shows during play: the movement's state (any save of it, the
    position in play, the seating) and the plays of the player's own tables at the
    positions put in play (their count, scores, entry and second-entry times). None
    once play is over (the final state depends on every table) or without a movement."""
    movement = (
        SessionMovement.objects.filter(session_id=session_id)
        .values_list(
            "pk",
            "current_position",
            "seating_version",
            "generated_at",
            "session__tournament_id",
            "session__tournament__status",
        )
        .first()
    )
    if movement is None or licensee_id is None or movement[-1] != Status.RUNNING:
        return None
    registration = Registration.objects.filter(
        licensee_id=licensee_id, tournament_id=movement[-2]
    ).values("pk")[:1]
    own_tables = Place.objects.filter(  # the player's own places first: a few rows
        registration_id=Subquery(registration),
        table__movement_id=movement[0],
        table__position__gte=1,
        table__position__lte=movement[1],
    ).values("table_id")
    plays = Play.objects.filter(table_id__in=own_tables).aggregate(
        lines=Count("pk"),
        scored=Count("score"),
        total=Sum("score"),
        not_played=Count("pk", filter=Q(not_played=True)),
        last=Max("pk"),
        entered=Max("entered_at"),
        checked=Max("checked_at"),
    )
    return (*movement, *plays.values())
