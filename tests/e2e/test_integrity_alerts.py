"""The integrity alerts in a real browser (Debian's chromium): the committee's inbox shows
a tournament's alerts with their evidence (a player seen the same day in another club, a
score far from every other of its étui); the officer notes why one is fine from the
tournament's homologation page, and still passes it on. Screenshots at 1280 and 390 px go
to /tmp/donne-shots."""

import datetime

from django.urls import reverse
from django.utils import timezone

from apps.approvals.models import AlertNote, Homologation
from tests.builders import tournament_with_lines, waiting_homologation
from tests.e2e.browser import BROWSER_MARKS, SHOTS, sign_in

pytestmark = BROWSER_MARKS

DAY = timezone.localdate() - datetime.timedelta(days=10)
LINES = {etui: [56, 62, -52, 70] for etui in range(1, 6)}


def _shots(page, name):
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / f"{name}-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def test_the_committee_sees_the_alerts_and_notes_why_one_is_fine(page, live_server, world):
    base = live_server.url
    mine = tournament_with_lines(
        world.club, day=DAY, lines={**LINES, 3: [56, 62, -52, 410]}, name="Régularité du jeudi"
    )
    anne = mine.registrations.select_related("licensee").first().licensee
    tournament_with_lines(
        world.other_club, day=DAY, lines=LINES, licensees=[anne], name="Tournoi de Brest"
    )
    homologation = waiting_homologation(mine)

    sign_in(page, base, world.committee_staff)
    page.goto(base + reverse("approvals:inbox"))
    page.click("[data-test=alerts] summary")
    same_day = page.locator("[data-test=alert-same_day]")
    assert anne.licence_number in same_day.inner_text()
    assert same_day.locator("[data-test=alert-link]").inner_text() == "Tournoi de Brest"
    assert "410" in page.locator("[data-test=alert-lone_score]").inner_text()
    _shots(page, "alerts-inbox-committee")

    page.click("text=Régularité du jeudi")
    lone = page.locator("#alerts [data-test=alert-lone_score]")
    lone.locator("textarea").fill("Chelem annoncé et réussi, vérifié sur la fiche ambulante.")
    lone.locator("[data-test=note-alert]").click()
    page.wait_for_selector(".message.success")
    page.wait_for_load_state()
    lone = page.locator("#alerts [data-test=alert-lone_score]")
    assert lone.locator("[data-test=noted]").is_visible()
    assert "vérifié sur la fiche ambulante" in lone.locator("[data-test=alert-note]").inner_text()
    _shots(page, "alerts-noted")
    assert AlertNote.objects.get().noted_by == world.committee_staff

    # The alert left unnoted does not block: the tournament is passed on.
    page.goto(base + reverse("approvals:inbox"))
    page.check('input[aria-label="Régularité du jeudi"]')
    page.click("[data-test=pass-on]")
    page.wait_for_selector(".message.success")
    assert Homologation.objects.get(pk=homologation.pk).level == "zone"
