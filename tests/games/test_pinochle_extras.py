"""The pinochle tournament's optional features: the set cup (each set player's amount,
the hands set counted from the sheets) and the specials' drawing (dealt specials entered
by name, both players of a Boston team entered by themselves, one name drawn once every
sheet is in, reproducibly from the seed kept)."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from apps.core.models import AuditLog
from apps.games import services
from apps.games.domain.pinochle import specials_draw
from apps.games.models import PinochleExtras, PinochleSpecial
from apps.games.selectors import game_players, pinochle_extras_of, pinochle_rounds
from tests.games.conftest import A_WINS, games_finished, hand_checked
from tests.wording import said

pytestmark = pytest.mark.django_db

B_SET = {"bidder": 1, "bid": 80, "meld": (30, 30), "tricks": (25, 25)}  # 55 < 80
BOSTON = {"bidder": 0, "bid": 60, "meld": (460, 0), "tricks": (50, 0), "outcome": "boston",
          "team": 0}  # fmt: skip


def test_the_set_cup_counts_the_hands_set_on_the_sheets(world, games):
    hand_checked(world, games[0], B_SET)
    hand_checked(world, games[1], B_SET)
    tournament = games[0].tournament
    view = pinochle_extras_of(tournament, pinochle_rounds(tournament))
    assert view.set_hands == 2 and str(view.cup_euros) == "2"  # 2 hands x 2 players x 0.50


def test_a_boston_enters_both_players_and_a_dealt_special_its_player(world, games):
    tournament = games[0].tournament
    boston = hand_checked(world, games[0], BOSTON)
    team = games[0].team_a
    assert {s.registration_id for s in boston.specials.all()} == {team.first_id, team.second_id}
    services.pinochle_special_add(
        actor=world.referee, tournament=tournament, registration=team.first, round_number=1
    )
    assert PinochleSpecial.objects.filter(tournament=tournament).count() == 3


def test_the_name_is_drawn_once_every_sheet_is_in_and_can_be_drawn_again(world, games):
    tournament = games[0].tournament
    players = game_players(tournament)
    for player in players[:3]:
        services.pinochle_special_add(
            actor=world.referee, tournament=tournament, registration=player, round_number=2
        )
    early = re.escape(said("The specials are drawn once every sheet is submitted."))
    with pytest.raises(ValidationError, match=early):
        services.pinochle_specials_draw(actor=world.referee, tournament=tournament)
    games_finished(world, games)
    extras = services.pinochle_specials_draw(actor=world.referee, tournament=tournament)
    entries = [str(s.registration_id) for s in PinochleSpecial.objects.order_by("pk")]
    assert specials_draw(entries, extras.seed) == str(extras.winner_id)
    with pytest.raises(ValidationError, match=re.escape(said("The specials are drawn already."))):
        services.pinochle_specials_draw(actor=world.referee, tournament=tournament)
    with pytest.raises(ValidationError):
        services.pinochle_extras_set(
            actor=world.referee, tournament=tournament, set_cup_cents=None, specials=False
        )


def test_without_the_option_there_is_nothing_to_enter(world, games):
    tournament = games[0].tournament
    services.pinochle_extras_set(
        actor=world.referee, tournament=tournament, set_cup_cents=None, specials=False
    )
    with pytest.raises(ValidationError):
        services.pinochle_special_add(
            actor=world.referee,
            tournament=tournament,
            registration=game_players(tournament)[0],
            round_number=1,
        )
    hand_checked(world, games[0], BOSTON)
    assert not PinochleSpecial.objects.exists()


def test_the_page_shows_the_cup_the_container_and_the_drawing(world, login, games):
    tournament = games[0].tournament
    browser = login(world.referee)
    hand_checked(world, games[0], B_SET)
    url = reverse("games:pinochle", args=[tournament.pk])
    browser.post(
        reverse("games:pinochle_special", args=[tournament.pk]),
        {"registration": game_players(tournament)[0].pk, "round_number": "1"},
    )
    html = browser.get(url).content.decode()
    assert 'data-test="set-cup"' in html and 'data-test="specials"' in html
    games_finished(world, games)
    browser.post(reverse("games:pinochle_specials_draw", args=[tournament.pk]))
    extras = PinochleExtras.objects.get(tournament=tournament)
    html = browser.get(url).content.decode()
    assert 'data-test="specials-winner"' in html and str(extras.seed) in html


# --- a special entered from the round's sheet -------------------------------------------


def _table(game):
    return [game.team_a.first, game.team_a.second, game.team_b.first, game.team_b.second]


def test_a_scorekeeper_enters_a_special_from_the_sheet_for_its_round(world, games):
    game = next(g for g in games if g.round == 2 and not g.bye)
    player = _table(game)[2]
    special = services.pinochle_sheet_special_add(
        actor=None, game=game, registration=player, code=game.code
    )
    assert (special.registration, special.round) == (player, 2)
    audit = AuditLog.objects.get(action="create", object_id=str(special.pk))
    assert audit.changes["phone"] is True


def test_a_special_from_the_sheet_is_one_of_its_table_while_it_is_open(world, games):
    game, other = [g for g in games if g.round == 1 and not g.bye][:2]
    stranger = _table(other)[0]
    refused = re.escape(said("This player does not play at this table."))
    with pytest.raises(ValidationError, match=refused):
        services.pinochle_sheet_special_add(
            actor=None, game=game, registration=stranger, code=game.code
        )
    with pytest.raises(ValidationError):  # another sheet's code
        services.pinochle_sheet_special_add(
            actor=None, game=game, registration=_table(game)[0], code=other.code
        )
    hand_checked(world, game, A_WINS)
    services.pinochle_game_submit(actor=world.referee, game=game)
    with pytest.raises(ValidationError):  # submitted
        services.pinochle_sheet_special_add(
            actor=world.referee, game=game, registration=_table(game)[0]
        )
    assert not PinochleSpecial.objects.exists()


def test_the_phone_sheet_offers_the_special_and_puts_the_name_in(world, client, games):
    game = next(g for g in games if g.round == 1 and not g.bye)
    page = client.get(reverse("games:sheet", args=[game.code])).content.decode()
    assert 'data-test="sheet-special"' in page
    player = _table(game)[1]
    response = client.post(
        reverse("games:sheet_special", args=[game.code]), {"registration": player.pk}
    )
    assert response.status_code == 302
    assert PinochleSpecial.objects.get().registration == player
    stranger = next(p for p in game_players(game.tournament) if p not in _table(game))
    client.post(reverse("games:sheet_special", args=[game.code]), {"registration": stranger.pk})
    assert PinochleSpecial.objects.count() == 1


def test_without_the_drawing_the_sheet_offers_no_special(world, client, games):
    game = next(g for g in games if g.round == 1 and not g.bye)
    services.pinochle_extras_set(
        actor=world.referee, tournament=game.tournament, set_cup_cents=None, specials=False
    )
    page = client.get(reverse("games:sheet", args=[game.code])).content.decode()
    assert 'data-test="sheet-special"' not in page
    response = client.post(
        reverse("games:sheet_special", args=[game.code]), {"registration": _table(game)[0].pk}
    )
    assert response.status_code == 302 and not PinochleSpecial.objects.exists()
