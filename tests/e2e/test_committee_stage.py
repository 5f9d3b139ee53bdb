"""A committee's regional final, in a real browser (Debian's chromium): the committee creates
the stage with its regulation table, registers a player by licence number and sees why
another is refused, assigns the referee with their grade; the zone approves the
regulation; the referee cuts the field after the first session through the page listing
who is kept and who is eliminated; once the stage is finished, the committee names its
champions and qualified players through the page listing them, finds the bordereau, and
records a qualified player's withdrawal, the first replacement entering in their place.
The stage's tournament page then says why its results are frozen, and a qualified player
reads « Mes championnats ». Screenshots of the stage page, of both confirmation pages, of
the frozen tournament and of « Mes championnats » (desktop and 390 px) go to
/tmp/donne-shots."""

from django.urls import reverse

from apps.competitions import services
from apps.competitions.models import Stage
from tests import factories as f
from tests.competitions import championship as c
from tests.e2e.browser import BROWSER_MARKS, SHOTS, sign_in

pytestmark = BROWSER_MARKS


def test_a_committee_creates_a_stage_and_sees_its_qualified_players(page, live_server):
    base = live_server.url
    league = c.league_build()
    staff = league.committee_staff[0]
    competition = services.competition_create(
        actor=league.federation_staff, season=league.season, kind="P"
    )
    final = c.national_final(league, competition)
    first, *others = league.players(0, 16)
    stranger = league.players(1, 1)[0]

    sign_in(page, base, staff)
    page.goto(base + reverse("competitions:detail", args=[competition.pk]))
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "competition-desktop.png"), full_page=True)
    page.click("[data-test=new-stage]")
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "stage-form-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.select_option("#id_level", Stage.Level.REGIONAL_FINAL)
    page.fill("#id_name", "Finale régionale de Lyon")
    page.fill("#id_date", c.DAY.isoformat())
    page.select_option("#id_organiser", f"committee:{league.committees[0].pk}")
    page.select_option("#id_club", str(league.clubs[0].pk))
    page.select_option("#id_next_stage", str(final.pk))
    page.fill("#id_regulation", "15-16 : 12\n17-40")
    page.click("[data-test=stage-form] button[type=submit]")
    page.wait_for_selector("[data-test=register]")
    stage = Stage.objects.get(name="Finale régionale de Lyon")
    assert stage.committee == league.committees[0]
    assert page.url == base + reverse("competitions:stage", args=[stage.pk])

    page.fill("#id_licensee", first.licence_number)
    page.click("[data-test=register] button")
    page.wait_for_selector(f"text={first.full_name}")
    page.fill("#id_licensee", stranger.licence_number)
    page.click("[data-test=register] button")
    page.wait_for_selector("text=n'est pas licencié dans le comité organisateur")
    assert stage.tournament.registrations.count() == 1

    page.select_option("#id_referee", str(league.referee.pk))
    page.select_option("#id_grade", "regional")
    page.click("#referees form button")
    page.wait_for_selector("#referees li")
    assert stage.tournament.referee_assignments.get().grade == "regional"

    # The zone gives its approval to the regulation (art. 3, 8, 13).
    page.click("[data-test=logout]")
    sign_in(page, base, league.zone_manager)
    page.goto(base + reverse("competitions:stage", args=[stage.pk]))
    page.click("[data-test=approve]")
    page.wait_for_selector("[data-test=approval] >> text=Aval de la zone")
    page.click("[data-test=logout]")

    for licensee in others:
        services.stage_register(actor=staff, stage=stage, licensee=licensee)
    services.stage_quota_set(actor=league.federation_staff, stage=stage, quota=6)
    c.start(league, stage)
    c.play_session(league, services.stage_seat_first(actor=league.referee, stage=stage), 4)

    # The referee cuts the field: the page lists who is kept and who is eliminated first.
    sign_in(page, base, league.referee)
    page.goto(base + reverse("competitions:stage", args=[stage.pk]))
    page.click("[data-test=seat]")
    page.wait_for_selector("[data-test=eliminated]")
    page.wait_for_load_state()
    assert page.locator("[data-test=kept] li").count() == 12
    assert page.locator("[data-test=eliminated] li").count() == 4
    assert stage.tournament.sessions.count() == 1
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "stage-cut-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("[data-test=confirm]")
    page.wait_for_selector("text=La séance est placée")
    second = stage.tournament.sessions.get(number=2).movement
    assert second.tables == 3
    c.play_session(league, second, 5)
    c.finish(league, stage)
    page.click("[data-test=logout]")

    # The committee names the qualified players once it has seen them listed.
    sign_in(page, base, staff)
    page.goto(base + reverse("competitions:stage", args=[stage.pk]))
    page.click("[data-test=qualify]")
    page.wait_for_selector("[data-test=replacements]")
    page.wait_for_load_state()
    assert page.locator("[data-test=qualified] li").count() == 6
    assert page.locator("[data-test=replacements] li").count() == 2
    assert not stage.qualifiers.exists()
    page.screenshot(path=str(SHOTS / "stage-qualify-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "stage-qualify-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})
    page.click("[data-test=confirm]")
    page.wait_for_selector("table[data-test=qualified]")
    page.wait_for_load_state()
    stage.refresh_from_db()
    assert page.locator("table[data-test=qualified] tbody tr").count() == 6 + 2
    assert stage.champion.full_name in page.inner_text("[data-test=titles]")
    assert page.locator('a:has-text("Bordereau (PDF)")').count() == 1
    page.screenshot(path=str(SHOTS / "stage-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "stage-390.png"), full_page=True)
    assert final.tournament.registrations.count() == 6

    # A qualified player withdraws: the first replacement enters in their place.
    page.set_viewport_size({"width": 1280, "height": 800})
    withdrawn, replacement = stage.qualifiers.order_by("order")[0], stage.qualifiers.get(order=7)
    page.locator("[data-test=withdraw]").first.click()
    page.wait_for_selector(f"text={replacement.licensee.full_name}, premier remplaçant")
    page.click("[data-test=confirm]")
    page.wait_for_selector(f"text=forfait, remplacé par {replacement.licensee.full_name}")
    page.wait_for_load_state()
    assert page.locator(f"text=à la place de {withdrawn.licensee.full_name}").count() == 1
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "stage-withdrawal-390.png"), full_page=True)
    entered = set(final.tournament.registrations.values_list("licensee_id", flat=True))
    assert replacement.licensee_id in entered and withdrawn.licensee_id not in entered
    assert len(entered) == 6

    # The stage's tournament says why its results no longer change.
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(base + reverse("tournaments:detail", args=[stage.tournament.pk]))
    assert "qualifiés" in page.inner_text("[data-test=frozen]")
    page.screenshot(path=str(SHOTS / "stage-tournament-frozen-desktop.png"), full_page=True)
    page.click("[data-test=logout]")

    # The replacement reads their way so far: the stage played, its rank, the final next.
    player = replacement.licensee
    player.user = f.UserFactory(username="remplacant")
    player.save(update_fields=["user"])
    sign_in(page, base, player.user)
    page.goto(base + reverse("competitions:path"))
    rows = page.locator("[data-test=path] tbody tr")
    assert rows.count() == 2
    assert rows.first.locator("[data-test=rank]").inner_text() == "7"
    assert f"à la place de {withdrawn.licensee.full_name}" in rows.first.inner_text()
    page.screenshot(path=str(SHOTS / "path-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "path-390.png"), full_page=True)
    page.goto(base + reverse("tournaments:detail", args=[stage.tournament.pk]))
    page.screenshot(path=str(SHOTS / "stage-tournament-frozen-390.png"), full_page=True)
