"""A line sent twice is written once (issue 27, point 4): each deal or hand carries its
number, as the page showed it next. The same line posted again, one post after the other
or two at once, changes nothing; another line under a number already written is refused
and writes nothing."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from apps.games import services
from apps.games.models import BeloteDeal, FreeDeal, PinochleHand
from apps.tournaments.models import Tournament
from tests.games.conftest import WIN, running
from tests.threads import together

pytestmark = pytest.mark.django_db

DEAL_POSTED = {"number": "1", "contract": "no_trumps", "chooser": "0", "tricks_first": "116",
               "tricks_second": "0", "last_trick": "0", "combinations_by": "",
               "combinations": "0", "belotes_first": "0", "belotes_second": "0",
               "finish": ""}  # fmt: skip
HAND_POSTED = {"number": "1", "bidder": "0", "bid": "100", "meld_a": "460", "meld_b": "30",
               "tricks_a": "40", "tricks_b": "10", "outcome": "played", "team": ""}  # fmt: skip


def _line(code: str) -> str:
    return reverse("games:sheet_line", args=[code])


def test_a_belote_deal_posted_twice_from_a_phone_is_written_once(match):
    phone = Client()
    assert phone.post(_line(match.code), DEAL_POSTED).status_code == 302
    assert phone.post(_line(match.code), DEAL_POSTED).status_code == 302  # the resend
    assert BeloteDeal.objects.filter(match=match).count() == 1
    assert phone.post(_line(match.code), {**DEAL_POSTED, "number": "2"}).status_code == 302
    assert list(BeloteDeal.objects.filter(match=match).values_list("number", flat=True)) == [1, 2]


def test_another_deal_under_a_number_already_written_is_refused(match):
    phone = Client()
    phone.post(_line(match.code), DEAL_POSTED)
    other = {**DEAL_POSTED, "tricks_first": "100", "tricks_second": "20"}
    response = phone.post(_line(match.code), other)
    assert response.status_code == 400
    assert "La ligne 1 n’est pas la suivante de la feuille (2)" in response.content.decode()  # noqa: RUF001
    assert BeloteDeal.objects.get(match=match).tricks_first == 116


def test_a_number_beyond_the_next_is_refused(world, match):
    with pytest.raises(
        ValidationError, match=r"La ligne 3 n.est pas la suivante de la feuille \(1\)"
    ):
        services.belote_deal_add(actor=world.referee, match=match, number=3, **WIN)
    assert not BeloteDeal.objects.exists()


def test_the_page_sends_the_number_of_the_line_it_shows_next(world, login, match):
    services.belote_deal_add(actor=world.referee, match=match, number=1, **WIN)
    html = login(world.referee).get(reverse("games:belote_match", args=[match.pk])).content
    assert b'<input type="hidden" name="number" value="2">' in html


def test_a_post_without_its_number_is_refused(match):
    posted = {key: value for key, value in DEAL_POSTED.items() if key != "number"}
    response = Client().post(_line(match.code), posted)
    assert response.status_code == 400
    assert not BeloteDeal.objects.exists()


def test_a_pinochle_hand_posted_twice_is_written_once(pinochle_game):
    phone = Client()
    phone.get(reverse("games:sheet", args=[pinochle_game.code]))
    for _ in range(2):
        assert phone.post(_line(pinochle_game.code), HAND_POSTED).status_code == 302
    assert PinochleHand.objects.filter(game=pinochle_game).count() == 1


def test_a_free_play_deal_posted_twice_is_written_once(world):
    tournament = running(world, Tournament.Game.FREE_TAROT, 4)
    table = services.free_round_draw(actor=world.referee, tournament=tournament, seed=1)[0]
    taker = table.seats.order_by("order").first().registration
    posted = {"number": "1", "taker": taker.pk, "contract": "garde", "bouts": "2", "points": "45"}
    for _ in range(2):
        assert Client().post(_line(table.code), posted).status_code == 302
    assert FreeDeal.objects.filter(table=table).count() == 1
    refused = Client().post(_line(table.code), {**posted, "points": "60"})
    assert refused.status_code == 400 and FreeDeal.objects.filter(table=table).count() == 1


@pytest.mark.django_db(transaction=True)
def test_the_same_deal_from_two_phones_at_once_is_written_once(world, match):
    """Both posts start together; the sheet's lock makes the second find the first's
    line, the same: it writes nothing."""
    answers = []
    together(lambda phone: answers.append(phone.post(_line(match.code), DEAL_POSTED).status_code),
             prepare=Client)  # fmt: skip
    assert answers == [302, 302]
    assert BeloteDeal.objects.filter(match=match).count() == 1
