"""The games a club runs besides duplicate tarot (belote, free-play tarot, pinochle), one
class a game behind one interface, registered by the tournament's game: its tournament's
page, the sheet a player's phone opens by its code and how it is read, where its deals
are written, whether each round's sheets are submitted before the tournament finishes,
and whether both sides confirm a line from their own phones. The views add, for each
game, the page and the form of its sheet on a phone (``views.PHONE``)."""

from collections.abc import Callable

from django.db import models

from apps.games import selectors
from apps.games.domain import pinochle
from apps.games.models import (
    BeloteDeal,
    BeloteMatch,
    FreeDeal,
    FreeTable,
    PinochleGame,
    PinochleHand,
)
from apps.tournaments.models import Tournament


class ClubGame:
    """One game: ``key`` the tournament's game; ``page`` its tournament page (an address
    name); ``sheet`` the model a phone's code opens, read by ``read`` (tournament, pk) as
    its pages show it; ``deals`` and ``deals_path`` where its lines are written and the way
    to their tournament; ``submitted``: a round's sheets are submitted before the
    tournament finishes; ``confirmed_by_both``: each side confirms a line from its phone;
    ``round_minutes``: a round's clock as the rules time it (the director sets it)."""

    key: str
    page: str
    sheet: type[models.Model]
    read: Callable
    deals: type[models.Model]
    deals_path: str
    submitted: bool = True
    confirmed_by_both: bool = False
    round_minutes: int | None = None  # a round's clock, as the rules time it

    def sheet_by_code(self, code: str):
        """The sheet ``code`` opens, as its pages show it; None when it opens none."""
        found = self.sheet.objects.filter(code=code).select_related("tournament").first()
        return None if found is None else self.read(found.tournament, found.pk)

    def deals_recorded(self, tournament: Tournament) -> bool:
        """A line of one of the tournament's sheets is written: a round has been played."""
        return self.deals.objects.filter(**{self.deals_path: tournament}).exists()


class Belote(ClubGame):
    key = Tournament.Game.BELOTE
    page = "games:belote"
    sheet = BeloteMatch
    read = staticmethod(selectors.belote_match)
    deals, deals_path = BeloteDeal, "match__tournament"


class FreeTarot(ClubGame):
    key = Tournament.Game.FREE_TAROT
    page = "games:free"
    sheet = FreeTable
    read = staticmethod(selectors.free_table)
    deals, deals_path = FreeDeal, "table__tournament"
    submitted = False  # a table's marks stand as written


class Pinochle(ClubGame):
    key = Tournament.Game.PINOCHLE
    page = "games:pinochle"
    sheet = PinochleGame
    read = staticmethod(selectors.pinochle_game)
    deals, deals_path = PinochleHand, "game__tournament"
    confirmed_by_both = True  # each team's scorekeeper confirms a hand
    round_minutes = pinochle.ROUND_MINUTES


GAMES: dict[str, ClubGame] = {game.key: game for game in (Belote(), FreeTarot(), Pinochle())}


def sheet_by_code(code: str) -> tuple[ClubGame, object] | None:
    """The game and the sheet a code opens, as the game's pages show it; None for an
    unknown code."""
    code = code.strip().upper()
    for game in GAMES.values():
        view = game.sheet_by_code(code)
        if view is not None:
            return game, view
    return None
