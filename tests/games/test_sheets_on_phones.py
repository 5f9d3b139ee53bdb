"""At 390 px a sheet's and a standings' rows become cards (issue 27, point 5): every cell
carries its column's name (data-label), so that no player's column, the contract or the
note is cut or hidden; the browser walks take their screenshots."""

import re

import pytest
from django.urls import reverse

from apps.games import services
from apps.scoring.domain.deal import Deal
from apps.tournaments.models import Tournament
from tests.games.conftest import WIN, running

pytestmark = pytest.mark.django_db


def _cards(html: str, test: str) -> list[str]:
    """The cells of the table ``data-test=test``, which must be a table of cards."""
    table = html.split(f'data-test="{test}"', 1)[1].split("</table>", 1)[0]
    assert 'class="list cards"' in html.split(f'data-test="{test}"', 1)[0].rsplit("<table", 1)[1]
    return re.findall(r"<td[^>]*>", table)


def _labelled(cells: list[str]) -> bool:
    return bool(cells) and all("data-label=" in cell or "card-skip" in cell for cell in cells)


def test_a_belote_sheet_and_its_standings_are_cards(world, login, match):
    services.belote_deal_add(actor=world.referee, match=match, number=1, **WIN)
    browser = login(world.referee)
    html = browser.get(reverse("games:belote_match", args=[match.pk])).content.decode()
    assert _labelled(_cards(html, "sheet"))
    html = browser.get(reverse("games:belote", args=[match.tournament_id])).content.decode()
    assert _labelled(_cards(html, "standings"))


def test_a_pinochle_sheet_is_cards(world, login, pinochle_game):
    services.pinochle_hand_add(
        actor=world.referee, game=pinochle_game, bidder=0, bid=100, meld=(460, 30), tricks=(40, 10)
    )
    html = login(world.referee).get(reverse("games:pinochle_game", args=[pinochle_game.pk]))
    assert _labelled(_cards(html.content.decode(), "sheet"))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_free_play_sheet_names_each_players_marks(world, login, players):
    tournament = running(world, Tournament.Game.FREE_TAROT, players)
    table = services.free_round_draw(actor=world.referee, tournament=tournament, seed=1)[0]
    seats = [seat.registration for seat in table.seats.order_by("order")]
    services.free_deal_add(
        actor=world.referee,
        table=table,
        taker=seats[0],
        partner=None,
        deal=Deal(2, 45, players=players),
    )
    html = login(world.referee).get(reverse("games:free_table", args=[table.pk])).content.decode()
    cells = _cards(html, "sheet")
    assert _labelled(cells)
    standings = login(world.referee).get(reverse("games:free", args=[tournament.pk]))
    assert _labelled(_cards(standings.content.decode(), "standings"))
    for seat in seats:
        assert html.count(f'data-label="{seat.licensee.full_name}"') == 2  # the mark, the total
