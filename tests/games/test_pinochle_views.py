"""Pinochle pages per persona: the tournament's page (teams formed and numbers drawn by
the director only), a game's sheet, a hand through the form (its refusal shown beside it),
each scorekeeper's confirmation, time called, and the confirmations of submitting and
reopening."""

import pytest
from django.urls import reverse
from django.utils.html import escape

from apps.games import services
from apps.games.models import PinochleGame, PinochleHand, PinochleTeam
from apps.games.selectors import game_players
from tests.games.conftest import pinochle_teams
from tests.pdf import pdf_text, spaceless
from tests.personas import PERSONAS
from tests.wording import said

pytestmark = pytest.mark.django_db

OVERSEERS = {"federation_staff", "zone_manager", "committee_staff", "club_manager", "referee"}
RUNNERS = {"federation_staff", "referee"}
HAND = {"number": "1", "bidder": "0", "bid": "100", "meld_a": "460", "meld_b": "30",
        "tricks_a": "40", "tricks_b": "10", "outcome": "played", "team": ""}  # fmt: skip


@pytest.fixture
def four(world):
    return pinochle_teams(world, 8)


@pytest.fixture
def game(world, four):
    services.pinochle_numbers_draw(actor=world.referee, tournament=four, seed=1)
    return PinochleGame.objects.filter(tournament=four).order_by("round", "table").first()


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_teams_are_formed_by_the_director(world, login, four, persona):
    browser = login(world.persona(persona))
    players = game_players(four)
    team = PinochleTeam.objects.filter(tournament=four).first()
    team.delete()
    url = reverse("games:pinochle_team", args=[four.pk])
    response = browser.post(url, {"first": players[0].pk, "second": players[1].pk})
    formed = PinochleTeam.objects.filter(tournament=four).count() == 4
    assert formed == (persona in RUNNERS)
    if persona not in OVERSEERS:
        assert response.status_code == 403


@pytest.mark.parametrize("persona", PERSONAS)
def test_a_sheet_is_read_by_those_who_oversee_and_written_by_the_director(
    world, login, game, persona
):
    response = login(world.persona(persona)).get(reverse("games:pinochle_game", args=[game.pk]))
    assert response.status_code == (200 if persona in OVERSEERS else 403)
    if persona in OVERSEERS:
        assert ('data-test="hand-form"' in response.content.decode()) == (persona in RUNNERS)


def test_a_hand_through_the_form_then_both_confirmations(world, login, game):
    browser = login(world.referee)
    url = reverse("games:pinochle_hand", args=[game.pk])
    refused = browser.post(url, {**HAND, "bid": "63"})
    assert refused.status_code == 400 and escape("Enchère 63") in refused.content.decode()
    assert browser.post(url, HAND).status_code == 302
    hand = PinochleHand.objects.get(game=game)
    sheet = reverse("games:pinochle_game", args=[game.pk])
    html = browser.get(sheet).content.decode()
    assert 'data-test="confirm-a"' in html and 'data-test="hand-form"' not in html
    confirm = reverse("games:pinochle_confirm", args=[game.pk])
    for side in "ab":
        browser.post(confirm, {"hand": hand.pk, "side": side})
    hand.refresh_from_db()
    assert hand.confirmed
    assert 'data-test="submit"' in browser.get(sheet).content.decode()


def test_submitting_asks_first_and_reopening_asks_a_reason(world, login, game):
    browser = login(world.referee)
    browser.post(reverse("games:pinochle_hand", args=[game.pk]), HAND)
    hand = PinochleHand.objects.get(game=game)
    for side in "ab":
        services.pinochle_hand_confirm(actor=world.referee, hand=hand, side=side)
    submit = reverse("games:pinochle_submit", args=[game.pk])
    assert browser.get(submit).status_code == 200
    game.refresh_from_db()
    assert game.submitted_at is None
    browser.post(submit)
    game.refresh_from_db()
    assert game.submitted_at is not None
    reopen = reverse("games:pinochle_reopen", args=[game.pk])
    assert 'name="reason"' in browser.get(reopen).content.decode()
    browser.post(reopen, {"reason": "Renonce oubliée"})
    game.refresh_from_db()
    assert game.submitted_at is None


def test_time_called_through_the_page(world, login, game):
    browser = login(world.referee)
    browser.post(reverse("games:pinochle_time", args=[game.pk]))
    game.refresh_from_db()
    assert game.time_called


def test_the_round_assignments_print_with_each_bye(world, login, game):
    response = login(world.referee).get(reverse("games:pinochle_pdf", args=[game.tournament_id]))
    text = spaceless(pdf_text(response.content))
    for number in range(1, 9):
        assert spaceless(said("Round %(number)s", number=number)) in text
    assert "1A" in text and "2B" in text
    assert spaceless(game.team_a.first.licensee.full_name) in text


def test_a_team_formed_by_mistake_is_undone_before_the_draw_only(world, login, four):
    browser = login(world.referee)
    team = PinochleTeam.objects.filter(tournament=four).first()
    url = reverse("games:pinochle_team_delete", args=[four.pk, team.pk])
    assert browser.get(url).status_code == 200 and PinochleTeam.objects.filter(pk=team.pk).exists()
    browser.post(url)
    assert not PinochleTeam.objects.filter(pk=team.pk).exists()
    services.pinochle_numbers_draw(actor=world.referee, tournament=four, seed=1)
    other = PinochleTeam.objects.filter(tournament=four).first()
    browser.post(reverse("games:pinochle_team_delete", args=[four.pk, other.pk]))
    assert PinochleTeam.objects.filter(pk=other.pk).exists()
    outsider = login(world.club_manager).post(
        reverse("games:pinochle_team_delete", args=[four.pk, other.pk])
    )
    assert outsider.status_code == 403


@pytest.mark.parametrize("hand", ["abc", "", "1.5"])
def test_a_confirmation_of_a_hand_that_is_not_a_number_is_refused_not_500(world, login, game, hand):
    browser = login(world.referee)
    confirm = reverse("games:pinochle_confirm", args=[game.pk])
    answer = browser.post(confirm, {"hand": hand, "side": "a"}, follow=True)
    assert answer.status_code == 200
    assert "Donne inconnue." in answer.content.decode()
