"""A session's results kept in memory between two changes of what they are computed from:
a live ranking that hundreds of phones refresh is computed once per change, not once per
reader.

The key is a stamp of every input of the results, read from the database before the
computation (so an entry is never older than its key): the plays (how many, how many
scored or stated not played, their scores summed and weighted by table and étui, the
latest entry), the seating (the movement, its generation and its seating version), the
registrations, the referee's decisions (incidents, their cancellations, penalties) and
the tournament's kind (ties by TOPs). Any change gives a new stamp; the entries of old
stamps age out. Each process keeps its own few sessions.
"""

import threading
from collections import OrderedDict
from collections.abc import Callable

from django.db.models import Count, F, Max, Q, Sum

from apps.movements.models import SessionMovement
from apps.penalties.models import Incident, Penalty
from apps.results.domain.model import SessionResults
from apps.scoring.models import Play
from apps.tournaments.models import Registration, Session

KEPT = 16  # results kept per process: the sessions being played or read at once

_kept: OrderedDict[tuple, SessionResults] = OrderedDict()
_lock = threading.Lock()


def results_stamp(session: Session) -> tuple:
    """What the session's results depend on, in five small queries."""
    plays = Play.objects.filter(table__movement__session=session).aggregate(
        lines=Count("id"),
        scored=Count("score"),
        unplayed=Count("id", filter=Q(not_played=True)),
        total=Sum("score"),
        by_table=Sum(F("score") * F("table_id")),
        by_etui=Sum(F("score") * F("etui")),
        latest=Max("entered_at"),
    )
    movement = (
        SessionMovement.objects.filter(session=session)
        .values_list("pk", "generated_at", "seating_version")
        .first()
    )
    registrations = Registration.objects.filter(tournament_id=session.tournament_id).aggregate(
        count=Count("id"), last=Max("id")
    )
    incidents = Incident.objects.filter(session=session).aggregate(
        count=Count("id"), last=Max("id"), cancelled=Count("cancelled_at")
    )
    penalties = Penalty.objects.filter(session=session).aggregate(count=Count("id"), last=Max("id"))
    return (
        session.pk,
        session.tournament.kind,
        movement,
        tuple(plays.values()),
        tuple(registrations.values()),
        tuple(incidents.values()),
        tuple(penalties.values()),
    )


def results_memo(stamp: tuple, compute: Callable[[], SessionResults]) -> SessionResults:
    """The results kept for ``stamp``, else computed and kept."""
    with _lock:
        kept = _kept.get(stamp)
        if kept is not None:
            _kept.move_to_end(stamp)
            return kept
    results = compute()
    with _lock:
        _kept[stamp] = results
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return results
