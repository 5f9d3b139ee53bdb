"""The ranking's withheld lines in a real browser (Debian's chromium): federation staff
compute the season's ranking, read on its preview the line above the tables with why,
and restore it with a reason; the ranking computed again counts it. Screenshots (desktop
and 390 px) go to /tmp/donne-shots."""

import datetime

from django.urls import reverse

from apps.awards.models import Award, AwardSet
from apps.federation.models import Season
from apps.rankings.models import LineRestoration, RankingRow
from apps.tournaments.domain.workflow import Status
from tests import factories as f
from tests.e2e.browser import BROWSER_MARKS, PHONE, SHOTS, sign_in
from tests.rankings.awarded import approval_record, approved_with_awards

pytestmark = BROWSER_MARKS


def _shoot(page, name):
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(SHOTS / f"{name}-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def _award_above_the_tables(world):
    """An approved tournament of 12 players whose award was written straight through the
    models: 999999 PCN for the world's player."""
    tournament = f.TournamentFactory(
        club=world.club, status=Status.APPROVED, date=datetime.date(2026, 10, 10)
    )
    for _i in range(11):
        f.RegistrationFactory(tournament=tournament)
    registration = f.RegistrationFactory(tournament=tournament, licensee=world.licensee)
    award_set = AwardSet.objects.create(tournament=tournament, state="done")
    Award.objects.create(
        award_set=award_set,
        registration=registration,
        licensee=world.licensee,
        pcn=999999,
        pp=0,
        reason="",
    )
    return tournament


def test_staff_read_a_withheld_line_on_the_preview_and_restore_it(page, live_server, world):
    base = live_server.url
    Season.objects.create(start_year=2026, is_current=True)
    approval_record(
        world,
        approved_with_awards(world, {world.licensee: (300, 10), world.other_licensee: (200, 5)}),
    )
    tournament = _award_above_the_tables(world)

    sign_in(page, base, world.federation_staff)
    page.goto(base + reverse("rankings:staff", args=[2026]))
    assert "Aucune ligne retenue." in page.locator("[data-test=withheld]").inner_text()
    page.click("[data-test=compute]")
    page.wait_for_selector(".message.success")
    line = page.locator("[data-test=withheld-line]")
    assert line.count() == 1
    text = line.inner_text()
    assert world.licensee.last_name.upper() in text and world.licensee.licence_number in text
    assert tournament.name in text and "999999" in text
    why = page.locator("[data-test=why]").inner_text()
    assert "Au-delà des tables" in why and "au-delà de ce que les tables donnent" in why
    assert RankingRow.objects.get(licensee=world.licensee).pcn == 300
    _shoot(page, "ranking-withheld")
    page.set_viewport_size(PHONE)
    section = page.locator("#withheld").bounding_box()
    assert section["x"] + section["width"] <= PHONE["width"]  # no line cut on a phone
    page.set_viewport_size({"width": 1280, "height": 900})

    page.click("[data-test=publish]")
    warning = page.locator("[data-test=warnings]")
    assert "1 ligne retenue par le dernier calcul ne compte pas" in warning.inner_text()
    _shoot(page, "ranking-withheld-publish")
    page.click("text=Annuler")

    page.click("[data-test=restore]")
    assert "999999 PCN" in page.locator(".question").inner_text()
    page.fill("#id_reason", "Indice accordé par courrier de la fédération.")
    _shoot(page, "ranking-withheld-restore")
    page.click("[data-test=confirm]")
    page.wait_for_selector(".message.success")
    assert "La ligne est rétablie" in page.locator(".message.success").inner_text()
    assert LineRestoration.objects.get().licensee == world.licensee
    page.reload()
    assert "Aucune ligne retenue." in page.locator("[data-test=withheld]").inner_text()
    assert RankingRow.objects.filter(licensee=world.licensee).latest("pk").pcn == 999999 + 300
