"""« Où je joue » on the player's home, during play: for each session of a running
tournament they play, the position in play and the next one — table, orientation and
étuis (a panel of the player's home, apps.core.panels)."""

from dataclasses import dataclass

from django.conf import settings

from apps.accounts.permissions import roles_of
from apps.core.rows import models_columns, models_from_row, rows_read
from apps.movements.models import MovementTable, Place, SessionMovement
from apps.movements.selectors import etuis_text, table_name
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Session, Tournament


@dataclass(frozen=True)
class Spot:
    place: Place
    now: bool  # the position in play; else the next one

    @property
    def table(self) -> str:
        table = self.place.table
        return table_name(table.movement, table.section, table.table)

    @property
    def etuis(self) -> str:
        return etuis_text(self.place.table.etuis)


_JOINED = (
    (Place, "p"),
    (MovementTable, "t"),
    (SessionMovement, "m"),
    (Session, "s"),
    (Tournament, "n"),
)


def _places_sql() -> str:
    """The SQL of a licensee's places at the position in play and the next one, in the
    running tournaments, with their table, movement, session and tournament."""
    tables = {model: model._meta.db_table for model, _alias in _JOINED}
    columns = models_columns(_JOINED)
    return (
        f"SELECT {columns} FROM {tables[Place]} p "
        f"JOIN {Registration._meta.db_table} r ON r.id = p.registration_id "
        f"JOIN {tables[Tournament]} rt ON rt.id = r.tournament_id "
        f"JOIN {tables[MovementTable]} t ON t.id = p.table_id "
        f"JOIN {tables[SessionMovement]} m ON m.id = t.movement_id "
        f"JOIN {tables[Session]} s ON s.id = m.session_id "
        f"JOIN {tables[Tournament]} n ON n.id = s.tournament_id "
        "WHERE r.licensee_id = %s AND rt.status = %s AND m.current_position >= 1 "
        "AND t.position BETWEEN m.current_position AND m.current_position + 1 "
        "ORDER BY s.number, t.position"
    )


def _spot(row) -> Spot:
    place, table, movement, session, tournament = models_from_row(row, *(m for m, _a in _JOINED))
    session.tournament = tournament
    movement.session = session
    table.movement = movement
    place.table = table
    return Spot(place, table.position == movement.current_position)


def where_i_play_rows(licensee_id: int) -> list[tuple]:
    """The licensee's places at the position in play and the next one, a row each: one
    statement of plain SQL (apps.core.rows), asked by every player's home all evening.
    Everything the panel shows is read from them, so they are also its version."""
    return rows_read(_places_sql(), [licensee_id, Status.RUNNING])


def where_i_play_of(rows: list[tuple]) -> dict:
    """The panel of ``rows``: it asks for itself every PLAYER_POLL_SECONDS (the
    movements' « where_i_play » view), so that the next position shows when the referee
    calls it."""
    return {
        "template": "movements/_where_i_play.html",
        "spots": [_spot(row) for row in rows],
        "poll_seconds": settings.PLAYER_POLL_SECONDS,
    }


def where_i_play_panel(user) -> dict | None:
    licensee_id = roles_of(user).licensee_id
    if licensee_id is None:
        return None
    rows = where_i_play_rows(licensee_id)
    return where_i_play_of(rows) if rows else None
