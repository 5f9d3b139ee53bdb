"""A player's own pages follow the room on their phone (Debian's chromium, 390 px), never
reloaded by hand: « Où je joue » on their home shows the next table when the referee calls
the next position, « Mes scores » shows a score as soon as their table's is recorded, and
once play is over the page reloads itself to the final state. The polls run every second
here (settings); the production rate is tested with the views (tests/movements,
tests/scoring). Screenshots: /tmp/donne-shots/player-live-*.png."""

from django.urls import reverse

from apps.movements.models import Place
from apps.scoring.services import play_score_set
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Tournament
from tests.builders import advance_to, generate
from tests.e2e.browser import BROWSER_MARKS, PHONE, SHOTS, sign_in

pytestmark = BROWSER_MARKS
MARK = "() => { window.notReloaded = true; }"
STILL = "() => window.notReloaded === true"


def _own_table(world, position):
    return Place.objects.get(registration__licensee=world.licensee, table__position=position).table


def test_a_players_pages_follow_the_room(page, live_server, world, settings):
    settings.PLAYER_POLL_SECONDS = 1
    Registration.objects.create(tournament=world.tournament, licensee=world.licensee)
    movement = generate(world, 19)
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    movement = advance_to(world, movement, 1)
    base = live_server.url
    page.set_viewport_size(PHONE)
    sign_in(page, base, world.player)

    page.goto(base + reverse("tournaments:player_home"))
    page.evaluate(MARK)
    now = page.locator("[data-test=where-i-play] [data-test=now]")
    assert f"Table {_own_table(world, 1).table} " in now.inner_text()
    advance_to(world, movement, 2)
    next_table = f"Table {_own_table(world, 2).table} "
    page.wait_for_function(
        "text => document.querySelector('[data-test=now]').innerText.includes(text)",
        arg=next_table,
    )
    assert "position 2" in now.inner_text() and page.evaluate(STILL)
    page.screenshot(path=str(SHOTS / "player-live-home.png"), full_page=True)

    page.locator("[data-test=my-scores-link]").click()
    page.locator("[data-test=position-in-play]").wait_for()
    page.evaluate(MARK)
    own = _own_table(world, 2)
    play_score_set(actor=world.referee, table=own, etui=own.etuis[0], score=-104)
    page.wait_for_function(
        "() => document.querySelector('[data-test=my-scores]')?.innerText.includes('104')"
    )
    assert page.evaluate(STILL)
    page.screenshot(path=str(SHOTS / "player-live-scores.png"), full_page=True)

    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.FINISHED)
    page.wait_for_function("() => window.notReloaded !== true")  # reloaded by the poll
    page.locator("[data-test=position-in-play]").wait_for(state="detached")
