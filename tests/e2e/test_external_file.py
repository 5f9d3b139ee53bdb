"""A file from other software in a real browser, on a phone (390 px): the committee receives
it with its referee, is told the same file again is already received (with a link to it),
and corrects its date with a reason from the tournament's page. Screenshots go to
/tmp/donne-shots."""

import datetime

from django.urls import reverse
from django.utils import timezone

from apps.approvals.models import Homologation
from apps.core.models import AuditLog
from apps.federation.domain.seasons import season_of
from apps.federation.models import Season
from tests import factories as f
from tests.e2e.browser import BROWSER_MARKS, SHOTS, sign_in
from tests.e2e.external_files import awards_sheet, external_send

pytestmark = BROWSER_MARKS


def test_a_committee_receives_a_file_once_and_corrects_it_on_a_phone(page, live_server, world):
    base = live_server.url
    day = timezone.localdate() - datetime.timedelta(days=1)
    Season.objects.create(start_year=season_of(day).start_year, is_current=True)
    f.LicenseeFactory(licence_number="7007007", referee_grade="club", club=world.club)
    players = [world.licensee, world.other_licensee, f.LicenseeFactory()]
    content = awards_sheet(zip(players, (560, 403, 290), (0, 0, 0), strict=True))
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, base, world.committee_staff)

    external_send(page, base, world.club, content, day, sessions="28", guests=25)
    page.wait_for_selector("[data-test=correct-form]", state="attached")
    held = Homologation.objects.get()
    page.screenshot(path=str(SHOTS / "external-received-390.png"), full_page=True)

    external_send(page, base, world.club, content, day, sessions="28", guests=25)
    page.wait_for_selector("[data-test=existing]")
    page.screenshot(path=str(SHOTS / "external-already-received-390.png"), full_page=True)
    page.click("[data-test=existing]")
    page.wait_for_url(base + reverse("approvals:homologation", args=[held.pk]))
    assert Homologation.objects.count() == 1

    page.click("#correct summary")
    page.fill("#correct #id_date", (day - datetime.timedelta(days=1)).isoformat())
    page.fill("#correct #id_reason", "Le bordereau dit mercredi.")
    page.click("[data-test=correct]")
    page.wait_for_selector(".message.success")
    held.refresh_from_db()
    assert held.date == day - datetime.timedelta(days=1)
    assert AuditLog.objects.filter(
        content_type__model="homologation", object_id=held.pk, action="update"
    ).exists()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
