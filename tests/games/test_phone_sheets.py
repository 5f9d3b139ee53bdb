"""Sheets written from the players' phones: each played match, game and table has its own
code (none for a bye), printed on the round assignments; the code opens its sheet alone,
without an account, to write the next line (and, in pinochle, each scorekeeper's
confirmation), while the tournament is running and the sheet open; submitting, taking a
line off and reopening stay the referee's; every line is audited as written by a phone."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from apps.core.models import AuditLog
from apps.games import services
from apps.games.models import BeloteDeal, BeloteMatch, FreeDeal, PinochleGame, PinochleHand
from apps.games.selectors import game_players
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests.factories import register
from tests.games.conftest import WIN, running
from tests.pdf import pdf_text, spaceless

pytestmark = pytest.mark.django_db

FORM_WIN = {"contract": "no_trumps", "chooser": "0", "tricks_first": "120",
            "tricks_second": "0", "last_trick": "0", "combinations_first": "0",
            "combinations_second": "0", "belotes_first": "0", "belotes_second": "0",
            "finish": ""}  # fmt: skip


@pytest.fixture
def match(world, belote):
    services.belote_rounds_draw(actor=world.referee, tournament=belote, pairing="round_robin")
    return BeloteMatch.objects.filter(tournament=belote).order_by("round", "table").first()


def _sheet(code):
    return reverse("games:sheet", args=[code])


def test_every_played_sheet_has_its_own_code_and_a_bye_none(world, belote):
    register(belote, 1)
    matches = services.belote_rounds_draw(
        actor=world.referee, tournament=belote, pairing="round_robin"
    )
    codes = [m.code for m in matches if not m.bye]
    assert all(codes) and len(set(codes)) == len(codes)
    assert all(m.code is None for m in matches if m.bye)


def test_a_phone_opens_its_sheet_and_writes_a_deal(world, client, match):
    page = client.get(_sheet(match.code.lower()))
    html = page.content.decode()
    assert page.status_code == 200 and 'data-test="deal-form"' in html
    assert 'data-test="submit"' not in html and 'data-test="take-off"' not in html
    response = client.post(reverse("games:sheet_line", args=[match.code]), FORM_WIN)
    assert response.status_code == 302
    deal = BeloteDeal.objects.get(match=match)
    log = AuditLog.objects.get(action="create", object_id=str(deal.pk))
    assert log.actor is None and log.changes["phone"] is True


def test_the_referees_sheet_shows_its_code_and_an_unknown_code_opens_nothing(world, login, match):
    browser = login(world.referee)
    html = browser.get(reverse("games:belote_match", args=[match.pk])).content.decode()
    assert match.code in html
    assert browser.get(_sheet("ZZZZZZ")).status_code == 404


def test_a_code_opens_only_its_sheet(world, match):
    other = BeloteMatch.objects.exclude(pk=match.pk).filter(tournament=match.tournament).first()
    with pytest.raises(ValidationError):
        services.belote_deal_add(actor=None, match=other, code=match.code, **WIN)
    assert not BeloteDeal.objects.exists()


def test_a_submitted_sheet_or_a_finished_tournament_takes_nothing_from_a_phone(
    world, client, match
):
    for _ in range(4):
        services.belote_deal_add(actor=world.referee, match=match, **WIN)
    services.belote_match_submit(actor=world.referee, match=match)
    assert 'data-test="phone-closed"' in client.get(_sheet(match.code)).content.decode()
    refused = client.post(reverse("games:sheet_line", args=[match.code]), FORM_WIN)
    assert refused.status_code == 400 and BeloteDeal.objects.count() == 4
    other = BeloteMatch.objects.exclude(pk=match.pk).filter(tournament=match.tournament).first()
    Tournament.objects.filter(pk=match.tournament_id).update(status=Status.FINISHED)
    assert client.post(reverse("games:sheet_line", args=[other.code]), FORM_WIN).status_code == 400
    assert not BeloteDeal.objects.filter(match=other).exists()


def test_a_pinochle_hand_written_and_confirmed_from_phones(world, client):
    tournament = running(world, Tournament.Game.PINOCHLE, 4)
    first, second, third, fourth = game_players(tournament)
    for a, b in ((first, second), (third, fourth)):
        services.pinochle_team_create(actor=world.referee, tournament=tournament, first=a, second=b)
    services.pinochle_numbers_draw(actor=world.referee, tournament=tournament, seed=1)
    game = PinochleGame.objects.filter(tournament=tournament, round=1).get()
    hand = {"bidder": "0", "bid": "100", "meld_a": "460", "meld_b": "30", "tricks_a": "40",
            "tricks_b": "10", "outcome": "played", "team": ""}  # fmt: skip
    assert client.post(reverse("games:sheet_line", args=[game.code]), hand).status_code == 302
    written = PinochleHand.objects.get(game=game)
    html = client.get(_sheet(game.code)).content.decode()
    assert 'data-test="confirm-a"' in html and 'data-test="submit"' not in html
    for side in "ab":
        client.post(
            reverse("games:sheet_confirm", args=[game.code]), {"hand": written.pk, "side": side}
        )
    written.refresh_from_db()
    assert written.confirmed


def test_a_free_play_deal_from_a_phone(world, client):
    tournament = running(world, Tournament.Game.FREE_TAROT, 4)
    table = services.free_round_draw(actor=world.referee, tournament=tournament, seed=1)[0]
    taker = table.seats.order_by("order").first().registration
    data = {"taker": taker.pk, "contract": "garde", "bouts": "2", "points": "45"}
    assert client.post(reverse("games:sheet_line", args=[table.code]), data).status_code == 302
    assert FreeDeal.objects.get(table=table).taker == taker


def test_the_code_typed_by_hand_leads_to_its_sheet_and_the_codes_print(world, client, login, match):
    response = client.get(reverse("games:sheet_code"), {"code": match.code.lower()})
    assert response.status_code == 302 and response.url == _sheet(match.code)
    pdf = login(world.referee).get(reverse("games:belote_pdf", args=[match.tournament_id]))
    assert match.code in spaceless(pdf_text(pdf.content))
