"""The pinochle tournament's 50/50 drawing (« 50/50 »): tickets sold
between rounds at the rules' prices (held here as data), one ticket drawn once every
sheet is in, half the money to it and the balance to the prize fund, the drawing
reproducible from its seed; the director's page shows the container and the winner."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from apps.games import services
from apps.games.domain.pinochle import (
    TICKET_BUNDLES,
    fifty_fifty,
    ticket_draw,
    ticket_holder,
)
from apps.games.models import PinochleExtras, PinochleTicketSale
from apps.games.selectors import pinochle_extras_of, pinochle_rounds
from tests.games.conftest import games_finished
from tests.wording import said

# « The price will be 3 for $1 or 20 for $5 »: tickets -> cents
RULES_PRICES = {3: 100, 20: 500}


def test_the_prices_are_the_rules():
    assert TICKET_BUNDLES == RULES_PRICES


def test_half_the_money_to_the_ticket_drawn_the_balance_to_the_prize_fund():
    # 2 x 3 tickets (2 €) and 1 x 20 tickets (5 €): 26 tickets, 7 €, 3,50 € each way
    pot = fifty_fifty([(3, 2), (20, 1)])
    assert (pot.tickets, pot.paid, pot.prize, pot.fund) == (26, 700, 350, 350)


@pytest.mark.parametrize(("sale", "message"), [((5, 1), "3 pour 1 €"), ((3, 0), "au moins")])
def test_a_sale_off_the_rules_prices_is_refused(sale, message):
    with pytest.raises(ValueError, match=message):
        fifty_fifty([sale])


def test_tickets_are_numbered_on_from_one_sale_to_the_next():
    sold = [3, 20, 3]
    assert [ticket_holder(sold, t) for t in (1, 3, 4, 23, 24, 26)] == [0, 0, 1, 1, 2, 2]
    with pytest.raises(ValueError):
        ticket_holder(sold, 27)


@given(st.integers(1, 500), st.integers(0, 2**32 - 1))
def test_the_same_tickets_and_seed_draw_the_same_ticket(tickets, seed):
    drawn = ticket_draw(tickets, seed)
    assert 1 <= drawn <= tickets and ticket_draw(tickets, seed) == drawn


# --- the room ----------------------------------------------------------------------------

pytestmark = pytest.mark.django_db


def _on(world, tournament):
    services.pinochle_extras_set(
        actor=world.referee,
        tournament=tournament,
        set_cup_cents=None,
        specials=False,
        fifty_fifty=True,
    )


def _sell(world, tournament, buyer="Mme Roux", bundle=3, bundles=1, round_number=1):
    return services.pinochle_tickets_sell(
        actor=world.referee,
        tournament=tournament,
        buyer=buyer,
        bundle=bundle,
        bundles=bundles,
        round_number=round_number,
    )


def test_tickets_are_sold_only_with_the_drawing_on(world, games):
    tournament = games[0].tournament
    with pytest.raises(
        ValidationError, match=re.escape(said("This tournament has no 50/50 drawing."))
    ):
        _sell(world, tournament)
    _on(world, tournament)
    for bad in ({"bundle": 5}, {"bundles": 0}, {"buyer": "  "}, {"round_number": 9}):
        with pytest.raises(ValidationError):
            _sell(world, tournament, **bad)
    assert not PinochleTicketSale.objects.exists()
    _sell(world, tournament, bundle=20, bundles=2)
    view = pinochle_extras_of(tournament, pinochle_rounds(tournament))
    assert (view.fifty_fifty.tickets, view.fifty_fifty.paid) == (40, 1000)


def test_the_ticket_is_drawn_once_every_sheet_is_in_and_sets_the_options(world, games):
    tournament = games[0].tournament
    _on(world, tournament)
    _sell(world, tournament, "Mme Roux", 3, 1)
    _sell(world, tournament, "M. Petit", 20, 1, round_number=2)
    early = re.escape(said("The 50/50 is drawn once every sheet is submitted."))
    with pytest.raises(ValidationError, match=early):
        services.pinochle_fifty_fifty_draw(actor=world.referee, tournament=tournament)
    games_finished(world, games)
    extras = services.pinochle_fifty_fifty_draw(actor=world.referee, tournament=tournament)
    assert extras.fifty_ticket == ticket_draw(23, extras.fifty_seed)
    view = pinochle_extras_of(tournament, pinochle_rounds(tournament))
    assert view.fifty_winner.buyer == ("Mme Roux" if extras.fifty_ticket <= 3 else "M. Petit")
    with pytest.raises(ValidationError, match=re.escape(said("The 50/50 is drawn already."))):
        services.pinochle_fifty_fifty_draw(actor=world.referee, tournament=tournament)
    with pytest.raises(ValidationError):
        _sell(world, tournament)
    with pytest.raises(
        ValidationError, match=re.escape(said("A drawing is made: the options are set."))
    ):
        _on(world, tournament)


def test_no_ticket_sold_draws_nothing(world, games):
    tournament = games[0].tournament
    _on(world, tournament)
    games_finished(world, games)
    with pytest.raises(ValidationError, match=re.escape(said("No ticket of the 50/50 is sold."))):
        services.pinochle_fifty_fifty_draw(actor=world.referee, tournament=tournament)
    assert PinochleExtras.objects.get(tournament=tournament).fifty_drawn_at is None


def test_the_page_sells_tickets_shows_the_pot_and_the_winner(world, login, games):
    tournament = games[0].tournament
    _on(world, tournament)
    browser = login(world.referee)
    url = reverse("games:pinochle", args=[tournament.pk])
    assert 'data-test="ticket-form"' in browser.get(url).content.decode()
    sale = {"buyer": "Mme Roux", "bundle": "20", "bundles": "1", "round_number": "1"}
    browser.post(reverse("games:pinochle_tickets", args=[tournament.pk]), sale)
    html = browser.get(url).content.decode()
    pot = "20 billets vendus pour 5,00 € : 2,50 € au billet tiré, 2,50 € au fonds des prix."
    assert pot in html
    refused = browser.post(
        reverse("games:pinochle_tickets", args=[tournament.pk]), {**sale, "buyer": ""}, follow=True
    )
    assert "Acheteur : Ce champ est obligatoire." in refused.content.decode()
    assert PinochleTicketSale.objects.count() == 1
    games_finished(world, games)
    browser.post(reverse("games:pinochle_fifty_fifty_draw", args=[tournament.pk]))
    html = browser.get(url).content.decode()
    assert 'data-test="fifty-winner"' in html and "Mme Roux" in html


@pytest.mark.parametrize("persona", ["club_manager", "player", "outsider"])
def test_only_the_room_sells_and_draws(world, login, games, persona):
    tournament = games[0].tournament
    _on(world, tournament)
    browser = login(world.persona(persona))
    sale = {"buyer": "X", "bundle": "3", "bundles": "1", "round_number": "1"}
    response = browser.post(reverse("games:pinochle_tickets", args=[tournament.pk]), sale)
    assert response.status_code in (403, 404)
    assert not PinochleTicketSale.objects.exists()
