"""A player or a team that leaves, or does not come (a forfeit), does not block the
round: worked by hand in belote (the other player wins, their total brought up to 1001)
and pinochle (the other team wins and scores as the bye does, the leaving team keeps its
points); the room records it with what happened, the sheet is submitted, and reopening
it plays the match on."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from apps.games import services
from apps.games.domain import belote, pinochle
from apps.games.selectors import belote_match, belote_standings, pinochle_standings_of
from tests.games.conftest import A_WINS, WIN, game_won
from tests.wording import said

# --- the rules ---------------------------------------------------------------------------


def test_a_belote_match_left_is_won_by_the_other_player_with_1001_at_least():
    # player 1 made 252 (no trumps, 116 + 10, doubled), then player 1 leaves
    sheet = belote.match_sheet([belote.BeloteDeal("no_trumps", 1, (0, 116), 1)])
    left = belote.match_left(sheet, 1)
    assert (left.winner, left.totals, left.ended_by) == (0, (1001, 252), "left")


def test_a_belote_match_over_is_not_left():
    over = belote.match_sheet([belote.BeloteDeal("trump", 0, (140, 0), 0)], target=100)
    with pytest.raises(ValueError, match="finie"):
        belote.match_left(over, 1)


def test_a_pinochle_round_left_is_won_by_the_other_team_with_the_points_written():
    hand = pinochle.PinochleHand(bidder=0, bid=60, meld=(60, 30), tricks=(30, 20))
    sheet = pinochle.round_sheet([hand])
    left = pinochle.round_left(sheet, 0)
    assert (left.winner, left.totals, left.ended_by) == (1, sheet.totals, "left")
    with pytest.raises(ValueError, match="l'équipe A ou l'équipe B"):
        pinochle.round_left(sheet, 2)


# --- the room ----------------------------------------------------------------------------

needs_db = pytest.mark.django_db


@needs_db
def test_a_belote_player_leaves_the_match_is_submitted_and_counts(world, belote, match):
    services.belote_deal_add(
        actor=world.referee,
        match=match,
        **{**WIN, "chooser": 1, "tricks": (0, 116), "last_trick": 1},
    )
    with pytest.raises(
        ValidationError, match=re.escape(said("Say what happened: a player left, or did not come."))
    ):
        services.belote_match_left(actor=world.referee, match=match, player=1, reason=" ")
    services.belote_match_left(actor=world.referee, match=match, player=1, reason="malaise")
    match.refresh_from_db()
    assert match.submitted_at is not None and match.left_reason == "malaise"
    view = belote_match(belote, match.pk)
    assert view.winner == match.first and view.sheet.totals == (1001, 252)
    standing = {r.pk: s for s, r in belote_standings(belote)}[match.first_id]
    assert standing.won == 1
    services.belote_match_reopen(actor=world.referee, match=match, reason="il revient")
    match.refresh_from_db()
    assert match.left_by is None and belote_match(belote, match.pk).winner is None


@needs_db
def test_a_pinochle_team_leaves_the_other_scores_as_the_bye(world, nine):
    games = services.pinochle_numbers_draw(actor=world.referee, tournament=nine, seed=3)
    first_round = [g for g in games if g.round == 1 and not g.bye]
    left_game, played = first_round[0], first_round[1:]
    for index, game in enumerate(played):
        game_won(world, game, {**A_WINS, "meld": (460 + 10 * index, 30)})  # 500, 510, 520
    services.pinochle_game_left(
        actor=world.referee, game=left_game, team=0, reason="équipe A partie"
    )
    left_game.refresh_from_db()
    assert left_game.submitted_at is not None
    standings = {team.pk: s for s, team in pinochle_standings_of(nine)}
    stayed, gone = standings[left_game.team_b_id], standings[left_game.team_a_id]
    assert (stayed.wins, stayed.points) == (1, 510)  # (500 + 510 + 520) / 3
    assert (gone.wins, gone.losses, gone.points) == (0, 1, 0)


@needs_db
def test_a_pinochle_hand_waiting_for_its_check_is_settled_first(world, pinochle_game):
    services.pinochle_hand_add(
        actor=world.referee, game=pinochle_game, **{**A_WINS, "meld": (60, 30)}
    )
    with pytest.raises(ValidationError):
        services.pinochle_game_left(actor=world.referee, game=pinochle_game, team=1, reason="x")
    pinochle_game.refresh_from_db()
    assert pinochle_game.left_by is None and pinochle_game.submitted_at is None


@needs_db
def test_the_room_confirms_then_records_it_and_others_cannot(world, login, match):
    url = reverse("games:belote_left", args=[match.pk, 1])
    browser = login(world.referee)
    sheet = browser.get(reverse("games:belote_match", args=[match.pk])).content.decode()
    assert url in sheet
    page = browser.get(url).content.decode()
    assert "abandonne, ou n’est pas venu" in page and not match.deals.exists()  # noqa: RUF001
    browser.post(url, {"reason": "forfait"})
    match.refresh_from_db()
    assert match.left_by == 1 and match.submitted_at is not None
    html = browser.get(reverse("games:belote_match", args=[match.pk])).content.decode()
    assert 'data-test="left"' in html and "forfait" in html


@needs_db
@pytest.mark.parametrize("persona", ["club_manager", "player", "outsider"])
def test_only_the_room_records_a_side_leaving(world, login, match, persona):
    login(world.persona(persona)).post(
        reverse("games:belote_left", args=[match.pk, 0]), {"reason": "forfait"}
    )
    match.refresh_from_db()
    assert match.left_by is None and match.submitted_at is None


@needs_db
def test_a_reason_longer_than_its_column_is_refused_and_nothing_changes(world, login, match):
    url = reverse("games:belote_left", args=[match.pk, 1])
    response = login(world.referee).post(url, {"reason": "x" * 300}, follow=True)
    assert response.status_code == 200
    assert "trop long : 200 caractères au plus (300 écrits)" in response.content.decode()
    match.refresh_from_db()
    assert match.left_by is None and match.submitted_at is None and not match.left_reason
