"""What every browser test shares: Debian's chromium (never a downloaded one), the marks,
where screenshots go, and signing in."""

from pathlib import Path

import pytest
from django.urls import reverse

from tests import factories as f

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path("/tmp/donne-shots")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

BROWSER_MARKS = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        not CHROMIUM.exists(), reason="Debian's chromium is not installed at /usr/bin/chromium"
    ),
]


def sign_in(page, base, user):
    page.goto(base + reverse("accounts:login"))
    page.fill("#id_username", user.username)
    page.fill("#id_password", f.PASSWORD)
    page.click("form.form button[type=submit]")
    page.wait_for_selector("[data-test=logout]")


def swaps_settled(page):
    """htmx has taken in hand what it swapped in (20 ms after a swap): until then a form
    swapped in would post the plain way and reload the page."""
    page.wait_for_function("() => !document.querySelector('.htmx-added, .htmx-settling')")


PHONE = {"width": 390, "height": 844}  # a phone's screen, in CSS pixels


def table_phone(browser, url):
    """A phone of its own (a browser context) opened on a table's page."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    phone = context.new_page()
    phone.set_default_timeout(10_000)
    phone.goto(url)
    phone.locator("[data-test=table-page]").wait_for()
    return phone
