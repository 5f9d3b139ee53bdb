"""A player's pages on a phone (390 px wide, Debian's chromium): the feuille de route, « Mes
scores » and the ranking keep what a player needs on screen (no sideways scroll hides a
column); once the tournament is over, « Mes scores » shows the final state with the
percentages. Screenshots: /tmp/donne-shots/phone-*.png."""

from django.urls import reverse

from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Tournament
from tests.builders import enter_all, played
from tests.e2e.browser import BROWSER_MARKS, PHONE, SHOTS, sign_in

pytestmark = BROWSER_MARKS


def _overflow(page) -> list:
    """What sticks out sideways: the page, or a table in its own scroll box (empty when
    nothing does)."""
    return page.evaluate(
        """() => [document.scrollingElement, ...document.querySelectorAll('.table-wrap')]
          .filter(box => box.scrollWidth > box.clientWidth)
          .map(box => [box.className || box.tagName, box.scrollWidth, box.clientWidth])"""
    )


def _on_screen(box) -> bool:
    return box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


def _columns_on_screen(page, table: str, headers: list[str]) -> None:
    """Each needed column's header on screen, and every cell shown within the screen."""
    for header in headers:
        assert _on_screen(page.locator(f"{table} th >> text='{header}'").bounding_box()), header
    cells = page.locator(f"{table} td").all()
    assert cells and all(_on_screen(cell.bounding_box()) for cell in cells if cell.is_visible())


def _finished(world):
    own = Registration.objects.create(tournament=world.tournament, licensee=world.licensee)
    movement = played(world)  # the player and 19 others at 5 tables
    enter_all(world, movement)
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.FINISHED)
    return movement.session, own


def test_a_players_pages_fit_a_phone(page, live_server, world):
    session, own = _finished(world)
    base = live_server.url
    page.set_viewport_size(PHONE)
    sign_in(page, base, world.player)

    page.goto(base + reverse("results:sheet", args=[session.pk, own.pk]))
    page.locator("[data-test=sheet-lines]").wait_for()
    page.screenshot(path=str(SHOTS / "phone-sheet.png"), full_page=True)
    assert _overflow(page) == []
    _columns_on_screen(page, "[data-test=sheet-lines]", ["Étui", "Place", "Score", "Note"])

    final = page.locator("[data-test=sheet-figures]").inner_text()

    page.goto(base + reverse("scoring:my_scores", args=[session.pk]))
    page.locator("[data-test=final-scores]").wait_for()
    page.screenshot(path=str(SHOTS / "phone-my-scores.png"), full_page=True)
    assert _overflow(page) == []
    _columns_on_screen(page, "[data-test=sheet-lines]", ["Étui", "Place", "Score", "Note"])
    assert page.locator("[data-test=sheet-figures]").inner_text() == final  # % final…
    assert "en cours" not in page.locator(".lead").inner_text()

    page.goto(base + reverse("results:session", args=[session.pk]))
    page.locator("[data-test=ranking]").wait_for()
    page.screenshot(path=str(SHOTS / "phone-ranking.png"), full_page=True)
    assert _overflow(page) == []
    _columns_on_screen(page, "[data-test=ranking]", ["Rang", "Nom", "% global"])


def test_the_menu_shows_every_entry_on_a_phone(page, live_server, world):
    """Every entry of the site's menu shows whole on a player's phone, without swiping (a
    few short lines around the site name, the page starting within the first screen), and
    signing out works from there."""
    base = live_server.url
    page.set_viewport_size(PHONE)
    sign_in(page, base, world.player)
    page.goto(base + reverse("tournaments:player_home"))
    page.screenshot(path=str(SHOTS / "phone-menu.png"))
    assert page.locator("header.topbar").bounding_box()["height"] <= 150  # three lines
    assert _overflow(page) == []
    entries = page.locator(".mainnav a, .mainnav button.link")
    assert entries.count() >= 6  # the name signed in among them
    for entry in entries.all():
        box = entry.bounding_box()  # on screen as it is, give or take a pixel's rounding
        assert box["x"] >= -1 and box["x"] + box["width"] <= PHONE["width"] + 1, entry.inner_text()
        assert entry.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), entry.inner_text()
    page.locator("[data-test=logout]").click()
    page.wait_for_url(lambda url: "joueur" not in url)
    assert page.locator("[data-test=logout]").count() == 0
