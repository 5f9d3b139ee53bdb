"""A pinochle tournament of nine teams run through its pages in a real browser (Debian's
chromium): the referee forms the teams, is warned that the rules' A/B rotation would
make teams meet again, and draws their numbers by the round robin advised (eight rounds,
a bye every round, nobody met twice), writes each game's hands (one set, circled), has both
scorekeepers confirm each hand and submits the sheet after confirming, for every game of
the first round (the seven other rounds are written through the same services the pages
call), reads the standings with each bye's average and finishes the tournament; the
standings are then announced to all. Screenshots at 1280 and 390 px wide go to /tmp/donne-shots."""

from django.urls import reverse

from apps.federation.models import Role
from apps.games import services
from apps.games.models import PinochleGame, PinochleTeam
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests import factories as f
from tests.e2e.browser import BROWSER_MARKS, SHOTS, sign_in
from tests.factories import register

pytestmark = BROWSER_MARKS


def _hand(page, bidder: str, bid: int, meld: tuple[int, int], tricks: tuple[int, int]):
    page.select_option("#id_bidder", bidder)
    page.fill("#id_bid", str(bid))
    page.fill("#id_meld_a", str(meld[0]))
    page.fill("#id_meld_b", str(meld[1]))
    page.fill("#id_tricks_a", str(tricks[0]))
    page.fill("#id_tricks_b", str(tricks[1]))
    page.click("[data-test=hand-add]")
    page.click("[data-test=confirm-a]")
    page.click("[data-test=confirm-b]")
    page.wait_for_selector("[data-test=sheet] tbody tr:last-child >> text=✓")


# A bids 100: 460 meld and 40 trick points, 500 and the game; or B does the same.
A_WINS = (100, (460, 30), (40, 10))
B_WINS = (100, (30, 470), (10, 40))


def _game_written(referee, game: PinochleGame, a_wins: bool) -> None:
    """A game's winning hand written, confirmed by both scorekeepers, and its sheet
    submitted, as the sheet's page does it."""
    bid, meld, tricks = A_WINS if a_wins else B_WINS
    hand = services.pinochle_hand_add(
        actor=referee, game=game, bidder=0 if a_wins else 1, bid=bid, meld=meld, tricks=tricks
    )
    for side in ("a", "b"):
        services.pinochle_hand_confirm(actor=referee, hand=hand, side=side)
    services.pinochle_game_submit(actor=referee, game=game)


def test_a_nine_team_pinochle_tournament(page, live_server, client):
    base = live_server.url
    referee = f.UserFactory(username="directeur")
    f.RoleFactory(user=referee, role=Role.REFEREE)
    tournament = f.TournamentFactory(
        game=Tournament.Game.PINOCHLE, status=Status.RUNNING, name="Pinochle du samedi"
    )
    f.RefereeAssignmentFactory(tournament=tournament, referee=referee)
    players = register(tournament, 18)

    sign_in(page, base, referee)
    page.goto(base + reverse("tournaments:referee_room", args=[tournament.pk]))
    page.click("[data-test=game-link]")
    for first, second in zip(players[::2], players[1::2], strict=True):
        page.select_option("#id_first", str(first.pk))
        page.select_option("#id_second", str(second.pk))
        page.click("[data-test=team-add]")
        page.wait_for_selector(".message")
    assert PinochleTeam.objects.filter(tournament=tournament).count() == 9
    assert "Avec 9 équipes" in page.inner_text("[data-test=rotation-warning]")
    assert page.is_checked("input[name=rotation][value=circle]")
    page.screenshot(path=str(SHOTS / "pinochle-draw.png"), full_page=True)
    page.click("[data-test=draw]")
    page.wait_for_selector("[data-test=round-8]")
    games = PinochleGame.objects.filter(tournament=tournament)
    assert games.count() == 40 and games.filter(team_a=None).count() == 8
    byes = list(games.filter(team_a=None).values_list("team_b", flat=True))
    assert len(set(byes)) == 8  # no second bye

    played = list(games.exclude(team_a=None).order_by("round", "table"))
    for index, game in enumerate(played):
        a_wins = index % 3 != 2
        if game.round > 1:
            _game_written(referee, game, a_wins)
            continue
        page.goto(base + reverse("games:pinochle_game", args=[game.pk]))
        if index == 0:  # B bids 80 with 30 meld and 25 trick points: set, circled
            _hand(page, "1", 80, (30, 30), (25, 25))
        if a_wins:
            _hand(page, "0", *A_WINS)
        else:
            _hand(page, "1", *B_WINS)
        page.wait_for_selector("[data-test=winner]")
        if index == 0:
            assert page.locator("[data-test=hand-1] .circled").count() == 1
            page.screenshot(path=str(SHOTS / "pinochle-sheet.png"), full_page=True)
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=str(SHOTS / "pinochle-sheet-390.png"), full_page=True)
            page.set_viewport_size({"width": 1280, "height": 900})
        page.click("[data-test=submit]")
        page.click("[data-test=confirm]")
        page.wait_for_selector("[data-test=submitted]")
    assert not games.filter(submitted_at=None).exists()

    page.goto(base + reverse("games:pinochle", args=[tournament.pk]))
    rows = page.locator("[data-test=standings] tbody tr")
    assert rows.count() == 9
    page.screenshot(path=str(SHOTS / "pinochle-standings.png"), full_page=True)

    outsider = f.UserFactory(username="curieux")
    client.force_login(outsider)
    url = reverse("games:pinochle", args=[tournament.pk])
    assert client.get(url).status_code == 403  # nothing announced during play
    page.goto(base + reverse("tournaments:referee_room", args=[tournament.pk]))
    page.click(f'a[data-status="{Status.FINISHED}"]')
    page.click("[data-test=confirm]")
    page.wait_for_load_state()
    tournament.refresh_from_db()
    assert tournament.status == Status.FINISHED
    html = client.get(url).content.decode()
    assert 'data-test="standings"' in html
