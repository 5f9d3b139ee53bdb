"""The pinochle and free-play tarot API, read only: games and tables with their sheets,
for those who may read the tournament's results, filtered by tournament and round."""

import pytest
from django.urls import reverse

from apps.games import services
from apps.scoring.domain.deal import Deal
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from apps.tournaments.permissions import can_view_results
from tests.games.conftest import running
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db


@pytest.fixture
def pinochle(world, pinochle_game):
    """The pinochle tournament, its first game's hand written and confirmed by team A."""
    hand = services.pinochle_hand_add(
        actor=world.referee, game=pinochle_game, bidder=0, bid=100, meld=(460, 30),
        tricks=(40, 10),
    )  # fmt: skip
    services.pinochle_hand_confirm(actor=world.referee, hand=hand, side="a")
    return pinochle_game.tournament


@pytest.mark.parametrize("persona", PERSONAS)
def test_pinochle_games_go_to_those_who_may_read_the_results(world, api, pinochle, persona):
    user = world.persona(persona)
    api.force_authenticate(user)
    url = reverse("api:pinochle-game-list")
    games = api.get(url, {"tournament": pinochle.pk}).json()["results"]
    assert bool(games) == can_view_results(user, pinochle)
    Tournament.objects.filter(pk=pinochle.pk).update(status=Status.FINISHED)
    assert len(api.get(url, {"tournament": pinochle.pk}).json()["results"]) == 8


def test_a_pinochle_game_carries_its_hands_totals_and_winner(world, api, pinochle):
    api.force_authenticate(world.referee)
    game = api.get(reverse("api:pinochle-game-list"), {"round": 1}).json()["results"][0]
    assert game["totals"] == [500, 0] and game["winner"] == game["team_a"]["number"]
    hand = game["hands"][0]
    assert hand["bid"] == 100 and hand["confirmed_a"] and not hand["confirmed_b"]


def test_a_free_table_carries_each_deals_marks_and_totals(world, api):
    tournament = running(world, Tournament.Game.FREE_TAROT, 4)
    table = services.free_round_draw(actor=world.referee, tournament=tournament, seed=1)[0]
    taker = table.seats.order_by("order").first().registration
    services.free_deal_add(
        actor=world.referee, table=table, taker=taker, partner=None, deal=Deal(2, 45)
    )
    api.force_authenticate(world.referee)
    answer = api.get(reverse("api:free-table-list"), {"tournament": tournament.pk}).json()
    (row,) = answer["results"]
    assert row["deals"][0]["marks"][str(taker.pk)] == 174
    assert sum(row["totals"].values()) == 0 and len(row["players"]) == 4
    api.force_authenticate(world.outsider)
    assert api.get(reverse("api:free-table-list")).json()["results"] == []
