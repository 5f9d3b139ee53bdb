"""The room on the club's network in a real browser (Debian's chromium): the server bound to
every interface, as `make run ADDRESS=0.0.0.0:8000` binds it (config/served_address.py),
answers the phones through the laptop's local-network address. The referee prints the
table cards from the laptop's own browser (127.0.0.1); the QR code read from the PDF opens
the table's page on a phone through the local-network address, the help shows the phones
the code page at that address, and a player signs in from a phone over plain HTTP.
Screenshots go to /tmp/donne-shots."""

import pytest
from django.urls import reverse
from pytest_django.live_server_helper import LiveServer

from apps.movements.printing import Printout
from config.served_address import ServedAddress, is_loopback
from tests import factories as f
from tests.builders import table_entry_open
from tests.e2e.browser import BROWSER_MARKS, PHONE, SHOTS, sign_in, table_phone
from tests.pdf import pdf_qr_codes

pytestmark = BROWSER_MARKS


@pytest.fixture
def room_server(settings):
    """A server bound to every interface, with the settings `make run` derives for it:
    every host answered, the laptop's local-network address shown, DEBUG off."""
    server = LiveServer("0.0.0.0:0")
    served = ServedAddress("0.0.0.0", server.thread.port)
    settings.ALLOWED_HOSTS = served.hosts
    settings.SITE_URL = served.site_url()
    settings.DEBUG = False
    yield served
    server.stop()


def test_a_phone_opens_the_room_through_the_laptops_address(page, room_server, world, settings):
    movement = table_entry_open(world)
    lan = settings.SITE_URL
    assert not is_loopback(lan.removeprefix("http://").rpartition(":")[0]), lan
    laptop = f"http://127.0.0.1:{room_server.port}"  # the referee's browser, on the laptop

    sign_in(page, laptop, world.referee)
    cards = reverse("movements:printout", args=[movement.session_id, Printout.TABLE_CARDS])
    printed = page.context.request.get(laptop + cards)
    assert printed.ok and printed.headers["content-type"] == "application/pdf"
    read = pdf_qr_codes(printed.body())
    assert len(read) == 5 and all(url.startswith(f"{lan}/table/") for url in read), read

    phone = table_phone(page.context.browser, read[0])  # the QR code scanned
    assert phone.url == read[0]
    assert "Position 1" in phone.locator("[data-test=position]").inner_text()
    phone.screenshot(path=str(SHOTS / "room-network-phone-table.png"), full_page=True)

    phone.goto(lan + reverse("results:help") + "#a-la-table")
    address = phone.locator("[data-test=table-code-address] a")
    assert address.inner_text() == f"{lan}/table/"
    phone.screenshot(path=str(SHOTS / "room-network-phone-help.png"))

    progress = reverse("scoring:progress", args=[movement.session_id])
    page.goto(laptop + progress)
    assert f"{lan}/table/" in page.locator("main").inner_text()
    page.screenshot(path=str(SHOTS / "room-network-laptop-progress.png"))

    player = page.context.browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    signing = player.new_page()
    signing.goto(lan + reverse("accounts:login"))
    signing.fill("#id_username", world.player.username)
    signing.fill("#id_password", f.PASSWORD)
    signing.click("form.form button[type=submit]")
    signing.wait_for_load_state()
    assert signing.url.startswith(lan) and reverse("accounts:login") not in signing.url
    assert signing.locator("[data-test=logout]").count() == 1  # signed in over plain HTTP
    player.close()
