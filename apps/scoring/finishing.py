"""A tournament is finished only when every traveller line of every session has a score
or was stated not played by the referee: results are never called final with lines
missing. Registered with the tournaments' transition checks in ScoringConfig.ready."""

from django.utils.translation import gettext as _

from apps.scoring.selectors import unsettled_lines
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament


def finish_refusals(tournament: Tournament, target: Status) -> list[str]:
    """Why the tournament cannot be finished yet: one sentence per session with lines
    that have no score and were not stated not played."""
    if target != Status.FINISHED or tournament.status != Status.RUNNING:
        return []
    refusals = []
    for session in tournament.sessions.order_by("number"):
        missing = unsettled_lines(session)
        if missing:
            refusals.append(
                _("Session %(number)s: lines without a score: %(count)s.")
                % {"number": session.number, "count": missing}
            )
    if refusals:
        refusals.append(
            _(
                "Enter them, or state for each one on the score entry page what happened "
                "(not played: its étui is scored without it)."
            )
        )
    return refusals
