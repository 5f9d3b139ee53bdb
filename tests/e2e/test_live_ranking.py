"""The live ranking in a real browser (Debian's chromium): the referee opens a session's
ranking while scores come in; a score entered meanwhile shows up without a page reload.
Screenshots of the ranking, the top of the topage sheets, a feuille de route and the first
pages of the results PDF go to /tmp/donne-shots."""

from django.urls import reverse

from apps.scoring.services import play_score_set
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests.builders import ETUI_1, enter, played, table_of
from tests.e2e.browser import BROWSER_MARKS, SHOTS, sign_in
from tests.pdf import pdf_png

pytestmark = BROWSER_MARKS
POLL_WAIT_MS = 15_000  # the ranking polls every 5 s


def _progress(browser_page) -> str:
    return browser_page.locator("[data-test=progress]").inner_text()


def test_the_ranking_follows_the_scores_without_reload(page, live_server, world):
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    movement = played(world)
    enter(world, movement, 1, [score for _p, _t, score, _a, _d in ETUI_1[:4]])
    session = movement.session
    base = live_server.url

    sign_in(page, base, world.referee)
    page.goto(base + reverse("results:session", args=[session.pk]))
    page.locator("[data-test=live]").wait_for()
    assert "96" in _progress(page)  # of 100: étui 1 has 4 plays entered
    rows = page.locator("[data-test=ranking] tbody tr")
    assert rows.count() == 20
    top_before = rows.first.inner_text()
    page.evaluate("window.sameDocument = true")

    (*_, (position, _table, score, _attack, _defence)) = ETUI_1
    table = table_of(movement, 1, position)
    play_score_set(actor=world.referee, table=table, etui=1, score=score)  # 50 at table 2

    page.wait_for_function(
        "() => document.querySelector('[data-test=progress]').innerText.includes('95')",
        timeout=POLL_WAIT_MS,
    )
    assert page.evaluate("window.sameDocument") is True  # no page reload
    assert "95" in _progress(page) and "100" in _progress(page)
    assert rows.count() == 20 and rows.first.inner_text() == top_before  # 62 still the TOP
    page.screenshot(path=str(SHOTS / "live-ranking.png"), full_page=True)

    page.goto(base + reverse("results:topage", args=[session.pk]))
    page.locator("#etui-1").wait_for()
    page.screenshot(path=str(SHOTS / "topage.png"))

    registration = world.tournament.registrations.order_by("pk").first()
    page.goto(base + reverse("results:sheet", args=[session.pk, registration.pk]))
    page.locator("[data-test=sheet-lines]").wait_for()
    page.screenshot(path=str(SHOTS / "feuille-de-route.png"), full_page=True)

    # On a phone, the ranking's key columns stay on screen.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(base + reverse("results:session", args=[session.pk]))
    for header in ("Rang", "Nom", "% global"):
        box = page.locator(f"[data-test=ranking] th >> text='{header}'").bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390, header
    page.screenshot(path=str(SHOTS / "live-ranking-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})

    pdf = page.request.get(base + reverse("results:pdf", args=[session.pk])).body()
    assert pdf.startswith(b"%PDF")
    (SHOTS / "results.pdf").write_bytes(pdf)
    assert len(pdf_png(pdf, SHOTS / "results-pdf", pages=4)) >= 1
