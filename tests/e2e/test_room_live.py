"""The room while it enters scores, in a real browser (Debian's chromium): two phones of
the same table (two browser contexts) and the referee's progress page on a laptop, none
of them ever reloaded. Nord types 0, is asked the question the referee's screen asks and
sends it again; the other phone sees the score arrive and confirms it; Nord's phone then
shows it recorded, and the progress page counts it and lists it as doubtful. Meanwhile
a score being typed on the other phone is left as it is; when the referee closes table
entry, both phones say so. The polls run every second here
(settings); the production rates are tested with the pages (tests/scoring).
Screenshots go to /tmp/donne-shots."""

from django.urls import reverse

from apps.movements.models import TableCode
from apps.movements.services import movement_table_entry_set
from apps.scoring.models import Play
from tests.builders import table_at, table_entry_open
from tests.e2e.browser import BROWSER_MARKS, SHOTS, sign_in, table_phone

pytestmark = BROWSER_MARKS
# Set on each page at the start: still there at the end, the page was never reloaded.
MARK = "() => { window.notReloaded = true; }"
STILL = "() => window.notReloaded === true"


def _phone(browser, url):
    phone = table_phone(browser, url)
    phone.evaluate(MARK)
    return phone


def _block(phone, etui, state=None):
    which = f"[data-test=etui-{etui}]" + (f"[data-state={state}]" if state else "")
    return phone.locator(which)


def test_the_phones_and_the_progress_page_follow_the_room(page, live_server, world, settings):
    settings.TABLE_POLL_SECONDS = 1
    settings.PROGRESS_POLL_SECONDS = 1
    movement = table_entry_open(world)
    session = movement.session
    base = live_server.url
    code = TableCode.objects.get(movement=movement, table=1).code
    url = base + reverse("scoring:table_page", args=[code])
    first, second = table_at(session, 1).etuis[:2]

    sign_in(page, base, world.referee)
    page.goto(base + reverse("scoring:progress", args=[session.pk]))
    page.evaluate(MARK)
    entered = page.locator("[data-test=entered]")
    before = entered.inner_text()
    browser = page.context.browser
    nord, other = _phone(browser, url), _phone(browser, url)

    # The other phone's player starts typing a score of the second étui, unsent.
    typing = _block(other, second).locator("[data-test=score]")
    typing.fill("5")

    # Nord types 0: the phone asks the referee's question, then sends it once confirmed.
    block = _block(nord, first)
    block.locator("[data-test=score]").fill("0")
    block.locator("[data-test=send]").click()
    question = _block(nord, first).locator("[data-test=unlikely]")
    question.wait_for()
    assert "Score peu probable" in question.inner_text()
    assert "chelem" in question.inner_text()
    nord.screenshot(path=str(SHOTS / "table-entry-unlikely-390.png"), full_page=True)
    assert _block(nord, first).locator("[data-test=score]").input_value() == "0"
    _block(nord, first).locator("[data-test=send]").click()
    _block(nord, first, "pending").wait_for()

    # The other phone sees Nord's score arrive by itself, while its player types on.
    confirm = _block(other, first, "pending").locator("[data-test=confirm-E]")
    confirm.wait_for()
    assert other.evaluate("() => document.activeElement.dataset.test") == "score"
    assert typing.input_value() == "5"
    confirm.click()
    _block(other, first, "recorded").wait_for()
    # Nord's phone shows it recorded without a reload.
    _block(nord, first, "recorded").wait_for()
    assert Play.objects.get(table__movement=movement, table__table=1, etui=first).score == 0

    # Nord sends the second étui: the other phone, where a score of it is being typed,
    # keeps what was typed until its player clears it; then the étui shows as sent.
    _block(nord, second).locator("[data-test=score]").fill("56")
    _block(nord, second).locator("[data-test=send]").click()
    _block(nord, second, "pending").wait_for()
    for _ in range(2):  # two polls answered since the sending
        with other.expect_response(url):
            pass
    assert typing.input_value() == "5" and _block(other, second, "open").count() == 1
    typing.fill("")
    other.locator("h1").click()
    _block(other, second, "pending").locator("[data-test=confirm-E]").wait_for()

    # The progress page counts the score and lists it as doubtful, by itself.
    page.locator("[data-test=doubtful-line]").wait_for()
    assert entered.inner_text() != before
    assert "chelem" in page.locator("[data-test=doubtful-line]").inner_text()
    rows = page.locator("[data-test=table-entry-rows] tbody tr").first
    assert "1 / " in rows.inner_text()
    page.screenshot(path=str(SHOTS / "progress-live.png"), full_page=True)
    for each in (page, nord, other):
        assert each.evaluate(STILL)
    # The doubtful line links to its traveller line, to correct it.
    page.locator("[data-test=doubtful-line] [data-test=correct]").click()
    page.locator(f"[data-line] [name$='-{first}-score']").first.wait_for()

    # The referee closes table entry: both phones say so, by themselves.
    movement_table_entry_set(actor=world.referee, movement=movement, enabled=False)
    for phone in (nord, other):
        phone.locator("[data-test=refusal]:visible").wait_for()
        assert "saisie" in phone.locator("[data-test=refusal]").inner_text().lower()
        assert phone.evaluate(STILL)
    nord.screenshot(path=str(SHOTS / "table-entry-closed-live-390.png"), full_page=True)
    for phone in (nord, other):
        phone.context.close()
