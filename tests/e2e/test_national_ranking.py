"""The national ranking in a real browser (Debian's chromium): federation staff compute
the season's ranking and see its progress finish, publish it after a confirmation, set a
séries rule, review the proposal and apply it; the player finds their rank on their home,
their seasons' chart on their page, and searches the list on a phone. Screenshots
(desktop and 390 px) go to /tmp/donne-shots."""

import datetime

from django.urls import reverse

from apps.federation.models import Licensee, Season
from apps.rankings import services
from apps.rankings.models import Publication
from tests import factories as f
from tests.e2e.browser import BROWSER_MARKS, SHOTS, sign_in
from tests.rankings.awarded import approval_record, approved_with_awards

pytestmark = BROWSER_MARKS


def _season_with_awards(world):
    old = Season.objects.create(start_year=2025)
    Season.objects.create(start_year=2026, is_current=True)
    field = {world.licensee: (1200, 40), world.other_licensee: (900, 20)}
    for i in range(12):
        field[f.LicenseeFactory(club=world.club, last_name=f"Membre{i:02d}")] = (800 - 50 * i, 5)
    approval_record(world, approved_with_awards(world, field))
    approval_record(
        world,
        approved_with_awards(
            world,
            {world.licensee: (400, 0), world.other_licensee: (700, 0)},
            date=datetime.date(2025, 11, 8),
        ),
    )
    return old


def _shoot(page, name):
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / f"{name}-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})


def test_staff_compute_publish_and_move_series_then_a_player_reads_it(page, live_server, world):
    base = live_server.url
    old = _season_with_awards(world)
    services.ranking_publish(actor=world.federation_staff, season=old)

    sign_in(page, base, world.federation_staff)
    page.goto(base + reverse("rankings:staff", args=[2026]))
    page.click("[data-test=compute]")
    page.wait_for_selector(".message.success")
    assert page.locator("[data-test=run-state]").first.inner_text() == "terminé"
    assert page.locator("progress").first.get_attribute("value") == "100"

    page.click("[data-test=publish]")
    page.click("[data-test=confirm]")
    page.wait_for_selector(".message.success")
    assert "14 ajoutés" in page.locator(".message.success").inner_text()
    assert Publication.objects.filter(season__start_year=2026).count() == 1

    page.select_option("#id_rules-0-series", "2")
    page.select_option("#id_rules-0-purpose", "enter")
    page.select_option("#id_rules-0-measure", "pcn")
    page.fill("#id_rules-0-threshold", "1000")
    page.click("[data-test=save-rules]")
    page.wait_for_selector(".message.success")
    page.click("[data-test=propose]")
    page.wait_for_selector("[data-test=changes]")
    assert "PCN ≥ 1000 (PCN 1200)" in page.locator("[data-test=changes]").inner_text()
    _shoot(page, "ranking-proposal")
    page.click("[data-test=apply]")
    page.click("[data-test=confirm]")
    page.wait_for_selector(".message.success")
    assert Licensee.objects.get(pk=world.licensee.pk).series == "2"
    _shoot(page, "ranking-staff")
    page.click("[data-test=logout]")

    sign_in(page, base, world.player)
    page.goto(base + reverse("tournaments:player_home"))
    assert "1er" in page.locator("[data-test=my-rank]").inner_text()
    page.click("text=Mes saisons")
    page.wait_for_selector("[data-test=chart]")
    page.wait_for_load_state()
    assert page.locator("[data-test=seasons] tbody tr").count() == 2
    _shoot(page, "ranking-player")

    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base + reverse("rankings:published", args=[2026]))
    page.fill("#id_q", "membre0")
    page.click("[data-test=filters] button[type=submit]")
    page.wait_for_selector("[data-test=ranking]")
    page.wait_for_load_state()
    assert page.locator("[data-test=ranking] tbody tr").count() == 10
    for header in ("Rang", "Joueur", "PCN", "PP"):  # the key columns stay on screen
        box = page.locator(f"[data-test=ranking] th >> text='{header}'").bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390, header
    page.screenshot(path=str(SHOTS / "ranking-list-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(base + reverse("rankings:published", args=[2026]))
    assert page.locator("tr.me").count() == 1
    page.screenshot(path=str(SHOTS / "ranking-list.png"), full_page=True)
