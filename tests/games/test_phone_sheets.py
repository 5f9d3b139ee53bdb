"""Sheets written from the players' phones: each played match, game and table has its own
code (none for a bye), printed on the round assignments; the code opens its sheet alone,
without an account, to write the next line (and, in pinochle, each scorekeeper's
confirmation, from their own phone), while the tournament is running and the sheet open;
submitting, taking a line off and reopening stay the referee's; every line is audited as
written by a phone."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from apps.core.models import AuditLog
from apps.games import services
from apps.games.models import BeloteDeal, BeloteMatch, FreeDeal, PinochleHand
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests.factories import register
from tests.games.conftest import WIN, running
from tests.pdf import pdf_text, spaceless
from tests.wording import said

pytestmark = pytest.mark.django_db

FORM_WIN = {"number": "1", "contract": "no_trumps", "chooser": "0", "tricks_first": "116",
            "tricks_second": "0", "last_trick": "0", "combinations_by": "",
            "combinations": "0", "belotes_first": "0", "belotes_second": "0",
            "finish": ""}  # fmt: skip


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


HAND = {"number": "1", "bidder": "0", "bid": "100", "meld_a": "460", "meld_b": "30",
        "tricks_a": "40", "tricks_b": "10", "outcome": "played", "team": ""}  # fmt: skip
SAME_PHONE = (
    "This phone confirmed this hand for team %(other)s: team %(side)s's scorekeeper confirms "
    "it from their own phone."
)


def _opened(code, phone=None) -> Client:
    """A phone that opened the sheet's page: it holds the sheet's device token."""
    phone = phone or Client()
    assert phone.get(_sheet(code)).status_code == 200
    return phone


def _confirm(phone, game, hand, side):
    url = reverse("games:sheet_confirm", args=[game.code])
    return phone.post(url, {"hand": hand.pk, "side": side}, follow=True).content.decode()


def test_a_pinochle_hand_written_and_confirmed_from_each_teams_phone(world, pinochle_game):
    game = pinochle_game
    team_a, team_b = _opened(game.code), _opened(game.code)
    assert team_a.post(reverse("games:sheet_line", args=[game.code]), HAND).status_code == 302
    written = PinochleHand.objects.get(game=game)
    html = team_a.get(_sheet(game.code)).content.decode()
    assert 'data-test="confirm-a"' in html and 'data-test="submit"' not in html
    _confirm(team_a, game, written, "a")
    html = team_a.get(_sheet(game.code)).content.decode()
    assert 'data-test="confirm-b"' not in html and 'data-test="confirm-elsewhere"' in html
    assert 'data-test="confirm-b"' in team_b.get(_sheet(game.code)).content.decode()
    _confirm(team_b, game, written, "b")
    written.refresh_from_db()
    assert written.confirmed and written.device_a and written.device_b != written.device_a


def test_one_phone_does_not_confirm_a_hand_for_both_teams(world, pinochle_game):
    game = pinochle_game
    phone = _opened(game.code)
    phone.post(reverse("games:sheet_line", args=[game.code]), HAND)
    written = PinochleHand.objects.get(game=game)
    _confirm(phone, game, written, "b")
    html = _confirm(phone, game, written, "a")
    assert escape(said(SAME_PHONE, other="B", side="A")) in html
    written.refresh_from_db()
    assert (written.confirmed_a, written.confirmed_b) == (False, True)
    assert AuditLog.objects.filter(action="update", object_id=str(written.pk)).count() == 1


def test_a_phone_that_never_opened_the_sheet_confirms_nothing(world, pinochle_game):
    game = pinochle_game
    services.pinochle_hand_add(actor=world.referee, game=game, bidder=0, bid=100, meld=(460, 30),
                               tricks=(40, 10))  # fmt: skip
    written = PinochleHand.objects.get(game=game)
    html = _confirm(Client(), game, written, "a")
    assert (
        escape(
            said(
                "Reload the page on this phone, then try again: it has not opened this page yet, "
                "or it has lost its cookies."
            )
        )
        in html
    )
    written.refresh_from_db()
    assert not written.confirmed_a


def _over(game):
    """Both teams' phones, the game over (500 points) and its hand confirmed by each."""
    team_a, team_b = _opened(game.code), _opened(game.code)
    team_a.post(reverse("games:sheet_line", args=[game.code]), HAND)
    written = PinochleHand.objects.get(game=game)
    _confirm(team_a, game, written, "a")
    _confirm(team_b, game, written, "b")
    return team_a, team_b


def _sign(phone, game, **data):
    url = reverse("games:sheet_sign", args=[game.code])
    return phone.post(url, data, follow=True).content.decode()


def test_the_scorekeeper_signs_and_an_opponent_countersigns_which_submits(world, pinochle_game):
    """« At the end of the round one score sheet will be selected, signed by the scorekeeper
    and countersigned by one opponent »: each from their own phone."""
    game = pinochle_game
    team_a, team_b = _over(game)
    html = team_b.get(_sheet(game.code)).content.decode()
    assert 'data-test="sign-b"' in html and 'data-test="phone-closed"' not in html
    html = _sign(team_b, game, action="sign", side="b")
    assert 'data-test="countersign-elsewhere"' in html and 'data-test="countersign"' not in html
    html = _sign(team_b, game, action="countersign")  # the signer's phone, by hand
    assert (
        escape(said("An opponent countersigns the sheet from their own phone, not the signer's."))
        in html
    )
    game.refresh_from_db()
    assert game.signed_side == "b" and game.submitted_at is None
    html = _sign(team_a, game, action="countersign")
    game.refresh_from_db()
    assert game.submitted_at is not None and game.countersigned_device not in (
        "",
        game.signed_device,
    )
    assert 'data-test="phone-closed"' in html
    audits = AuditLog.objects.filter(action="update", object_id=str(game.pk))
    assert all(audit.changes.get("phone") for audit in audits.exclude(changes__has_key="submitted"))


def test_a_sheet_is_signed_once_the_game_is_over_and_once(world, pinochle_game):
    game = pinochle_game
    phone = _opened(game.code)
    phone.post(reverse("games:sheet_line", args=[game.code]), HAND)
    html = _sign(phone, game, action="sign", side="a")  # the hand waits for B's check
    assert escape(said("Both scorekeepers confirm every hand first.")) in html
    game.refresh_from_db()
    assert not game.signed_side
    with pytest.raises(ValidationError):  # a phone without the sheet's token
        services.pinochle_sheet_sign(game=game, side="a", code=game.code, device="")


def test_a_reopened_or_changed_sheet_is_signed_again(world, pinochle_game):
    game = pinochle_game
    team_a, team_b = _over(game)
    _sign(team_a, game, action="sign", side="a")
    _sign(team_b, game, action="countersign")
    services.pinochle_game_reopen(actor=world.referee, game=game, reason="total mal reporté")
    game.refresh_from_db()
    assert (game.signed_side, game.signed_device, game.countersigned_device) == ("", "", "")
    _sign(team_b, game, action="sign", side="b")
    services.pinochle_hand_delete(actor=world.referee, hand=PinochleHand.objects.get(game=game))
    game.refresh_from_db()
    assert not game.signed_side


def test_the_referee_confirms_for_both_teams_from_the_room(world, login, pinochle_game):
    game = pinochle_game
    services.pinochle_hand_add(actor=world.referee, game=game, bidder=0, bid=100, meld=(460, 30),
                               tricks=(40, 10))  # fmt: skip
    written = PinochleHand.objects.get(game=game)
    referee = login(world.referee)
    for side in "ab":
        url = reverse("games:pinochle_confirm", args=[game.pk])
        referee.post(url, {"hand": written.pk, "side": side})
    written.refresh_from_db()
    assert written.confirmed and (written.device_a, written.device_b) == ("", "")


def test_a_free_play_deal_from_a_phone(world, client):
    tournament = running(world, Tournament.Game.FREE_TAROT, 4)
    table = services.free_round_draw(actor=world.referee, tournament=tournament, seed=1)[0]
    taker = table.seats.order_by("order").first().registration
    data = {"number": "1", "taker": taker.pk, "contract": "garde", "bouts": "2", "points": "45"}
    assert client.post(reverse("games:sheet_line", args=[table.code]), data).status_code == 302
    assert FreeDeal.objects.get(table=table).taker == taker


def test_the_code_typed_by_hand_leads_to_its_sheet_and_the_codes_print(world, client, login, match):
    response = client.get(reverse("games:sheet_code"), {"code": match.code.lower()})
    assert response.status_code == 302 and response.url == _sheet(match.code)
    pdf = login(world.referee).get(reverse("games:belote_pdf", args=[match.tournament_id]))
    assert match.code in spaceless(pdf_text(pdf.content))
