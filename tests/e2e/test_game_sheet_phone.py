"""A belote sheet written from a phone (390 px wide, no account): the player types the
code printed on the round assignments, writes a deal, and the referee's sheet shows it.
Screenshot to /tmp/donne-shots."""

from django.urls import reverse

from apps.games import services
from apps.games.models import BeloteDeal, BeloteMatch, PinochleGame, PinochleHand
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests import factories as f
from tests.e2e.browser import BROWSER_MARKS, SHOTS
from tests.factories import register

pytestmark = BROWSER_MARKS


def test_a_phone_writes_a_belote_deal_by_its_sheets_code(page, live_server):
    base = live_server.url
    referee = f.UserFactory(username="arbitre")
    f.RoleFactory(user=referee, role="referee")
    tournament = f.TournamentFactory(game=Tournament.Game.BELOTE, status=Status.RUNNING)
    f.RefereeAssignmentFactory(tournament=tournament, referee=referee)
    register(tournament, 4)
    services.belote_rounds_draw(actor=referee, tournament=tournament, pairing="round_robin")
    match = BeloteMatch.objects.filter(tournament=tournament).order_by("round", "table").first()

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base + reverse("games:sheet_code"))
    page.fill("#sheet-code", match.code.lower())
    page.click("[data-test=open]")
    page.wait_for_selector("[data-test=deal-form]")
    page.select_option("#id_contract", "trump")
    page.select_option("#id_chooser", "1")
    page.select_option("#id_last_trick", "1")
    page.fill("#id_tricks_first", "40")
    page.fill("#id_tricks_second", "90")
    page.click("[data-test=deal-add]")
    page.wait_for_selector("[data-test=sheet]")
    deal = BeloteDeal.objects.get(match=match)
    assert (deal.tricks_first, deal.tricks_second, deal.chooser) == (40, 90, 1)
    assert page.locator("[data-test=submit]").count() == 0  # the referee's to submit
    page.screenshot(path=str(SHOTS / "belote-phone-390.png"), full_page=True)


def test_a_pinochle_hand_written_and_confirmed_from_a_phone(page, live_server):
    base = live_server.url
    referee = f.UserFactory(username="directeur")
    f.RoleFactory(user=referee, role="referee")
    tournament = f.TournamentFactory(game=Tournament.Game.PINOCHLE, status=Status.RUNNING)
    f.RefereeAssignmentFactory(tournament=tournament, referee=referee)
    first, second, third, fourth = register(tournament, 4)
    for a, b in ((first, second), (third, fourth)):
        services.pinochle_team_create(actor=referee, tournament=tournament, first=a, second=b)
    services.pinochle_numbers_draw(actor=referee, tournament=tournament, seed=1)
    game = PinochleGame.objects.get(tournament=tournament, round=1)

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base + reverse("games:sheet", args=[game.code]))
    page.select_option("#id_bidder", "0")
    page.fill("#id_bid", "100")
    page.fill("#id_meld_a", "460")
    page.fill("#id_meld_b", "30")
    page.fill("#id_tricks_a", "40")
    page.fill("#id_tricks_b", "10")
    page.click("[data-test=hand-add]")
    page.wait_for_selector("[data-test=confirm-hand]")
    assert page.locator("[data-test=confirm-a]").is_visible()
    assert page.locator("[data-test=confirm-b]").bounding_box()["x"] < 390  # on screen
    page.screenshot(path=str(SHOTS / "pinochle-phone-390.png"), full_page=True)
    page.click("[data-test=confirm-a]")
    page.click("[data-test=confirm-b]")
    page.wait_for_selector("[data-test=phone-closed]")  # over: the director submits it
    assert PinochleHand.objects.get(game=game).confirmed
