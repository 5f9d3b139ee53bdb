"""An imported tournament and a file from other software up the homologation chain in a
real browser (Debian's chromium): a club manager imports a complete tournament file, whose
PCN and PP are computed at once, names its referee and sends it; the committee receives,
as the FFT file of another of its clubs the same day, most of the same players with awards
the tables allow. Both carry integrity alerts with their evidence, in every inbox of the
chain; the committee notes one as fine and passes both on, the zone passes them on, the
federation approves them. Screenshots of the inboxes (1280 and 390 px) go to
/tmp/donne-shots."""

import datetime
import io
import json

import openpyxl
from django.urls import reverse
from django.utils import timezone

from apps.approvals.models import AlertNote, Homologation
from apps.awards.models import Award, AwardSet
from apps.federation.domain.seasons import season_of
from apps.federation.models import Season
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests import factories as f
from tests.e2e.browser import BROWSER_MARKS, SHOTS, sign_in
from tests.exchange.tournament_file_data import document_build

pytestmark = BROWSER_MARKS

DAY = timezone.localdate() - datetime.timedelta(days=7)
IMPORTED = "Open de la Saint-Martin"
EXTERNAL = "Tournoi FFT du Relecq"
REFEREE_LICENCE = "7007007"
# The places of a line at 5 tables (20 players), index 1, and four players without award.
CLAIMED = (400,) * 4 + (280,) * 4 + (196,) * 4 + (0,) * 4
KINDS = ("same_results", "same_day")
REASON = "L'après-midi au Relecq, le soir au club : les habitués ont joué les deux."


def _tournament_file(club) -> bytes:
    """A complete file of 5 tables (20 players) at index 1, played on DAY at ``club``."""
    document = document_build(5, club=club.number)
    document["tournament"].update(name=IMPORTED, date=DAY.isoformat(), indice=1)
    return json.dumps(document).encode()


def _fft_file(players: list[dict]) -> bytes:
    """The FFT file of 16 of the imported file's players, with awards the tables allow."""
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.append(["NumLicenceJoueur", "NomJoueur", "Pcn", "Pp"])
    for player, pcn in zip(players, CLAIMED, strict=False):
        sheet.append([player["licence"], player["name"], pcn, 0])
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def _sign_out(page):
    page.click("[data-test=logout]")
    page.wait_for_selector(f'a[href="{reverse("accounts:login")}"]')


def _shots(page, name):
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / f"{name}-390.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
    page.set_viewport_size({"width": 1280, "height": 900})


def _row(name: str) -> str:
    """The inbox row of the tournament ``name`` (not an alert naming it)."""
    return f'[data-test=waiting] tr:has(> td > a:text-is("{name}"))'


def _open(page, name):
    page.click(f'{_row(name)} > td > a:text-is("{name}")')
    page.wait_for_selector("#alerts")


def _alerts_of(page, name):
    """The alerts row under the inbox row of ``name``, unfolded."""
    row = page.locator(f"{_row(name)} + tr.alert-row")
    details = row.locator("[data-test=alerts]")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    return row


def _inbox_shows_the_alerts(page, base, elsewhere) -> dict:
    """Each tournament's alerts in the inbox name the other, with the evidence."""
    page.goto(base + reverse("approvals:inbox"))
    rows = {name: _alerts_of(page, name) for name in (IMPORTED, EXTERNAL)}
    for name, other in ((IMPORTED, EXTERNAL), (EXTERNAL, IMPORTED)):
        for kind in KINDS:
            alert = rows[name].locator(f"[data-test=alert-{kind}]")
            assert other in alert.inner_text(), (name, kind)
            assert alert.locator("[data-test=alert-link]").inner_text() == other
    same_results = rows[EXTERNAL].locator("[data-test=alert-same_results]").inner_text()
    assert "16 des 16 joueurs de ce tournoi ont aussi joué" in same_results
    assert elsewhere.name in rows[IMPORTED].locator("[data-test=alert-same_day]").inner_text()
    return rows


def _pass_both_on(page):
    for name in (IMPORTED, EXTERNAL):
        page.check(f'input[aria-label="{name}"]')
    page.click("[data-test=pass-on]")
    page.wait_for_selector(".message.success")


def test_an_imported_tournament_and_an_fft_file_go_up_the_chain_with_their_alerts(
    page, live_server, world
):
    base = live_server.url
    Season.objects.get_or_create(
        start_year=season_of(DAY).start_year, defaults={"is_current": True}
    )
    elsewhere = f.ClubFactory(committee=world.club.committee, name="Tarot Club du Relecq")
    f.LicenseeFactory(
        licence_number=REFEREE_LICENCE,
        last_name="Le Gall",
        first_name="Yann",
        referee_grade="club",
        club=elsewhere,
    )
    content = _tournament_file(world.club)

    # 1. The club manager imports the file: finished, awarded at once, then sent.
    sign_in(page, base, world.club_manager)
    page.goto(base + reverse("exchange:import"))
    page.set_input_files(
        "#id_file", {"name": "tournoi.json", "mimeType": "application/json", "buffer": content}
    )
    page.click("form.form button[type=submit]")
    page.wait_for_selector(".message.success")
    imported = Tournament.objects.get(name=IMPORTED)
    assert imported.status == Status.FINISHED
    awards = AwardSet.objects.get(tournament=imported)
    assert (awards.state, awards.rule) == ("done", "une séance en ligne, 5 tables")
    assert Award.objects.filter(award_set=awards, place=1).count() == 4
    page.select_option("#referees select[name=referee]", str(world.referee.pk))
    page.click("#referees button[type=submit]")
    page.wait_for_selector(".message.success")
    page.click("[data-test=submit-homologation]")
    page.click("[data-test=confirm]")
    page.wait_for_selector(".message.success")
    assert Homologation.objects.get(tournament=imported).level == "committee"
    page.wait_for_selector("[data-test=level]")  # its homologation page
    assert page.locator("#alerts").count() == 0  # the alerts are the chain's, not the club's
    _sign_out(page)

    # 2. The committee receives the FFT file of another of its clubs, the same day.
    sign_in(page, base, world.committee_staff)
    page.goto(base + reverse("approvals:inbox"))
    page.click("[data-test=external]")
    page.select_option("#id_club", str(elsewhere.pk))
    page.fill("#id_name", EXTERNAL)
    page.fill("#id_date", DAY.isoformat())
    page.select_option("#id_index", "1")
    page.fill("#id_session_players", "20")
    page.fill("#id_guests", "4")  # the file names 16 of the 20
    page.fill("#id_referee_licence", REFEREE_LICENCE)
    page.set_input_files(
        "#id_file",
        {
            "name": "pcn.xlsx",
            "mimeType": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            "buffer": _fft_file(json.loads(content)["players"]),
        },
    )
    page.click("[data-test=receive]")
    page.wait_for_selector("[data-test=correct-form]", state="attached")
    external = Homologation.objects.get(external=True)
    assert (external.level, external.players) == ("committee", 20)
    assert "LE GALL Yann (7007007), arbitre de club" in page.inner_text("[data-test=referee]")

    # 3. The committee's inbox shows both tournaments' alerts with their evidence.
    _inbox_shows_the_alerts(page, base, elsewhere)
    _shots(page, "chain-integrity-inbox-committee")

    # The officer notes, from the file's page, why playing both the same day is fine.
    _open(page, EXTERNAL)
    same_day = page.locator("#alerts [data-test=alert-same_day]")
    same_day.locator("textarea").fill(REASON)
    same_day.locator("[data-test=note-alert]").click()
    page.wait_for_selector(".message.success")
    page.wait_for_load_state()
    assert page.locator("#alerts [data-test=alert-same_day] [data-test=noted]").is_visible()
    _shots(page, "chain-integrity-noted")
    note = AlertNote.objects.get()
    assert (note.noted_by, note.homologation_id) == (world.committee_staff, external.pk)

    # The alerts never block: both are passed on.
    page.goto(base + reverse("approvals:inbox"))
    _pass_both_on(page)
    assert set(Homologation.objects.values_list("level", flat=True)) == {"zone"}
    _sign_out(page)

    # The zone sees the same alerts, the committee's note with them, and passes both on.
    sign_in(page, base, world.zone_manager)
    rows = _inbox_shows_the_alerts(page, base, elsewhere)
    assert page.locator("[data-test=external]").count() == 0  # the zone receives no file
    noted = rows[EXTERNAL].locator("[data-test=alert-same_day]")
    assert noted.locator("[data-test=noted]").is_visible()
    assert REASON in noted.locator("[data-test=alert-note]").inner_text()
    _shots(page, "chain-integrity-inbox-zone")
    _pass_both_on(page)
    assert set(Homologation.objects.values_list("level", flat=True)) == {"federation"}
    _sign_out(page)

    # The federation sees them too, and approves both from their pages.
    sign_in(page, base, world.federation_staff)
    _inbox_shows_the_alerts(page, base, elsewhere)
    _shots(page, "chain-integrity-inbox-federation")
    for name in (IMPORTED, EXTERNAL):
        page.goto(base + reverse("approvals:inbox"))
        _open(page, name)
        for kind in KINDS:
            page.wait_for_selector(f"#alerts [data-test=alert-{kind}]")
        page.click("[data-test=step-approve]")
        page.wait_for_selector(".message.success")
    assert set(Homologation.objects.values_list("level", flat=True)) == {"approved"}
    assert Tournament.objects.get(pk=imported.pk).status == Status.APPROVED
