"""Version keys of the pages that phones poll during play: one small read whose value
changes whenever what the page shows changes, sent as the page's ETag so that a poll of
an unchanged page is answered « 304 Not Modified » without being rendered
(``apps.core.revalidation``)."""

from django.db import connection

from apps.movements.models import MovementTable, Place, SessionMovement, TableCode
from apps.movements.selectors import code_session_over
from apps.scoring.models import Play, TableEntry
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Session, Tournament


def _own_plays_sql() -> str:
    movement, session = SessionMovement._meta.db_table, Session._meta.db_table
    tournament, registration = Tournament._meta.db_table, Registration._meta.db_table
    place, table, play = Place._meta.db_table, MovementTable._meta.db_table, Play._meta.db_table
    return f"""
        SELECT m.id, m.current_position, m.seating_version, m.generated_at, s.tournament_id,
            t.status, count(l.id), count(l.score), sum(l.score),
            sum(CASE WHEN l.not_played THEN 1 ELSE 0 END), max(l.id), max(l.entered_at),
            max(l.checked_at)
        FROM {movement} m JOIN {session} s ON s.id = m.session_id
        JOIN {tournament} t ON t.id = s.tournament_id
        LEFT JOIN {registration} r
            ON r.tournament_id = s.tournament_id AND r.licensee_id = %(licensee)s
        LEFT JOIN {place} p ON p.registration_id = r.id
        LEFT JOIN {table} mt ON mt.id = p.table_id AND mt.movement_id = m.id
            AND mt.position >= 1 AND mt.position <= m.current_position
        LEFT JOIN {play} l ON l.table_id = mt.id
        WHERE m.session_id = %(session)s
        GROUP BY m.id, m.current_position, m.seating_version, m.generated_at,
            s.tournament_id, t.status"""


def own_plays_version(session_id: int, licensee_id: int | None) -> tuple | None:
    """What « Mes scores » shows during play: the movement's state (any save of it, the
    position in play, the seating) and the plays of the player's own tables at the
    positions put in play (their count, scores, entry and second-entry times), in one
    statement (every poll of the page reads it). None once play is over (the final state
    depends on every table), without a movement, or for a user who is not a player."""
    if licensee_id is None:
        return None
    with connection.cursor() as cursor:
        cursor.execute(_own_plays_sql(), {"session": session_id, "licensee": licensee_id})
        version = cursor.fetchone()
    if version is None or version[5] != Status.RUNNING:
        return None
    return version


def _table_lines_sql() -> str:
    """The table's lines and what it sent, a row each (every column as text, so that both
    kinds stand in one result, on PostgreSQL and on SQLite alike)."""
    table, play = MovementTable._meta.db_table, Play._meta.db_table
    entry = TableEntry._meta.db_table
    where = """t.movement_id = %(movement)s AND t.section = %(section)s
        AND t."table" = %(number)s AND t.sequence = %(sequence)s"""

    def text(*columns: str) -> str:
        return ", ".join(f"CAST({column} AS TEXT)" for column in columns)

    lines = text("l.etui", "l.score", "l.not_played", "l.entered_at", *["NULL"] * 4)
    sent = text(
        "e.etui", "e.state", "e.score", "e.sender_device", "e.checker_seat",
        "e.checker_score", "e.sent_at", "e.checked_at",
    )  # fmt: skip
    return f"""
        SELECT 'line', {lines} FROM {play} l JOIN {table} t ON t.id = l.table_id
        WHERE {where}
        UNION ALL
        SELECT 'sent', {sent} FROM {entry} e JOIN {table} t ON t.id = e.table_id
        WHERE {where}
        ORDER BY 1, 2"""


def table_page_version(code: TableCode, device: str) -> tuple:
    """What a table's phone page shows (apps.scoring.table_views): the movement's state
    (the position in play, table entry open, the seating), whether the session is over,
    each line and what the table sent of each étui at the position in play, and whether
    this phone sent it. The code comes with its movement and tournament
    (``table_by_code``): one statement reads the rest."""
    movement = code.movement
    sequence = max(movement.current_position, 1)
    with connection.cursor() as cursor:
        cursor.execute(
            _table_lines_sql(),
            {
                "movement": movement.pk,
                "section": code.section,
                "number": code.table,
                "sequence": sequence,
            },
        )
        lines = tuple(cursor.fetchall())
    state = (movement.current_position, movement.table_entry, movement.seating_version)
    over = (movement.generated_at, movement.session.tournament.status, code_session_over(code))
    return (code.code, *state, *over, lines, device)
