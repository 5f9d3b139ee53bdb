"""A session's results kept in memory between two changes of what they are computed from:
a live ranking that hundreds of phones refresh is computed once per change, not once per
reader.

The key is a stamp of every input of the results, read from the database before the
computation (so an entry is never older than its key): the plays (how many, how many
scored or stated not played, their scores summed and weighted by table and étui, the
latest entry), the seating (the movement, its generation and its seating version), the
registrations, the referee's decisions (incidents, their cancellations, penalties) and
the tournament's kind (ties by TOPs). Any change gives a new stamp; the entries of old
stamps are replaced by the new ones. Each process keeps its own few sessions.

When only scores changed since the session's last computation, the results are updated
from it (``session_results_rescore``: the changed deals topés again, their players'
percentages computed again) instead of computed from scratch.
"""

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from django.db.models import Count, F, Max, Q, Sum

from apps.movements.models import SessionMovement
from apps.penalties.models import Incident, Penalty
from apps.results.domain.forfeits import SessionField
from apps.results.domain.model import SessionResults
from apps.scoring.models import Play
from apps.tournaments.models import Registration, Session

KEPT = 16  # results kept per process: the sessions being played or read at once

_lock = threading.Lock()


class Stamp(NamedTuple):
    """What a session's results depend on: the scores, and everything else."""

    scores: tuple
    rest: tuple


def results_stamp(session: Session) -> Stamp:
    """What the session's results depend on, in five small queries."""
    unplayed = Q(not_played=True)
    plays = Play.objects.filter(table__movement__session=session).aggregate(
        lines=Count("id"),
        scored=Count("score"),
        total=Sum("score"),
        by_table=Sum(F("score") * F("table_id")),
        by_etui=Sum(F("score") * F("etui")),
        latest=Max("entered_at"),
        unplayed=Count("id", filter=unplayed),
        unplayed_where=Sum(F("table_id") * 1000 + F("etui"), filter=unplayed),
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
    *scores, unplayed_count, unplayed_where = plays.values()
    return Stamp(
        tuple(scores),
        (
            session.pk,
            session.tournament.kind,
            movement,
            unplayed_count,
            unplayed_where,
            tuple(registrations.values()),
            tuple(incidents.values()),
            tuple(penalties.values()),
        ),
    )


@dataclass(frozen=True)
class Earlier:
    """A session's results before the players it does not rank are set aside, with the
    seats, the referee's decisions and the ranked field they were computed from: the start
    of the next update when only scores change (``rest``: the stamp of everything but the
    scores)."""

    rest: tuple
    results: SessionResults
    lines: dict
    penalties: dict
    adjustments: dict
    field: SessionField


_earlier: dict[int, Earlier] = {}


def earlier_results(session: Session, stamp: Stamp) -> Earlier | None:
    """The session's last results computed from the same inputs but the scores."""
    with _lock:
        earlier = _earlier.get(session.pk)
    return earlier if earlier is not None and earlier.rest == stamp.rest else None


def earlier_keep(session: Session, earlier: Earlier) -> None:
    with _lock:
        _earlier[session.pk] = earlier
        while len(_earlier) > KEPT:
            _earlier.pop(next(iter(_earlier)))


# One entry a session, its latest: {session id: (stamp, results)}, least recently read first.
_kept: OrderedDict[int, tuple[Stamp, SessionResults]] = OrderedDict()


def results_memo(
    session: Session, stamp: Stamp, compute: Callable[[], SessionResults]
) -> SessionResults:
    """The session's results kept for ``stamp``, else computed and kept in their place."""
    with _lock:
        kept = _kept.get(session.pk)
        if kept is not None and kept[0] == stamp:
            _kept.move_to_end(session.pk)
            return kept[1]
    results = compute()
    with _lock:
        _kept[session.pk] = (stamp, results)
        _kept.move_to_end(session.pk)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return results


# Rankings as rendered, by a key that holds their results' stamp: {key: html}, least
# recently read first. A live ranking page read by hundreds of phones is rendered once per
# change of its results (and of what else its key names), not once per reader.
_rendered: OrderedDict[tuple, str] = OrderedDict()
RENDERED_KEPT = 4 * KEPT  # a session's général and alterné, as referees and as players see them


def rendered_memo(key: tuple, render: Callable[[], str]) -> str:
    """The HTML kept for ``key``, else rendered and kept."""
    with _lock:
        html = _rendered.get(key)
        if html is not None:
            _rendered.move_to_end(key)
            return html
    html = render()
    with _lock:
        _rendered[key] = html
        while len(_rendered) > RENDERED_KEPT:
            _rendered.popitem(last=False)
    return html
