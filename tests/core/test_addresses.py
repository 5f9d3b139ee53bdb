"""The addresses Donne shows start with SITE_URL, the one the room's phones reach
(apps/core/addresses.py), whichever address the referee's browser opened: the code page's
address on the progress page and in the help (the QR codes of the table cards:
tests/movements/test_table_card_qr.py; the projector link: tests/results/
test_display_links.py; the e-mails: tests/approvals/test_emails.py)."""

import pytest
from django.urls import reverse

from tests.builders import table_entry_open

pytestmark = pytest.mark.django_db

SITE = "http://192.168.1.20:8123"
LAPTOP = "127.0.0.1:8000"  # the referee's browser, on the laptop serving the room


def test_the_progress_page_shows_the_code_pages_address(world, login, settings):
    settings.SITE_URL = SITE
    movement = table_entry_open(world)
    url = reverse("scoring:progress", args=[movement.session_id])
    html = login(world.referee).get(url, HTTP_HOST=LAPTOP).content.decode()
    assert f"{SITE}/table/ prend un code tapé à la main" in html
    assert "http://127.0.0.1:8000" not in html


def test_the_help_shows_the_phones_the_code_pages_address(client, settings):
    settings.SITE_URL = SITE
    html = client.get(reverse("results:help"), HTTP_HOST=LAPTOP).content.decode()
    assert f'<a class="mono" href="/table/">{SITE}/table/</a>' in html
