"""A session's results kept between two changes of what they are computed from, and
computed once per change across all the server's processes: a live ranking that hundreds
of phones refresh costs one computation per change, not one per reader.

The key is a stamp of every input of the results, read from the database in one query
before the computation (so an entry is never older than its key): the plays (how many,
how many scored or stated not played, their scores summed and weighted by table and
étui, the latest entry), the seating (the movement, its generation and its seating
version), the registrations, the referee's decisions (incidents, their cancellations,
penalties) and the tournament's kind (ties by TOPs). Any change gives a new stamp.

Each session's latest results are kept in the shared cache (Redis in production, with
their stamp) and in each process for its few sessions. A reader whose stamp matches
neither computes them only if it takes the session's lock (``cache.add``, atomic). The
pages that poll (the live ranking, the room display) are then served the last results
stored, marked ``updating``, rather than tying up a worker; other reads (exports, sheets,
awards) wait a moment for the current ones, then compute them themselves. The
lock expires after ``LOCK_SECONDS``: a process that dies while computing blocks nobody
for longer. The computation from scratch is fast (``selectors.session_results_computed``),
so nothing is updated incrementally.

Rankings as rendered are kept in each process and in the shared cache too
(``rendered_memo``), by a key that holds the stamp of the results they show.
"""

import hashlib
import time
from collections.abc import Callable
from dataclasses import fields
from typing import NamedTuple

from django.core.cache import cache
from django.db import connection

from apps.core.latest import Latest
from apps.movements.models import MovementTable, SessionMovement
from apps.penalties.models import Incident, Penalty
from apps.results.domain.model import (
    PlayerResult,
    PlayNote,
    PlayRecord,
    SessionResults,
    Sheets,
    Unranked,
)
from apps.scoring.models import Play
from apps.tournaments.models import Registration, Session, Tournament

KEPT = 16  # results kept per process: the sessions being played or read at once
LOCK_SECONDS = 30  # a computation taking longer is taken over by another reader
SHARED_SECONDS = 6 * 3600  # an evening
WAIT_SECONDS = 5  # how long a reader that needs the current results waits for the holder
WAIT_STEP = 0.05
PACKING = 2  # the shape of the results stored in the shared cache (``_packed``), in its keys

PLAYER_FIELDS = [f for f in fields(PlayerResult) if f.name != "sheets"]
UNRANKED_FIELDS = [f for f in fields(Unranked) if f.name != "result"]


class Stamp(NamedTuple):
    """What a session's results depend on, as one row of values."""

    session: int
    values: tuple  # the incidents and penalties counted first (``decided``)

    @property
    def decided(self) -> bool:
        """Whether the referee decided anything in the session: an incident, a penalty."""
        incidents, penalties = self.values[:2]
        return bool(incidents or penalties)

    @property
    def seating(self) -> tuple:
        """The values that name the session's seating (the movement, its generation and
        seating version, the registrations): the inputs but the lines and the referee's
        decisions, which ``inputs.session_inputs`` keeps the seating by."""
        return self.values[SEATING]

    @property
    def digest(self) -> str:
        """The stamp as a short key, the same in every process."""
        return hashlib.sha256(repr(self).encode()).hexdigest()[:32]


# The stamp's values that name the seating, in ``_stamp_sql``'s order.
SEATING = slice(11, 16)


def _stamp_sql() -> str:
    play, table = Play._meta.db_table, MovementTable._meta.db_table
    movement, registration = SessionMovement._meta.db_table, Registration._meta.db_table
    incident, penalty = Incident._meta.db_table, Penalty._meta.db_table
    tournament = Tournament._meta.db_table
    of_movement = f"FROM {movement} WHERE session_id = %(session)s"
    of_registrations = f"FROM {registration} WHERE tournament_id = %(tournament)s"
    of_incidents = f"FROM {incident} WHERE session_id = %(session)s"
    of_penalties = f"FROM {penalty} WHERE session_id = %(session)s"
    return f"""
        SELECT (SELECT count(id) {of_incidents}), (SELECT count(id) {of_penalties}),
            count(p.id), count(p.score), sum(p.score), sum(p.score * p.table_id),
            sum(p.score * p.etui), max(p.entered_at),
            sum(CASE WHEN p.not_played THEN 1 ELSE 0 END),
            sum(CASE WHEN p.not_played THEN p.table_id * 1000 + p.etui ELSE 0 END),
            (SELECT kind FROM {tournament} WHERE id = %(tournament)s),
            (SELECT id {of_movement}), (SELECT generated_at {of_movement}),
            (SELECT seating_version {of_movement}),
            (SELECT count(id) {of_registrations}), (SELECT max(id) {of_registrations}),
            (SELECT max(id) {of_incidents}), (SELECT count(cancelled_at) {of_incidents}),
            (SELECT max(id) {of_penalties})
        FROM {play} p JOIN {table} t ON t.id = p.table_id
        JOIN {movement} m ON m.id = t.movement_id
        WHERE m.session_id = %(session)s"""


def results_stamp(session: Session) -> Stamp:
    """What the session's results depend on, in one query (every reader pays it)."""
    with connection.cursor() as cursor:
        cursor.execute(_stamp_sql(), {"session": session.pk, "tournament": session.tournament_id})
        values = cursor.fetchone()
    return Stamp(session.pk, tuple(values))


class Kept(NamedTuple):
    """A session's results and the stamp they were computed for; ``updating``: these are
    the previous results, the current ones are being computed."""

    stamp: Stamp
    results: SessionResults
    updating: bool = False


# One entry a session, its latest: {session id: (stamp, results)}.
_kept = Latest(KEPT)


def _keep(stamp: Stamp, results: SessionResults) -> None:
    _kept.put(stamp.session, (stamp, results))


def _shared_key(session_pk: int) -> str:
    return f"results:{PACKING}:{session_pk}"


def _lock_key(session_pk: int) -> str:
    return f"results:{session_pk}:computing"


def _player_packed(player: PlayerResult | None) -> tuple | None:
    return None if player is None else tuple(getattr(player, f.name) for f in PLAYER_FIELDS)


def _packed(stamp: Stamp, results: SessionResults) -> tuple:
    """The results as plain tuples, quick to pickle: thousands of named tuples pickle one
    Python call each. The feuilles de route are built again from the notes."""
    players = [_player_packed(p) for p in results.players]
    notes = [(tuple(n.play), *n[1:]) for n in results.notes]
    unranked = [
        (*(getattr(u, f.name) for f in UNRANKED_FIELDS), _player_packed(u.result))
        for u in results.unranked
    ]
    return stamp, players, notes, results.missing, unranked


def _unpacked(packed: tuple) -> tuple[Stamp, SessionResults]:
    stamp, players, notes, missing, unranked = packed
    notes = tuple(PlayNote(PlayRecord._make(n[0]), *n[1:]) for n in notes)
    sheets = Sheets(notes)

    def player(fields: tuple | None) -> PlayerResult | None:
        return None if fields is None else PlayerResult(*fields, sheets)

    results = SessionResults(
        tuple(map(player, players)),
        notes,
        missing,
        tuple(Unranked(*u[:-1], player(u[-1])) for u in unranked),
    )
    return Stamp(*stamp), results


def _stamp_key(session_pk: int) -> str:
    return f"results:{PACKING}:{session_pk}:stamp"


def _stored_digest(session_pk: int) -> str | None:
    """The digest of the stamp of the session's results stored last, by any process."""
    return cache.get(_stamp_key(session_pk))


def _stored(session_pk: int) -> tuple[Stamp, SessionResults] | None:
    """The session's results stored last, by any process, with their stamp."""
    packed = cache.get(_shared_key(session_pk))
    return None if packed is None else _unpacked(packed)


def _shared(stamp: Stamp) -> Kept | None:
    """The results of ``stamp`` if a process stored them, then kept in this one."""
    if _stored_digest(stamp.session) != stamp.digest:
        return None
    stored = _stored(stamp.session)
    if stored is None or stored[0] != stamp:
        return None
    _keep(*stored)
    return Kept(*stored)


def _computed(stamp: Stamp, compute: Callable[[], SessionResults], *, locked: bool) -> Kept:
    """Compute, then store and keep, the results; the lock, if ``locked``, is released."""
    try:
        results = compute()
        cache.set_many(
            {
                _shared_key(stamp.session): _packed(stamp, results),
                _stamp_key(stamp.session): stamp.digest,
            },
            SHARED_SECONDS,
        )
    finally:
        if locked:
            cache.delete(_lock_key(stamp.session))
    _keep(stamp, results)
    return Kept(stamp, results)


def _computing(session_pk: int) -> bool:
    """Whether a process holds the session's lock (False too when the cache cannot be
    reached: each process then computes for itself)."""
    return bool(cache.get(_lock_key(session_pk)))


def _waited(stamp: Stamp) -> Kept | None:
    """The results of ``stamp``, once the lock's holder has stored them (None: it did not
    within ``WAIT_SECONDS``, or gave up)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        # The lock first: its holder stores the results before letting it go, so a lock
        # seen free means stored results are found by the read that follows.
        computing = _computing(stamp.session)
        kept = _shared(stamp)
        if kept is not None or not computing or time.monotonic() > deadline:
            return kept
        time.sleep(WAIT_STEP)


def _previous(local: tuple | None, session_pk: int) -> tuple[Stamp, SessionResults] | None:
    """The last results stored by any process, or else those this one keeps."""
    if local is not None and local[0].digest == _stored_digest(session_pk):
        return local
    stored = _stored(session_pk)
    if stored is None:
        return local
    _keep(*stored)
    return stored


def results_memo(
    session: Session,
    stamp: Stamp,
    compute: Callable[[], SessionResults],
    *,
    previous: bool = False,
) -> Kept:
    """The session's results for ``stamp``: kept in this process, else stored by another,
    else computed here unless another process is computing them. Then, with ``previous``
    (a page that polls), the last ones stored are served, marked ``updating``; otherwise,
    or with none stored yet, the reader waits for them a moment."""
    local = _kept.get(session.pk)
    if local is not None and local[0] == stamp:
        return Kept(*local)
    shared = _shared(stamp)
    if shared is not None:
        return shared
    if cache.add(_lock_key(session.pk), True, LOCK_SECONDS):
        shared = _shared(stamp)  # stored by a holder that let the lock go since?
        if shared is not None:
            cache.delete(_lock_key(session.pk))
            return shared
        return _computed(stamp, compute, locked=True)
    if previous and _computing(session.pk):
        last = _previous(local, session.pk)
        if last is not None:
            return Kept(*last, updating=True)
    return _waited(stamp) or _computed(stamp, compute, locked=False)


# Rankings as rendered, by a key that holds their results' stamp: {key: html}, least
# recently read first. A live ranking page read by hundreds of phones is rendered once per
# change of its results (and of what else its key names), not once per reader.
RENDERED_KEPT = 4 * KEPT  # a session's général and alterné, as referees and as players see them
_rendered = Latest(RENDERED_KEPT)


def rendered_memo(key: tuple, render: Callable[[], str]) -> str:
    """The HTML kept for ``key`` (its parts' ``repr`` the same in every process), in this
    process, else in the shared cache, else rendered and kept in both."""
    html = _rendered.get(key)
    if html is not None:
        return html
    shared = "rendered:" + hashlib.sha256(repr(key).encode()).hexdigest()[:32]
    html = cache.get(shared)
    if html is None:
        html = render()
        cache.set(shared, html, SHARED_SECONDS)
    _rendered.put(key, html)
    return html
