"""The homologation chain in a real browser (Debian's chromium): a finished tournament
sent by its club is passed on by the committee from its inbox, then by the zone, and
approved by the federation from the tournament's homologation page. Screenshots of the
inboxes (desktop and 390 px) go to /tmp/donne-shots."""

from django.urls import reverse

from apps.approvals import services
from apps.approvals.models import Homologation
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from apps.tournaments.services import tournament_transition
from tests.builders import enter_all, played
from tests.e2e.browser import BROWSER_MARKS, SHOTS, sign_in

pytestmark = BROWSER_MARKS


def _sign_out(page):
    page.click("[data-test=logout]")
    page.wait_for_selector(f'a[href="{reverse("accounts:login")}"]')


def _pass_on_from_inbox(page, base, user, name):
    sign_in(page, base, user)
    page.goto(base + reverse("approvals:inbox"))
    page.check(f'input[aria-label="{name}"]')
    page.click("[data-test=pass-on]")
    page.wait_for_selector(".message.success")
    _sign_out(page)


def test_committee_zone_and_federation_through_their_inboxes(page, live_server, world):
    base = live_server.url
    movement = played(world, tables=5)
    enter_all(world, movement, seed=31)
    for status in (Status.RUNNING, Status.FINISHED):
        tournament_transition(actor=world.referee, tournament=world.tournament, status=status)
    services.tournament_submit(actor=world.club_manager, tournament=world.tournament)
    name = world.tournament.name

    sign_in(page, base, world.committee_staff)
    page.goto(base + reverse("approvals:inbox"))
    page.wait_for_selector(f"[data-test=waiting] >> text={name}")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "inbox-committee.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "inbox-committee-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    _sign_out(page)
    _pass_on_from_inbox(page, base, world.committee_staff, name)
    assert Homologation.objects.get().level == "zone"
    _pass_on_from_inbox(page, base, world.zone_manager, name)
    assert Homologation.objects.get().level == "federation"

    sign_in(page, base, world.federation_staff)
    page.goto(base + reverse("approvals:inbox"))
    page.click(f"[data-test=waiting] >> text={name}")
    page.wait_for_selector("[data-test=history]")
    page.screenshot(path=str(SHOTS / "homologation-federation.png"), full_page=True)
    page.click("[data-test=step-approve]")
    page.wait_for_selector(".message.success")
    page.wait_for_load_state()
    assert Tournament.objects.get(pk=world.tournament.pk).status == Status.APPROVED
    assert page.locator("[data-test=history] tbody tr").count() == 4
