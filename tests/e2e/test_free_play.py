"""A free-play tarot evening in a real browser: the referee draws the round's tables, then
writes two deals on a table of five through the form (one taker with a partner, one
alone) and reads totals that sum to zero. Screenshots at 1280 and 390 px wide go to
/tmp/donne-shots."""

from django.urls import reverse

from apps.federation.models import Role
from apps.games.models import FreeDeal, FreeTable
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests import factories as f
from tests.e2e.browser import BROWSER_MARKS, SHOTS, sign_in
from tests.factories import register

pytestmark = BROWSER_MARKS


def test_an_evening_of_free_play_tarot(page, live_server):
    base = live_server.url
    club = f.ClubFactory()
    referee = f.UserFactory(username="arbitre")
    f.RoleFactory(user=referee, role=Role.REFEREE)
    tournament = f.TournamentFactory(
        club=club, game=Tournament.Game.FREE_TAROT, status=Status.RUNNING, name="Tarot libre"
    )
    f.RefereeAssignmentFactory(tournament=tournament, referee=referee)
    register(tournament, 10)

    sign_in(page, base, referee)
    page.goto(base + reverse("tournaments:detail", args=[tournament.pk]))
    page.click("[data-test=game-link]")
    page.click("[data-test=draw]")
    page.wait_for_selector("[data-test=round-1]")
    table = FreeTable.objects.get(tournament=tournament, number=1)
    players = [seat.registration for seat in table.seats.order_by("order")]
    page.click(f'a[href="{reverse("games:free_table", args=[table.pk])}"]')

    page.select_option("#id_taker", str(players[0].pk))
    page.select_option("#id_partner", str(players[1].pk))
    page.select_option("#id_contract", "garde")
    page.fill("#id_bouts", "2")
    page.fill("#id_points", "45")
    page.click("[data-test=deal-add]")
    page.wait_for_selector("[data-test=sheet]")
    page.select_option("#id_taker", str(players[2].pk))
    page.select_option("#id_contract", "prise")
    page.fill("#id_bouts", "3")
    page.fill("#id_points", "40")
    page.click("[data-test=deal-add]")
    page.wait_for_function("document.querySelectorAll('[data-test=sheet] tbody tr').length === 2")
    page.wait_for_load_state()
    totals = page.locator("[data-test=totals] td:not(.optional)").all_inner_texts()
    assert sum(int(total) for total in totals) == 0
    assert FreeDeal.objects.filter(table=table).count() == 2
    page.screenshot(path=str(SHOTS / "free-table.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "free-table-390.png"), full_page=True)
