"""The room display: a full-screen page for a projector. During play, the position in
progress, a clock and « où je joue » for the next position (player → table,
orientation); between positions (the position in play fully entered) and at the end, the
ranking, général and alterné, scrolling by itself (static/js/board-scroll.js). It refreshes
itself (htmx). The room's overseers open it signed in; a projector opens it through the
session's secret link (apps.results.models.DisplayLink), which gives that page alone."""

from dataclasses import dataclass

from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_safe

from apps.core.pages import sign_in_when_refused
from apps.movements.models import MovementTable, SeatChoice
from apps.movements.selectors import movement_tables, session_movement, table_name
from apps.results import selectors
from apps.results.models import DisplayLink
from apps.scoring.selectors import position_settled
from apps.tournaments import permissions
from apps.tournaments.pages import session_page

REFRESH_SECONDS = 15
SCROLL_PIXELS_PER_SECOND = 50  # about a row and a half a second on a projector


@dataclass(frozen=True)
class Seating:
    name: str
    table: str
    seat: str


def _seating(movement, position: int) -> list[Seating]:
    """Who sits where at ``position``, by name."""
    sequence = (
        MovementTable.objects.filter(movement=movement, position=position)
        .values_list("sequence", flat=True)
        .first()
    )
    if sequence is None:
        return []
    spots = [
        Seating(
            seat.name,
            table_name(movement, table.section, table.table),
            SeatChoice(seat.seat).label,
        )
        for table in movement_tables(movement, sequence)
        for seat in table.seats
        if seat.registration is not None
    ]
    return sorted(spots, key=lambda spot: spot.name)


def _mode(session, movement) -> str:
    if session.tournament.play_over:
        return "ranking"
    if movement is None:
        return "waiting"
    if movement.current_position == 0:
        return "seating"
    return "ranking" if position_settled(movement, movement.current_position) else "play"


def _display(request, session):
    movement = session_movement(session)
    mode = _mode(session, movement)
    context = {
        "session": session,
        "tournament": session.tournament,
        "movement": movement,
        "mode": mode,
        "refresh": REFRESH_SECONDS,
        "scroll_speed": SCROLL_PIXELS_PER_SECOND,
    }
    if mode in ("seating", "play"):
        upcoming = movement.current_position + 1
        context |= {"upcoming": upcoming, "seating": _seating(movement, upcoming)}
    if mode == "ranking":
        kept = selectors.kept_results(session, previous=True)  # served while being updated
        display = selectors.SessionDisplay(session, kept.results)
        context |= {
            "general": display.general,
            "alternate": display.alternate if display.has_alternate else [],
        }
    template = "results/display/_board.html" if request.htmx else "results/display/page.html"
    return render(request, template, context)


@sign_in_when_refused
def room_display(request, pk):
    return _display(request, session_page(request, pk, permissions.can_oversee_tournament))


@require_safe
def shared_display(request, token):
    """The display through the session's secret link: no sign-in, nothing else (404 once
    the link is revoked or replaced)."""
    link = get_object_or_404(DisplayLink.objects.select_related("session__tournament"), token=token)
    return _display(request, link.session)
