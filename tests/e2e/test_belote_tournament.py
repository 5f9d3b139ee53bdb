"""A belote tournament of six players run through its pages in a real browser (Debian's
chromium): the club creates it as a belote tournament, the referee starts it, draws a
round robin, writes the first round's matches on their sheets (one deal refused by the
rules, shown beside the form) and submits them after confirming (the four other rounds
are written through the same services the pages call), reopens one with a reason, reads
the standings and finishes the tournament. Screenshots at 1280 and 390 px wide go to
/tmp/donne-shots."""

import datetime

from django.urls import reverse

from apps.federation.models import Role
from apps.games import services
from apps.games.models import BeloteDeal, BeloteMatch
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Tournament
from tests import factories as f
from tests.e2e.browser import BROWSER_MARKS, SHOTS, sign_in

pytestmark = BROWSER_MARKS

NAMES = ["Arnaud", "Béatrice", "Cyril", "Delphine", "Étienne", "Françoise"]


def _user(role, **scope):
    user = f.UserFactory(username=role)
    f.RoleFactory(user=user, role=role, **scope)
    return user


def _deal(page, chooser: int, tricks: tuple[int, int], contract="no_trumps", belotes="0"):
    page.select_option("#id_contract", contract)
    page.select_option("#id_chooser", str(chooser))
    page.select_option("#id_last_trick", str(chooser))
    page.fill("#id_tricks_first", str(tricks[0]))
    page.fill("#id_tricks_second", str(tricks[1]))
    page.select_option("#id_combinations_by", str(chooser))
    page.fill("#id_combinations", "100")
    page.fill("#id_belotes_first", belotes)
    page.click("[data-test=deal-add]")


def _match_written(referee, match: BeloteMatch, winner: int) -> None:
    """Three no-trumps deals won by ``winner``, as ``_deal`` writes them, and the sheet
    submitted."""
    for _ in range(3):
        services.belote_deal_add(
            actor=referee,
            match=match,
            contract="no_trumps",
            chooser=winner,
            tricks=(116, 0) if winner == 0 else (0, 116),
            last_trick=winner,
            combinations=(100, 0) if winner == 0 else (0, 100),
        )
    services.belote_match_submit(actor=referee, match=match)


def _confirm(page, link: str, reason: str = ""):
    page.click(f"[data-test={link}]")
    page.wait_for_selector("[data-test=confirm]")
    if reason:
        page.fill("#id_reason", reason)
    page.click("[data-test=confirm]")


def test_a_six_player_belote_tournament_from_creation_to_standings(page, live_server):
    base = live_server.url
    club = f.ClubFactory(name="Belote Club de Lens")
    manager = _user(Role.CLUB_MANAGER, club=club)
    referee = _user(Role.REFEREE)

    sign_in(page, base, manager)
    page.goto(base + reverse("tournaments:create"))
    page.click("[data-test=games] >> text=Belote")
    page.wait_for_url("**?jeu=belote")
    assert page.locator("#id_index").count() == 0  # nothing of duplicate tarot is asked
    page.fill("#id_name", "Belote du vendredi")
    page.fill("#id_date", (datetime.date.today() + datetime.timedelta(days=3)).isoformat())
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "belote-create-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.click("form.card button[type=submit]")
    tournament = Tournament.objects.get(name="Belote du vendredi")
    assert tournament.game == Tournament.Game.BELOTE
    for name in NAMES:
        Registration.objects.create(
            tournament=tournament, licensee=f.LicenseeFactory(club=club, first_name=name)
        )
    f.RefereeAssignmentFactory(tournament=tournament, referee=referee)
    Tournament.objects.filter(pk=tournament.pk).update(status=Status.RUNNING)
    page.click("[data-test=logout]")

    sign_in(page, base, referee)
    page.goto(base + reverse("tournaments:referee_room", args=[tournament.pk]))
    page.click("[data-test=game-link]")
    page.select_option("#id_pairing", "round_robin")
    page.click("[data-test=draw]")
    page.wait_for_selector("[data-test=round-5]")
    assert BeloteMatch.objects.filter(tournament=tournament).count() == 15
    page.screenshot(path=str(SHOTS / "belote-rounds.png"), full_page=True)

    matches = list(BeloteMatch.objects.filter(tournament=tournament).order_by("round", "table"))
    for index, match in enumerate(matches):
        winner = index % 2  # the winner alternates between the two columns
        if match.round > 1:
            _match_written(referee, match, winner)
            continue
        page.goto(base + reverse("games:belote_match", args=[match.pk]))
        if index == 0:  # a deal the rules refuse: two belotes in a no-trumps game
            _deal(page, winner, (116, 0), belotes="1")
            error = page.locator("[data-test=error]")
            error.wait_for()
            assert "belote" in error.inner_text().lower()
            assert page.input_value("#id_tricks_first") == "116"  # nothing typed is lost
        for _ in range(3):  # (116 + 10 + 100) x 2 = 452 a deal: 1356 after three
            _deal(page, winner, (116, 0) if winner == 0 else (0, 116))
            page.wait_for_selector("[data-test=sheet]")
        page.wait_for_selector("[data-test=winner]")
        if index == 0:
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=str(SHOTS / "belote-sheet-390.png"), full_page=True)
            page.set_viewport_size({"width": 1280, "height": 900})
            page.screenshot(path=str(SHOTS / "belote-sheet.png"), full_page=True)
        _confirm(page, "submit")
        page.wait_for_selector("[data-test=submitted]")
    assert BeloteDeal.objects.filter(match__tournament=tournament).count() == 45
    assert not BeloteMatch.objects.filter(tournament=tournament, submitted_at=None).exists()

    # A sheet reopened with its reason takes deals again, then is submitted again.
    page.goto(base + reverse("games:belote_match", args=[matches[0].pk]))
    _confirm(page, "reopen", reason="Donne 2 mal recopiée")
    page.wait_for_selector("[data-test=take-off]")
    _confirm(page, "take-off")
    _deal(page, 0, (116, 0))
    page.wait_for_selector("[data-test=winner]")
    _confirm(page, "submit")
    page.wait_for_selector("[data-test=submitted]")

    page.goto(base + reverse("games:belote", args=[tournament.pk]))
    rows = page.locator("[data-test=standings] tbody tr")
    assert rows.count() == 6
    ranks = [rows.nth(i).locator("td").first.inner_text() for i in range(6)]
    assert ranks[0] == "1"
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(SHOTS / "belote-standings-390.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 900})

    page.goto(base + reverse("tournaments:referee_room", args=[tournament.pk]))
    page.click(f'a[data-status="{Status.FINISHED}"]')
    page.wait_for_selector("[data-test=confirm]")
    page.click("[data-test=confirm]")
    page.wait_for_load_state()
    tournament.refresh_from_db()
    assert tournament.status == Status.FINISHED
