"""The club games, one class a game behind one interface, registered by the tournament's
game: every game but duplicate tarot has one, with its phone sheet."""

import pytest

from apps.games.kinds import GAMES, sheet_by_code
from apps.games.views import PHONE
from apps.tournaments.models import Tournament


def test_every_club_game_is_registered_once_with_its_phone_sheet():
    club_games = set(Tournament.Game) - {Tournament.Game.DUPLICATE_TAROT}
    assert set(GAMES) == club_games
    assert set(PHONE) == club_games
    assert all(key == game.key for key, game in GAMES.items())


def test_what_each_game_implies():
    implied = {key: (game.submitted, game.confirmed_by_both) for key, game in GAMES.items()}
    assert implied == {
        Tournament.Game.BELOTE: (True, False),
        Tournament.Game.FREE_TAROT: (False, False),
        Tournament.Game.PINOCHLE: (True, True),  # each team's scorekeeper confirms
    }


@pytest.mark.django_db
def test_an_unknown_code_opens_no_sheet():
    assert sheet_by_code("ZZZZZZ") is None
