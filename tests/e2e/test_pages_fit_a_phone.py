"""Issue 42, point 5: a phone shows everything. The demo loaded, each demo login (club,
referee, committee, zone, federation, player) walks at 390 px wide the pages it reaches by
its links from its home and from the pages the demo prints (five pages at most of each
address pattern: each of the demo's tournaments and sessions, in its state). On every page
the body never scrolls sideways (a wide table scrolls in its own box) and every entry of
the menu shows whole within the screen. Screenshots at 390 and 1280 px of each login's
home: /tmp/donne-shots/phone-walk-*.png."""

import re
from collections import Counter
from io import StringIO

from django.core.management import call_command
from django.urls import Resolver404, resolve

from apps.demo.builders import DEMO_PASSWORD, DEMO_USERS
from tests.e2e.browser import BROWSER_MARKS, PHONE, SHOTS

pytestmark = BROWSER_MARKS

DESKTOP = {"width": 1280, "height": 900}
HOMES = ["/mon-espace/", "/joueur/", "/"]
NOT_PAGES = (".pdf", ".xlsx", ".csv", ".json", "/deconnexion/")
OUTSIDE = ("/static/", "/admin/", "/api/")
PER_PATTERN = 5  # the demo's tournaments, each in another state

# What a page shows wrong on a phone: the body wider than the screen, or a menu entry
# hidden, cut by the screen's edge or squeezed (its text wider than its box).
FAULTS = """() => {
  const width = window.innerWidth;
  const faults = [];
  if (document.documentElement.scrollWidth > width) {
    faults.push(`page ${document.documentElement.scrollWidth} px wide`);
  }
  for (const entry of document.querySelectorAll('.mainnav a, .mainnav button')) {
    const box = entry.getBoundingClientRect();
    if (!entry.checkVisibility() || box.left < 0 || box.right > width
        || entry.scrollWidth > entry.clientWidth + 1) {
      faults.push(`menu « ${entry.innerText} » ${Math.round(box.left)}-${Math.round(box.right)}`);
    }
  }
  return faults;
}"""
LINKS = """() => [...document.querySelectorAll('a[href^="/"]')].map(a => a.pathname)"""


def _pattern(path: str) -> str | None:
    """The address pattern a path is one of (None when no page of the site)."""
    if path.endswith(NOT_PAGES) or path.startswith(OUTSIDE):
        return None
    try:
        return resolve(path).route
    except Resolver404:
        return None


def _walk(page, base: str, start: list[str]) -> dict[str, list[str]]:
    """Opens the pages reached from ``start``, PER_PATTERN at most of each pattern: {path:
    its faults}."""
    todo, opened, found = list(start), Counter(), {}
    while todo:
        path = todo.pop(0)
        pattern = _pattern(path)
        if pattern is None or path in found or opened[pattern] == PER_PATTERN:
            continue
        opened[pattern] += 1
        response = page.goto(base + path)
        if response.status != 200 or "text/html" not in response.headers["content-type"]:
            continue
        found[path] = page.evaluate(FAULTS)
        todo += page.evaluate(LINKS)
    return found


def _sign_in(page, base: str, username: str) -> None:
    page.context.clear_cookies()
    page.goto(base + "/connexion/")
    page.fill("#id_username", username)
    page.fill("#id_password", DEMO_PASSWORD)
    page.click("form.form button[type=submit]")
    page.wait_for_selector("[data-test=logout]")


def test_every_page_of_each_walk_fits_a_phone(page, live_server):
    printed = StringIO()
    call_command("demo_data", stdout=printed)
    shown = re.findall(r"https?://[^/\s]+(/\S*)", printed.getvalue())
    base = live_server.url
    walked, faults = {}, {}
    for username, *_ in DEMO_USERS:
        page.set_viewport_size(PHONE)
        _sign_in(page, base, username)
        assert page.evaluate("window.innerWidth") == PHONE["width"]
        found = _walk(page, base, HOMES + shown)
        walked[username] = len(found)
        faults |= {f"{username} {path}": fault for path, fault in found.items() if fault}
        for viewport in (PHONE, DESKTOP):
            page.set_viewport_size(viewport)
            page.goto(base + HOMES[0])
            shot = SHOTS / f"phone-walk-{username}-{viewport['width']}.png"
            page.screenshot(path=str(shot), full_page=True)
    assert faults == {}
    assert all(count >= 10 for count in walked.values()), walked  # each login walked
