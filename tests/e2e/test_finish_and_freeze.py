"""The end of the evening in a real browser (Debian's chromium): the referee tries to
finish with two lines missing and is told so before anything is asked; states them not
played on « Lignes sans score » (desktop and phone width); finishes; the club submits;
from then on the tournament page, its edit page and the traveller refuse every change.
Screenshots go to /tmp/donne-shots."""

from django.urls import reverse

from apps.scoring.models import Play
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests.builders import enter_all, played
from tests.e2e.browser import BROWSER_MARKS, PHONE, SHOTS, sign_in

pytestmark = BROWSER_MARKS


def _sign_out(page):
    page.click("[data-test=logout]")
    page.wait_for_selector(f'a[href="{reverse("accounts:login")}"]')


def _transition(page, base, tournament, status):
    page.goto(base + reverse("tournaments:detail", args=[tournament.pk]))
    page.click(f'a[data-status="{status}"]')
    page.click("[data-test=confirm]")
    page.wait_for_selector(".messages")


def test_finish_with_missing_lines_then_freeze(page, live_server, world):
    base = live_server.url
    movement = played(world)
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    enter_all(world, movement, skip=2)
    tournament = world.tournament
    session = movement.session

    sign_in(page, base, world.referee)
    page.goto(base + reverse("tournaments:detail", args=[tournament.pk]))
    page.click(f'a[data-status="{Status.FINISHED}"]')
    warnings = page.locator("[data-test=warnings]").inner_text()
    assert "Séance 1 : lignes sans score : 2." in warnings
    assert page.locator("[data-test=confirm]").count() == 0  # nothing to confirm yet
    tournament.refresh_from_db()
    assert tournament.status == Status.RUNNING
    page.screenshot(path=str(SHOTS / "finish-refused.png"), full_page=True)

    page.goto(base + reverse("scoring:progress", args=[session.pk]))
    page.click("[data-test=unsettled]")
    page.wait_for_url(base + reverse("scoring:unsettled", args=[session.pk]))
    assert page.locator("[data-test=not-played-form]").count() == 2
    page.screenshot(path=str(SHOTS / "unsettled.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(SHOTS / "unsettled-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    for _ in range(2):
        form = page.locator("[data-test=not-played-form]").first
        form.locator("input[name=note]").fill("Arrêt faute de temps")
        form.locator("[data-test=not-played]").click()
        page.wait_for_selector(".message.success")
    page.wait_for_selector("[data-test=all-settled]")
    assert Play.objects.filter(not_played=True).count() == 2

    _transition(page, base, tournament, Status.FINISHED)
    tournament.refresh_from_db()
    assert tournament.status == Status.FINISHED
    page.goto(base + reverse("results:session", args=[session.pk]))
    page.wait_for_selector("[data-test=final]")

    _sign_out(page)
    sign_in(page, base, world.club_manager)
    page.goto(base + reverse("tournaments:detail", args=[tournament.pk]))
    page.click("[data-test=submit-homologation]")
    page.click("[data-test=confirm]")
    page.wait_for_selector("[data-test=history]")  # the homologation's page
    tournament.refresh_from_db()
    assert tournament.status == Status.SUBMITTED
    page.goto(base + reverse("tournaments:detail", args=[tournament.pk]))
    page.wait_for_selector("[data-test=frozen]")
    assert (
        page.locator(f'a[href="{reverse("tournaments:edit", args=[tournament.pk])}"]').count() == 0
    )
    page.screenshot(path=str(SHOTS / "frozen-tournament.png"), full_page=True)
    page.goto(base + reverse("tournaments:edit", args=[tournament.pk]))
    page.fill("#id_name", "Nom changé après soumission")
    page.click("form.card button[type=submit]")
    page.wait_for_selector(".errorlist")
    assert "figés" in page.locator(".errorlist").inner_text()
    tournament.refresh_from_db()
    assert tournament.name != "Nom changé après soumission"

    _sign_out(page)
    sign_in(page, base, world.referee)
    page.goto(base + reverse("scoring:traveller", args=[session.pk, 1]))
    page.wait_for_selector("[data-test=frozen]")
    assert page.locator(".score-input:enabled").count() == 0
    page.screenshot(path=str(SHOTS / "frozen-traveller.png"), full_page=True)
