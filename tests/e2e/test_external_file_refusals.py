"""A committee refusing impossible claims in a real browser, at 1280 and 390 px: a file of
other software whose twelve licensees each claim 999 999 PCN, then one declaring sessions
« 12, 13 » for its twelve licensees, are refused on « Recevoir un fichier FFT » with their
reason and nothing received; a file received once is refused the second time with a link
to the first. Screenshots go to /tmp/donne-shots."""

import datetime

import pytest
from django.urls import reverse
from django.utils import timezone

from apps.approvals.models import Homologation
from apps.federation.domain.seasons import season_of
from apps.federation.models import Season
from tests import factories as f
from tests.e2e.browser import BROWSER_MARKS, PHONE, SHOTS, sign_in
from tests.e2e.external_files import awards_sheet, external_send

pytestmark = BROWSER_MARKS

WIDE = {"width": 1280, "height": 900}


def _refusal(page, shot: str) -> str:
    """The refusal's text, once shown; the page no wider than the screen."""
    errors = page.locator("[data-test=errors]")
    errors.wait_for()
    errors.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / shot), full_page=True)
    width = page.viewport_size["width"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    return errors.inner_text()


@pytest.mark.parametrize("screen", [WIDE, PHONE], ids=["1280", "390"])
def test_a_committee_is_refused_impossible_claims_and_a_file_twice(
    page, live_server, world, screen
):
    base = live_server.url
    day = timezone.localdate() - datetime.timedelta(days=1)
    Season.objects.create(start_year=season_of(day).start_year, is_current=True)
    f.LicenseeFactory(licence_number="7007007", referee_grade="club", club=world.club)
    twelve = f.LicenseeFactory.create_batch(12)
    page.set_viewport_size(screen)
    sign_in(page, base, world.committee_staff)
    size = screen["width"]

    greedy = awards_sheet([(player, 999_999, 0) for player in twelve])
    external_send(page, base, world.club, greedy, day, sessions="12")
    said = _refusal(page, f"external-refused-pcn-{size}.png")
    assert said.startswith("Rien n'a été reçu.")
    assert "Attribution : PCN 999999 déclarés pour 12 joueurs" in said
    assert Homologation.objects.count() == 0
    # The page says the same results are received once, whatever their date.
    assert "reçus une seule fois, quels que soient leur date" in page.content()

    modest = awards_sheet([(player, 0, 0) for player in twelve])
    external_send(page, base, world.club, modest, day, sessions="12, 13")
    said = _refusal(page, f"external-refused-sessions-{size}.png")
    assert "13 joueurs déclarés pour une séance, plus que le fichier n'en nomme" in said
    assert page.input_value("#id_session_players") == "12, 13"  # kept, to correct
    assert Homologation.objects.count() == 0

    # A file received once, then the same again: refused with a link to the first.
    three = awards_sheet(zip(twelve[:3], (560, 403, 290), (0, 0, 0), strict=True))
    external_send(page, base, world.club, three, day, sessions="28", guests=25)
    page.wait_for_selector("[data-test=correct-form]", state="attached")
    held = Homologation.objects.get()
    external_send(page, base, world.club, three, day, sessions="28", guests=25)
    said = _refusal(page, f"external-refused-existing-{size}.png")
    assert "Tournoi du jeudi" in said
    page.click("[data-test=existing]")
    page.wait_for_url(base + reverse("approvals:homologation", args=[held.pk]))
    assert Homologation.objects.count() == 1
