"""A tournament is finished only when every traveller line of every session has a score
or was stated not played by the referee: results are never called final with lines
missing. Registered with the tournaments' transition checks in ScoringConfig.ready; the
room moving on to the next position is warned of the lines still missing (the movements'
advance warnings)."""

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _

from apps.core.pages import LinkedText
from apps.movements.models import SessionMovement
from apps.movements.selectors import table_name
from apps.scoring.models import Play
from apps.scoring.selectors import lines_without_score, position_lines
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament


def positions_played(tournament: Tournament) -> bool:
    """A position of the tournament has been played: the room moved past the first one,
    or a line has a score or is stated not played (a played check of
    apps.tournaments.selectors)."""
    if not tournament.duplicate:
        return False
    moved_on = SessionMovement.objects.filter(
        session__tournament=tournament, current_position__gt=1
    )
    return (
        moved_on.exists()
        or Play.objects.filter(table__movement__session__tournament=tournament)
        .filter(Q(score__isnull=False) | Q(not_played=True))
        .exists()
    )


def finish_refusals(tournament: Tournament, target: Status) -> list[str]:
    """Why the tournament cannot be finished yet: per session with lines that have no
    score and were not stated not played, their count (linked to the page listing them)
    then each line, linked to its traveller."""
    if target != Status.FINISHED or tournament.status != Status.RUNNING:
        return []
    refusals: list[str] = []
    for session in tournament.sessions.order_by("number"):
        missing = [line for line in lines_without_score(session) if not line.not_played]
        if not missing:
            continue
        refusals.append(
            LinkedText(
                _("Session %(number)s: lines without a score: %(count)s.")
                % {"number": session.number, "count": len(missing)},
                reverse("scoring:unsettled", args=[session.pk]),
            )
        )
        refusals += [
            LinkedText(
                _("Session %(number)s, position %(position)s, table %(table)s, étui %(etui)s")
                % {
                    "number": session.number,
                    "position": line.table.position,
                    "table": line.table.table,
                    "etui": line.etui,
                },
                reverse("scoring:traveller", args=[session.pk, line.etui]) + f"#line-{line.id}",
            )
            for line in missing
        ]
    if refusals:
        refusals.append(
            _(
                "Enter them, or state for each one on the score entry page what happened "
                "(not played: its étui is scored without it)."
            )
        )
    return refusals


def position_missing(movement: SessionMovement, position: int) -> list[str]:
    """The lines of ``position`` still without a score (and not stated not played), one
    sentence per table, then what moving on means."""
    missing: dict[str, list[int]] = {}
    for line in position_lines(movement, position):
        if not line.settled:
            name = table_name(movement, line.table.section, line.table.table)
            missing.setdefault(name, []).append(line.etui)
    if not missing:
        return []
    warnings = [
        _("Table %(table)s: étuis %(etuis)s without a score.")
        % {"table": table, "etuis": ", ".join(map(str, etuis))}
        for table, etuis in missing.items()
    ]
    return [
        _("Position %(position)s is not fully entered:") % {"position": position},
        *warnings,
        _("They can still be entered after moving on."),
    ]
