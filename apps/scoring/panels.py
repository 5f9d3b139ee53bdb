"""What the referee room opens on: for each session, the next thing to do — generate the
movement, start play, enter the scores and move on, then the results — with the lines
still missing (a panel of the tournaments' referee room, apps.core.panels)."""

from dataclasses import dataclass

from apps.movements.models import SessionMovement
from apps.movements.selectors import session_movement
from apps.scoring.selectors import unsettled_in_play
from apps.tournaments.models import Session, Tournament
from apps.tournaments.permissions import can_run_room

GENERATE, START, PLAY, RESULTS = "generate", "start", "play", "results"


@dataclass(frozen=True)
class NextStep:
    session: Session
    step: str
    movement: SessionMovement | None = None
    missing: int = 0

    @property
    def last_position(self) -> bool:
        return self.movement is not None and (
            self.movement.current_position >= self.movement.positions
        )


def next_step(session: Session, play_over: bool) -> NextStep:
    """The referee's next step in this session."""
    movement = session_movement(session)
    if movement is None:
        return NextStep(session, RESULTS if play_over else GENERATE)
    if movement.current_position == 0 and not play_over:
        return NextStep(session, START, movement)
    missing = unsettled_in_play(movement)
    if play_over or (missing == 0 and movement.current_position >= movement.positions):
        return NextStep(session, RESULTS, movement, missing)
    return NextStep(session, PLAY, movement, missing)


def room_steps_panel(user, tournament: Tournament) -> dict | None:
    if not tournament.duplicate or not can_run_room(user, tournament):
        return None
    sessions = tournament.sessions.order_by("number")
    return {
        "template": "scoring/_room_steps.html",
        "steps": [next_step(session, tournament.play_over) for session in sessions],
    }
