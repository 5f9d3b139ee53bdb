"""The club manager's evening, in a real browser (Debian's chromium, never a downloaded one).

Sign in, create a tournament, open registration after confirming, find a player by
typing part of the name, register them without a page reload, sign out. Screenshots
of the club area, the tournament page and the federation area go to /tmp/donne-shots.
"""

import datetime

from django.urls import reverse

from apps.federation.models import Role
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Tournament
from tests import factories as f
from tests.e2e.browser import BROWSER_MARKS, SHOTS, sign_in, swaps_settled

pytestmark = BROWSER_MARKS


def _user(role, **scope):
    user = f.UserFactory(username=role, first_name="Claude", last_name="Bénévole")
    f.RoleFactory(user=user, role=role, **scope)
    return user


def _sign_out(page):
    page.click("[data-test=logout]")
    page.wait_for_selector(f'a[href="{reverse("accounts:login")}"]')


def test_club_manager_creates_opens_and_registers(page, live_server):
    base = live_server.url
    club = f.ClubFactory(name="Tarot Club Lyonnais")
    f.LicenseeFactory(club=club, last_name="Fontaine", first_name="Sylvie")
    other, *_rest = f.LicenseeFactory.create_batch(4, club=club)
    manager = _user(Role.CLUB_MANAGER, club=club)
    staff = _user(Role.FEDERATION_STAFF)

    sign_in(page, base, manager)
    assert page.url == base + reverse("tournaments:club_home")

    page.click(f'a[href="{reverse("tournaments:create")}"]')
    page.fill("#id_name", "Tournoi du jeudi soir")
    page.fill("#id_date", (datetime.date.today() + datetime.timedelta(days=10)).isoformat())
    page.fill("#id_venue", "Salle Voltaire")
    page.fill("#id_sessions", "2")
    page.click("form.card button[type=submit]")
    tournament = Tournament.objects.get(name="Tournoi du jeudi soir")
    page.wait_for_url(base + reverse("tournaments:detail", args=[tournament.pk]))

    page.click(f'a[data-status="{Status.REGISTRATION_OPEN}"]')
    page.wait_for_selector("[data-test=confirm]")
    tournament.refresh_from_db()
    assert tournament.status == Status.DRAFT  # nothing changes before confirming
    page.click("[data-test=confirm]")
    page.wait_for_selector("#registration-q")
    page.wait_for_load_state()  # htmx searches only once it has started
    tournament.refresh_from_db()
    assert tournament.status == Status.REGISTRATION_OPEN

    page.evaluate("window.sameDocument = true")
    page.locator("#registration-q").press_sequentially("fonta", delay=60)
    page.locator("#search-results [data-test=register]").first.wait_for()
    swaps_settled(page)
    page.locator("#search-results [data-test=register]").first.click()
    page.locator("#registrations").get_by_role("cell", name="FONTAINE Sylvie").wait_for()
    page.locator("#search-results [data-test=register]").wait_for(state="detached")
    assert page.evaluate("window.sameDocument") is True  # no page reload
    assert Registration.objects.filter(tournament=tournament).count() == 1
    # The box has the cursor again; a licence number and Enter register its one match.
    page.wait_for_function("() => document.activeElement.id === 'registration-q'")
    page.keyboard.type(other.licence_number)
    # The search for the whole number has answered (not one of its first digits).
    searched = f'#search-results input[name=q][value="{other.licence_number}"]'
    page.locator(searched).first.wait_for(state="attached")
    page.keyboard.press("Enter")
    page.locator("#registrations").get_by_role("cell", name=other.full_name).wait_for()
    assert Registration.objects.filter(tournament=tournament).count() == 2
    page.wait_for_function("() => document.activeElement.id === 'registration-q'")
    page.screenshot(path=str(SHOTS / "tournament-page.png"), full_page=True)
    page.click(f'nav a[href="{reverse("tournaments:club_home")}"]')
    page.get_by_role("link", name="Tournoi du jeudi soir").wait_for()
    page.screenshot(path=str(SHOTS / "club-area.png"), full_page=True)
    _sign_out(page)

    sign_in(page, base, staff)
    page.goto(base + reverse("federation:home"))
    page.screenshot(path=str(SHOTS / "federation-area.png"), full_page=True)
    _sign_out(page)
