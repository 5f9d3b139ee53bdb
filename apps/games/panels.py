"""The panel of a tournament's page and of its referee room that leads to its game's
pages (belote, free-play tarot, pinochle)."""

from apps.games.kinds import GAMES
from apps.tournaments import permissions
from apps.tournaments.models import Tournament


def game_panel(user, tournament: Tournament) -> dict | None:
    game = GAMES.get(tournament.game)
    if game is None:
        return None
    return {
        "template": "games/_game_panel.html",
        "tournament": tournament,
        "game": tournament.get_game_display(),
        "page": game.page,
        "see": permissions.can_view_results(user, tournament),
    }
