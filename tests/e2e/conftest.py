"""The chromium page fixture of the browser tests."""

import pytest
from django.db import connections

from tests.e2e.browser import CHROMIUM, CHROMIUM_ARGS, SHOTS


@pytest.fixture
def page(live_server, monkeypatch):
    """A chromium page; the ORM may run beside Playwright's event loop in this thread."""
    from playwright.sync_api import sync_playwright

    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
        )
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.set_default_timeout(10_000)
        yield page
        # While Playwright's loop runs, the ORM keeps a connection of its own: close it.
        connections.close_all()
        browser.close()
