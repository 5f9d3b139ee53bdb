"""The referee types a traveller, in a real browser (Debian's chromium, never a downloaded
one), with the keyboard only: a score and Enter saves the line without a page reload and
readies the next one; a refused score keeps the focus and shows why; Page Down opens the
next étui, where D opens the deal's details and shows their score before Enter saves it
(from a list of the details too), the score box then showing it; a link to a line puts
the cursor on it.
Screenshots of the traveller, the details and the progress go to /tmp/donne-shots.
"""

from django.urls import reverse

from apps.movements import services as movement_services
from apps.scoring.models import Play
from apps.tournaments.models import Registration
from tests import factories as f
from tests.e2e.browser import BROWSER_MARKS, SHOTS, sign_in, swaps_settled

SCORES = ["56", "62", "-56", "-52", "50"]

pytestmark = BROWSER_MARKS


def _room():
    """A 5-table tournament refereed by a referee, every position in play."""
    referee = f.UserFactory(username="arbitre", first_name="Claude", last_name="Arbitre")
    f.RoleFactory(user=referee)
    tournament = f.TournamentFactory(name="Tournoi du jeudi soir")
    f.RefereeAssignmentFactory(tournament=tournament, referee=referee)
    Registration.objects.bulk_create(
        Registration(tournament=tournament, licensee=licensee)
        for licensee in f.LicenseeFactory.create_batch(20, club=tournament.club)
    )
    movement = movement_services.movement_generate(
        actor=referee, session=tournament.sessions.get(), seed=7
    )
    for _position in range(movement.positions):
        movement = movement_services.movement_advance(
            actor=referee, movement=movement, from_position=movement.current_position
        )
    return referee, movement.session


def _focused_line(page) -> str:
    return page.evaluate("document.activeElement.closest('tbody')?.id || ''")


def test_referee_types_a_traveller_with_the_keyboard(page, live_server):
    base = live_server.url
    referee, session = _room()
    sign_in(page, base, referee)
    page.goto(base + reverse("scoring:traveller", args=[session.pk, 1]))
    lines = page.locator("#traveller tbody.entry-line")
    assert lines.count() == 5
    page.evaluate("window.sameDocument = true")

    first = lines.nth(0).get_attribute("id")
    lines.nth(0).locator(".score-input:focus").wait_for()  # the first line awaits its score
    page.keyboard.type("57")
    page.keyboard.press("Enter")
    lines.nth(0).locator("[data-test=refused]").wait_for()
    swaps_settled(page)
    assert _focused_line(page) == first  # refused: the typed value stays, in focus
    assert lines.nth(0).locator(".score-input").input_value() == "57"
    page.screenshot(path=str(SHOTS / "entry-refused.png"))
    page.keyboard.press("Control+A")

    for index, score in enumerate(SCORES):
        page.keyboard.type(score)
        page.keyboard.press("Enter")
        lines.nth(index).locator("[data-test=saved]").wait_for()
        if index + 1 < len(SCORES):
            page.wait_for_function(
                "id => document.activeElement.closest('tbody')?.id === id",
                arg=lines.nth(index + 1).get_attribute("id"),
            )
    assert page.evaluate("window.sameDocument") is True  # no page reload
    stored = Play.objects.filter(etui=1).order_by("table__sequence")
    assert [str(play.score) for play in stored] == SCORES
    page.screenshot(path=str(SHOTS / "entry.png"), full_page=True)

    page.keyboard.press("PageDown")
    page.wait_for_url(base + reverse("scoring:traveller", args=[session.pk, 2]))
    line = page.locator("#traveller tbody.entry-line").first
    line.locator(".score-input:focus").wait_for()
    page.keyboard.press("d")  # the deal's details: 2 bouts, 44.5 points, a simple poignée
    page.keyboard.type("2")
    page.keyboard.press("Tab")
    page.keyboard.type("44,5")
    page.keyboard.press("Tab")
    page.keyboard.type("1")
    line.locator("[data-test=preview]", has_text="= 78").wait_for()
    page.keyboard.press("Enter")
    line.locator("[data-test=saved]").wait_for()
    assert Play.objects.get(etui=2, table__sequence=1).score == 2 * (25 + 4) + 20
    assert line.locator(".score-input").input_value() == "78"  # the details' score shows
    page.screenshot(path=str(SHOTS / "entry-details.png"), full_page=True)

    # Enter from a list of the details saves too (2 bouts, 40 points, petit au bout lost).
    second = page.locator("#traveller tbody.entry-line").nth(1)
    second.locator(".score-input:focus").wait_for()  # the saving readied the next line
    page.keyboard.press("d")
    page.keyboard.type("2")
    page.keyboard.press("Tab")
    page.keyboard.type("40")
    petit = second.locator("select").first
    petit.select_option("defense")
    petit.focus()
    page.keyboard.press("Enter")
    second.locator("[data-test=saved]").wait_for()
    assert Play.objects.get(etui=2, table__sequence=2).score == -2 * (25 + 1 + 10)

    # A link to a line (from the mismatches) puts the cursor on that line.
    third = page.locator("#traveller tbody.entry-line").nth(2).get_attribute("id")
    page.goto(base + reverse("scoring:progress", args=[session.pk]))
    page.goto(base + reverse("scoring:traveller", args=[session.pk, 2]) + f"#{third}")
    page.wait_for_function("id => document.activeElement.closest('tbody')?.id === id", arg=third)

    page.goto(base + reverse("scoring:progress", args=[session.pk]))
    page.locator("[data-test=progress]").wait_for()
    page.screenshot(path=str(SHOTS / "entry-progress.png"), full_page=True)
