"""The panel of a tournament's page and of its referee room that leads to its game's
pages (belote, free-play tarot, pinochle); and, on a player's home, where they play the
round now and the sheet of their table."""

from apps.accounts.permissions import roles_of
from apps.games.kinds import GAMES
from apps.games.selectors import player_assignments
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


def player_games_panel(user) -> dict | None:
    """« Mes parties »: for each running tournament of another game the player entered,
    their round, table, opponents and sheet."""
    licensee_id = roles_of(user).licensee_id
    assignments = player_assignments(licensee_id) if licensee_id else []
    if not assignments:
        return None
    return {"template": "games/_player_games.html", "assignments": assignments}
