"""The project's documents opened from the help page, on a laptop and on a phone: the
page never scrolls sideways, its long tables scroll inside it. Screenshots at 1280 and
390 px wide go to /tmp/donne-shots/documents-*.png."""

import pytest
from django.urls import reverse

from tests.e2e.browser import BROWSER_MARKS, PHONE, SHOTS

pytestmark = BROWSER_MARKS


@pytest.mark.parametrize("name", ["architecture", "interpretations", "tournament-file"])
def test_a_document_opens_from_the_help_page_and_fits_a_phone(page, live_server, name):
    page.goto(live_server.url + reverse("results:help"))
    page.click(f"[data-test=documents] a[href$='/{name}/']")
    page.locator("[data-test=document] h1").wait_for()
    page.screenshot(path=SHOTS / f"documents-{name}.png", full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=SHOTS / f"documents-{name}-phone.png")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
