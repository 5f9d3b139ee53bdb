"""A belote sheet written from a phone (390 px wide, no account): the player types the
code printed on the round assignments, writes a deal, and the referee's sheet shows it.
Screenshot to /tmp/donne-shots."""

from django.urls import reverse

from apps.games import services
from apps.games.models import BeloteDeal, BeloteMatch
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
