"""Table entry in a real browser (Debian's chromium): a position of a 5-table session
played from phone-sized pages, two phones per table (two browser contexts: Nord's and
another player's). At each table Nord sends each étui's score from their phone, which
cannot confirm it (even posting the confirmation by hand), and Est confirms it from the
other phone; at table 2 Sud disagrees once and the disagreement reaches the referee, who
settles it; at table 3 the network drops while Nord sends, the phone keeps the score and
sends it again once the network is back; at table 4 the phone has lost its cookies, the
score is kept and leaves once the page is reloaded; at table 5 a poll asked before Nord's
sending is answered after it, and the page does not go back to the étui unsent. The room
display then shows the ranking; a newcomer behind the room's address types wrong codes
until the address is throttled, and when the referee puts the next position in play the
room's phones, holding their tables' tokens, follow all the same.
Screenshots go to /tmp/donne-shots."""

import time

from django.urls import reverse

from apps.movements.models import TableCode
from apps.movements.services import movement_advance
from apps.scoring.models import Play, TableEntry
from tests.builders import GARDE_SCORES, table_at, table_entry_open
from tests.e2e.browser import BROWSER_MARKS, PHONE, SHOTS, sign_in, table_phone

pytestmark = BROWSER_MARKS
HEADER_MAX_PX = 48  # one line: a touch target (44 px) and no more
POLL_SECONDS = 1


def _etui(phone, etui):
    return phone.locator(f"[data-test=etui-{etui}]")


def _state(phone, etui, state):
    phone.locator(f"[data-test=etui-{etui}][data-state={state}]").wait_for()


def _send(phone, etui, score):
    block = _etui(phone, etui)
    block.locator("[data-test=score]").fill(str(score))
    block.locator("[data-test=send]").click()


# Nord's phone posts a confirmation by hand (a page altered, or kept from before): the
# server refuses it and the étui's block shows why.
CONFIRM_BY_HAND = """async ([url, block, score]) => {
  const body = new URLSearchParams({action: "confirm", seat: "E", score: String(score)});
  body.set("csrfmiddlewaretoken", document.querySelector("[name=csrfmiddlewaretoken]").value);
  const response = await fetch(url, {method: "POST", body, headers: {"HX-Request": "true"}});
  document.getElementById(block).outerHTML = await response.text();
}"""


def _confirm_elsewhere(phone, checker, etui):
    """Nord's phone shows no confirmation; the other phone confirms."""
    block = _etui(phone, etui)
    assert block.locator("[data-test=confirm-elsewhere]").is_visible()
    assert block.locator("[data-test=confirm-E]").count() == 0
    checker.reload()
    _etui(checker, etui).locator("[data-test=confirm-E]").click()
    _state(checker, etui, "recorded")


def test_a_position_entered_from_two_phones_per_table(page, live_server, world, settings):
    settings.TABLE_POLL_SECONDS = POLL_SECONDS
    movement = table_entry_open(world)
    session = movement.session
    base = live_server.url
    codes = dict(TableCode.objects.filter(movement=movement).values_list("table", "code"))
    assert sorted(codes) == [1, 2, 3, 4, 5]

    browser = page.context.browser
    urls = {table: base + reverse("scoring:table_page", args=[codes[table]]) for table in codes}
    phones = {table: table_phone(browser, url) for table, url in urls.items()}  # Nord's
    checkers = {table: table_phone(browser, url) for table, url in urls.items()}  # another player's
    assert "Position 1" in phones[1].locator("[data-test=position]").inner_text()
    # The header holds the site name and the help on one line, and the taker's seat is named.
    assert phones[1].locator("header.topbar").bounding_box()["height"] <= HEADER_MAX_PX
    first = table_at(session, 1).etuis[0]
    assert "— Nord saisit" in _etui(phones[1], first).locator("label").first.inner_text()
    phones[1].screenshot(path=str(SHOTS / "table-entry-page-390.png"))

    disputed = table_at(session, 2).etuis[0]
    dropped = table_at(session, 3).etuis[0]
    stale = table_at(session, 4).etuis[0]
    overtaken = table_at(session, 5).etuis[0]
    sendings = {
        (3, dropped): _dropped,
        (4, stale): lambda phone, etui, score: _lost_cookies(phone, urls[4], etui, score),
        (5, overtaken): lambda phone, etui, score: _overtaken_poll(phone, urls[5], etui, score),
    }
    scores = iter(GARDE_SCORES * 4)
    expected = {}
    for table, phone in phones.items():
        for etui in table_at(session, table).etuis:
            score = next(scores)
            expected[(table, etui)] = score
            sendings.get((table, etui), _sent)(phone, etui, score)
            if (table, etui) == (1, table_at(session, 1).etuis[0]):
                _refused_on_nords_phone(phone, codes[1], etui, score)
            if (table, etui) == (2, disputed):
                phone.screenshot(path=str(SHOTS / "table-entry-pending-390.png"), full_page=True)
                checker = checkers[table]
                checker.reload()
                block = _etui(checker, etui)
                block.locator("[data-test=disagree]").click()
                block.locator("select[name=seat]").select_option("S")
                block.locator("[data-test=dispute-score]").fill(str(-score))
                block.locator("[data-test=dispute-send]").click()
                _state(checker, etui, "disputed")
                continue
            _confirm_elsewhere(phone, checkers[table], etui)
    checkers[1].screenshot(path=str(SHOTS / "table-entry-recorded-390.png"), full_page=True)

    recorded = dict(
        ((play.table.table, play.etui), play.score)
        for play in Play.objects.filter(table__movement=movement).select_related("table")
    )
    del expected[(2, disputed)]
    assert recorded == expected  # the disputed line does not count yet

    # The referee finds the disagreement with the mismatches and settles it.
    sign_in(page, base, world.referee)
    page.goto(base + reverse("scoring:progress", args=[session.pk]))
    page.locator("[data-test=disagreements]").click()
    page.wait_for_load_state()
    rows = page.locator("[data-test=disagreements] tbody tr")
    assert rows.count() == 1
    page.screenshot(path=str(SHOTS / "table-entry-disagreement.png"), full_page=True)
    rows.first.locator("[data-test=settle]").click()
    line = table_at(session, 2)
    # Enter before htmx has taken the form would post it the plain way (and reload).
    page.wait_for_url(f"**#line-{line.pk}-{disputed}")
    page.wait_for_load_state()
    field = page.locator(f"[name='{line.pk}-{disputed}-score']")
    field.fill("56")
    field.press("Enter")
    page.locator(f"#line-{line.pk}-{disputed} [data-test=saved]").wait_for()

    phones[2].reload()
    _state(phones[2], disputed, "recorded")

    # The position is fully entered: the room display shows the ranking.
    page.goto(base + reverse("results:display", args=[session.pk]))
    page.locator("[data-test=general]").wait_for()
    assert page.locator("[data-test=general] li").count() == 20
    page.screenshot(path=str(SHOTS / "table-entry-display.png"))

    # A newcomer behind the room's address types wrong codes until the address is
    # throttled: their phone waits, the room's phones (holding their tables' tokens) do not.
    settings.PHONE_CODE_MAX_FAILURES = 2
    newcomer = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
    for typed in ("ZZZZZ2", "ZZZZZ3", codes[1]):
        newcomer.goto(base + reverse("scoring:table_code"))
        newcomer.fill("#table-code", typed.lower())
        newcomer.click("button[type=submit]")
    assert "Trop de codes erronés" in newcomer.locator(".message.error").inner_text()
    assert newcomer.locator("[data-test=table-page]").count() == 0
    newcomer.screenshot(path=str(SHOTS / "table-entry-throttled-390.png"), full_page=True)
    newcomer.context.close()

    # The referee puts the next position in play: the phones follow by themselves.
    movement_advance(actor=world.referee, movement=movement, from_position=1)
    for phone in phones.values():
        phone.locator("[data-test=position]").filter(has_text="Position 2").wait_for()
    for phone in [*phones.values(), *checkers.values()]:
        phone.context.close()


def _sent(phone, etui, score):
    _send(phone, etui, score)
    _state(phone, etui, "pending")


def _dropped(phone, etui, score):
    """The network drops as Nord sends: the score waits on the phone, and is sent again by
    itself once the network is back."""
    phone.context.set_offline(True)
    _send(phone, etui, score)
    state = _etui(phone, etui).locator("[data-test=send-state]")
    state.filter(has_text="Pas de réseau").wait_for()
    phone.screenshot(path=str(SHOTS / "table-entry-offline-390.png"), full_page=True)
    assert not TableEntry.objects.filter(etui=etui, table__table=3).exists()
    phone.context.set_offline(False)
    _state(phone, etui, "pending")


def _lost_cookies(phone, url, etui, score):
    """The phone loses its cookies: its sending is refused, kept, and sent once the page is
    reloaded. Its polls wait unanswered meanwhile, one at a time (the next is not asked
    before this one is answered), so that no answer under way brings the cookies back."""
    held = []
    phone.route(url, lambda route: held.append(route))
    deadline = time.monotonic() + 10
    while not held and time.monotonic() < deadline:
        phone.wait_for_timeout(100)
    phone.wait_for_timeout(3_000 * POLL_SECONDS)  # three polls' time
    assert len(held) == 1
    phone.context.clear_cookies()
    _send(phone, etui, score)
    state = _etui(phone, etui).locator("[data-test=send-state]")
    state.filter(has_text="rechargez la page").wait_for()
    held[0].abort()  # asked with the lost cookies: its answer would bring them back
    phone.unroute(url)
    phone.reload()
    _state(phone, etui, "pending")


def _held_polls(phone, count):
    deadline = time.monotonic() + 10
    while len(phone.held) < count and time.monotonic() < deadline:
        phone.wait_for_timeout(100)
    assert len(phone.held) == count


def _overtaken_poll(phone, url, etui, score):
    """A poll is asked before Nord sends and answered after the sending: its answer shows
    the étui unsent, and the page keeps the block the sending brought back."""
    phone.held = []
    phone.route(url, lambda route: phone.held.append(route))
    _held_polls(phone, 1)
    before = phone.held[0].fetch()  # the table as it was before the sending
    _send(phone, etui, score)
    _state(phone, etui, "pending")
    phone.held[0].fulfill(response=before)
    _held_polls(phone, 2)  # the next poll is asked once the late answer is dealt with
    assert _etui(phone, etui).get_attribute("data-state") == "pending"
    phone.held[1].continue_()
    phone.unroute(url)


def _refused_on_nords_phone(phone, code, etui, score):
    """Nord's phone says the score is confirmed from another phone; a confirmation posted
    from it all the same is refused, and nothing is recorded."""
    block = _etui(phone, etui)
    block.locator("[data-test=confirm-elsewhere]").wait_for()
    phone.screenshot(path=str(SHOTS / "table-entry-confirm-elsewhere-390.png"), full_page=True)
    url = reverse("scoring:table_post", args=[code, 1, etui])
    phone.evaluate(CONFIRM_BY_HAND, [url, f"etui-{etui}", score])
    error = _etui(phone, etui).locator("[data-test=error]")
    assert "depuis ce téléphone" in error.inner_text()
    _state(phone, etui, "pending")
    assert not Play.objects.filter(table__table=1, etui=etui).exists()
    phone.screenshot(path=str(SHOTS / "table-entry-same-phone-refused-390.png"), full_page=True)
