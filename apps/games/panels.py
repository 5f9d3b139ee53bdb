"""The panel of a tournament's page and of its referee room that leads to its game's
pages (belote, free-play tarot, pinochle)."""

from apps.tournaments import permissions
from apps.tournaments.models import Tournament

PAGES = {
    Tournament.Game.BELOTE: "games:belote",
    Tournament.Game.FREE_TAROT: "games:free",
    Tournament.Game.PINOCHLE: "games:pinochle",
}


def game_panel(user, tournament: Tournament) -> dict | None:
    page = PAGES.get(tournament.game)
    if page is None:
        return None
    return {
        "template": "games/_game_panel.html",
        "tournament": tournament,
        "game": tournament.get_game_display(),
        "page": page,
        "see": permissions.can_view_results(user, tournament),
    }
