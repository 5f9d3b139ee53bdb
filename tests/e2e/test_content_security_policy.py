"""Every page is sent with a Content-Security-Policy, and in a real browser (Debian's
chromium) none of the main pages breaks it: no inline script or style, nothing from
another site — the score entry's keys, htmx and the API docs included."""

from django.urls import reverse

from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests.builders import enter, played
from tests.e2e.browser import BROWSER_MARKS, sign_in

pytestmark = BROWSER_MARKS


def _violations(page) -> list[str]:
    found = []
    page.on(
        "console",
        lambda message: (
            found.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    page.on("pageerror", lambda error: found.append(str(error)))
    return found


def test_the_main_pages_keep_to_the_policy(page, live_server, world):
    base = live_server.url
    movement = played(world)
    enter(world, movement, 1, [56, 62])
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    session = movement.session
    violations = _violations(page)
    response = page.goto(base + reverse("tournaments:home"))
    policy = response.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert "'unsafe-inline'" not in policy
    page.goto(base + reverse("accounts:login"))
    sign_in(page, base, world.referee)
    for url in (
        reverse("tournaments:detail", args=[world.tournament.pk]),
        reverse("movements:page", args=[session.pk]),
        reverse("scoring:progress", args=[session.pk]),
        reverse("scoring:traveller", args=[session.pk, 1]),
        reverse("results:session", args=[session.pk]),
        reverse("api-docs"),
    ):
        page.goto(base + url)
        page.wait_for_load_state("networkidle")
        assert violations == [], url
    # the score entry's keys still work: Enter saves a line through htmx
    page.goto(base + reverse("scoring:traveller", args=[session.pk, 1]))
    first = page.locator(".score-input:enabled").nth(2)
    first.fill("-56")
    first.press("Enter")
    page.wait_for_selector("[data-test=saved]")
    page.goto(base + reverse("api-docs"))
    page.wait_for_selector(".swagger-ui .info", timeout=15_000)
    assert violations == [], page.url
