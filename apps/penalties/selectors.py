"""Reads of penalties, in the shape the results are computed from."""

from django.db.models import Sum

from apps.movements.models import Place
from apps.penalties.models import Penalty
from apps.tournaments.models import Session


def session_penalties(session: Session) -> dict[str, float]:
    """{player key: percentage points} of the players seated in the session, keyed like
    apps.scoring.selectors (the registration id); a player's penalties add up."""
    seated = Place.objects.filter(table__movement__session=session).values("registration_id")
    rows = (
        Penalty.objects.filter(session=session, registration_id__in=seated)
        .values("registration_id")
        .annotate(total=Sum("percent"))
        .values_list("registration_id", "total")
    )
    return {str(registration_id): float(total) for registration_id, total in rows}
