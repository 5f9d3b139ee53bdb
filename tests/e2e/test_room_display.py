"""The room display in a real browser (Debian's chromium), opened on a projector through
the secret link the referee makes on the room page: a ranking longer than the screen
scrolls by itself, a refresh of the board does not send it back to the top, and every row
comes on screen in turn. The test refreshes every second and scrolls fast (the room: every
15 s, 50 px/s). Screenshots: /tmp/donne-shots/room-display.png, display-link(-390).png."""

from django.urls import reverse

from apps.movements.models import MovementTable
from apps.results import display
from apps.scoring.services import play_score_set
from tests.builders import advance_to, generate
from tests.e2e.browser import BROWSER_MARKS, SHOTS, sign_in

pytestmark = BROWSER_MARKS
PLAYERS = 40  # about three screens of ranking at 1280 by 720

# Every 50 ms: the general ranking's rows wholly on screen, its scroll, the swaps so far.
WATCH = """() => {
  window.seen = new Set(); window.swaps = 0; window.samples = [];
  document.addEventListener("htmx:afterSwap", () => { window.swaps += 1; });
  setInterval(() => {
    const list = document.querySelector("[data-scroll=general]");
    const box = list.getBoundingClientRect();
    for (const row of list.querySelectorAll("li")) {
      const r = row.getBoundingClientRect();
      if (r.top >= box.top - 1 && r.bottom <= Math.min(box.bottom, innerHeight) + 1)
        window.seen.add(row.querySelector(".who").textContent);
    }
    window.samples.push([list.scrollTop, list.scrollHeight - list.clientHeight, window.swaps]);
  }, 50);
}"""


def _between_positions(world):
    """Position 1 fully entered: the display shows the rankings."""
    movement = advance_to(world, generate(world, PLAYERS), 1)
    for table in MovementTable.objects.filter(movement=movement, position=1):
        for etui in table.etuis:
            play_score_set(actor=world.referee, table=table, etui=etui, score=56)


def test_a_long_ranking_scrolls_on_across_refreshes(page, live_server, world, monkeypatch):
    monkeypatch.setattr(display, "REFRESH_SECONDS", 1)
    monkeypatch.setattr(display, "SCROLL_PIXELS_PER_SECOND", 300)
    _between_positions(world)
    sign_in(page, live_server.url, world.referee)
    page.goto(live_server.url + reverse("tournaments:referee_room", args=[world.tournament.pk]))
    page.click("[data-test=display-link-create]")
    shared = page.locator("[data-test=shared-display]").get_attribute("href")
    page.locator("#display-links").screenshot(path=str(SHOTS / "display-link.png"))
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#display-links").screenshot(path=str(SHOTS / "display-link-390.png"))

    projector = page.context.browser.new_page(viewport={"width": 1280, "height": 720})
    page = projector  # another browser context: never signed in
    page.goto(live_server.url + shared)
    rows = page.locator("[data-scroll=general] li")
    assert rows.count() == PLAYERS
    page.evaluate(WATCH)
    page.wait_for_function(
        f"() => window.seen.size === {PLAYERS} && window.swaps >= 2", timeout=30_000
    )

    samples = page.evaluate("window.samples")
    bottom = next(i for i, (top, end, _swaps) in enumerate(samples) if end > 0 and top >= end)
    scrolled = [top for top, _end, _swaps in samples[: bottom + 1]]
    swaps_on_the_way = samples[bottom][2] - samples[0][2]
    assert samples[0][1] > 500  # longer than the screen by far
    assert swaps_on_the_way >= 2  # refreshed while it scrolled…
    assert scrolled == sorted(scrolled)  # …and never went back up until the bottom
    page.screenshot(path=str(SHOTS / "room-display.png"))


# The rows of the general ranking wholly on screen, and the board's width.
ON_SCREEN = """() => {
  const list = document.querySelector("[data-scroll=general]");
  const box = list.getBoundingClientRect();
  const rows = [...list.querySelectorAll("li")].filter((row) => {
    const r = row.getBoundingClientRect();
    return r.top >= box.top - 1 && r.bottom <= Math.min(box.bottom, innerHeight) + 1;
  });
  return [rows.length, document.querySelector("#board").getBoundingClientRect().width];
}"""


def test_the_board_uses_the_screen_at_1920_by_1080(page, live_server, world, monkeypatch):
    """A projector's full HD screen: the board spans its width (not the pages' 72rem) and
    each ranking shows 25 rows at a time at least. Screenshot: room-display-1920.png."""
    monkeypatch.setattr(display, "SCROLL_PIXELS_PER_SECOND", 0)  # measured standing still
    _between_positions(world)
    sign_in(page, live_server.url, world.referee)
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.goto(
        live_server.url + reverse("results:display", args=[world.tournament.sessions.get().pk])
    )
    page.locator("[data-test=alternate]").wait_for()
    rows, width = page.evaluate(ON_SCREEN)
    page.screenshot(path=str(SHOTS / "room-display-1920.png"))
    assert width >= 1920 * 0.9
    assert rows >= 25
