"""What the results add to a player's « Mes scores » (apps.scoring) once play is over."""

from apps.results import selectors
from apps.tournaments.models import Session


def final_scores_panel(user, session: Session, registration: int) -> dict | None:
    """« Mes scores » once play is over: the player's final state, as their feuille de
    route gives it (ranks, each étui's score and note, the percentages); ``registration``:
    the player's registration id."""
    if not session.tournament.play_over:
        return None
    display = selectors.session_display(session)
    sheet = display.sheet(registration)
    if sheet is None:
        return None
    return {"template": "results/_final_scores.html", "display": display, "sheet": sheet}
