"""Sheets written from phones (390 px wide, no account). Belote: the player types the code
printed on the round assignments, writes a deal, and the referee's sheet shows it.
Pinochle: team A's scorekeeper writes a hand and confirms it from their phone, which
cannot confirm it for team B too (even posting it by hand); team B's scorekeeper confirms
it from their own phone (a second browser context); the scorekeeper enters a dealt special
from the sheet, which shows the round's clock; B's scorekeeper signs the finished sheet
and A's countersigns it from their phone, which submits it. Screenshots to
/tmp/donne-shots."""

from django.urls import reverse

from apps.games import services
from apps.games.models import (
    BeloteDeal,
    BeloteMatch,
    PinochleGame,
    PinochleHand,
    PinochleSpecial,
)
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests import factories as f
from tests.e2e.browser import BROWSER_MARKS, SHOTS
from tests.factories import register

pytestmark = BROWSER_MARKS

# Team A's phone posts team B's confirmation by hand (a page altered, or kept from before).
CONFIRM_B_BY_HAND = """([url, hand, csrf]) => {
  const form = document.createElement("form");
  form.method = "post";
  form.action = url;
  const fields = {hand, side: "b", csrfmiddlewaretoken: csrf};
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement("input");
    Object.assign(input, {type: "hidden", name, value: String(value)});
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}"""


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


def test_a_pinochle_hand_written_then_confirmed_from_each_teams_phone(page, live_server):
    base = live_server.url
    referee = f.UserFactory(username="directeur")
    f.RoleFactory(user=referee, role="referee")
    tournament = f.TournamentFactory(game=Tournament.Game.PINOCHLE, status=Status.RUNNING)
    f.RefereeAssignmentFactory(tournament=tournament, referee=referee)
    first, second, third, fourth = register(tournament, 4)
    for a, b in ((first, second), (third, fourth)):
        services.pinochle_team_create(actor=referee, tournament=tournament, first=a, second=b)
    services.pinochle_extras_set(
        actor=referee, tournament=tournament, set_cup_cents=None, specials=True
    )
    services.pinochle_numbers_draw(actor=referee, tournament=tournament, seed=1)
    game = PinochleGame.objects.get(tournament=tournament, round=1)
    services.round_clock_start(actor=referee, tournament=tournament, round_number=1, minutes=50)

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base + reverse("games:sheet", args=[game.code]))
    clock = page.locator("[data-test=round-clock] [data-clock-left]")
    assert clock.inner_text() in ("50 min restantes", "49 min restantes")  # counted in the page
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
    # Team B's first player was dealt a double run: the scorekeeper enters it from the sheet.
    page.select_option("[data-test=sheet-special] select", str(game.team_b.first_id))
    page.click("[data-test=sheet-special-add]")
    page.locator(".message").filter(has_text="Le nom est dans l'urne").wait_for()
    assert PinochleSpecial.objects.get().registration_id == game.team_b.first_id
    page.click("[data-test=confirm-a]")
    page.wait_for_selector("[data-test=confirm-elsewhere]")
    assert page.locator("[data-test=confirm-b]").count() == 0
    hand = PinochleHand.objects.get(game=game)
    csrf = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    url = reverse("games:sheet_confirm", args=[game.code])
    page.evaluate(CONFIRM_B_BY_HAND, [url, hand.pk, csrf])
    page.locator(".message.error").filter(has_text="depuis son propre téléphone").wait_for()
    page.screenshot(path=str(SHOTS / "pinochle-same-phone-refused-390.png"), full_page=True)
    hand.refresh_from_db()
    assert (hand.confirmed_a, hand.confirmed_b) == (True, False)

    context = page.context.browser.new_context(viewport={"width": 390, "height": 844})
    team_b = context.new_page()
    team_b.goto(base + reverse("games:sheet", args=[game.code]))
    team_b.click("[data-test=confirm-b]")
    # Over: B's scorekeeper signs the sheet, and A's countersigns it from their own phone.
    team_b.click("[data-test=sign-b]")
    team_b.wait_for_selector("[data-test=countersign-elsewhere]")
    team_b.screenshot(path=str(SHOTS / "pinochle-second-phone-390.png"), full_page=True)
    assert PinochleHand.objects.get(game=game).confirmed
    page.reload()
    page.click("[data-test=countersign]")
    page.wait_for_selector("[data-test=phone-closed]")
    page.screenshot(path=str(SHOTS / "pinochle-countersigned-390.png"), full_page=True)
    context.close()
    game.refresh_from_db()
    assert game.submitted_at is not None and game.signed_side == "b"
