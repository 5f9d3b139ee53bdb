"""The belote panel of a tournament's page and of its referee room."""

from apps.tournaments import permissions
from apps.tournaments.models import Tournament


def belote_panel(user, tournament: Tournament) -> dict | None:
    if tournament.game != Tournament.Game.BELOTE:
        return None
    return {
        "template": "games/_belote_panel.html",
        "tournament": tournament,
        "see": permissions.can_view_results(user, tournament),
    }
