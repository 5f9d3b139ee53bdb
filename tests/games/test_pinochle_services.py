"""A pinochle tournament through its services and pages: teams formed, numbers drawn and
eight rounds set by the A/B rotation (a bye every round with nine teams), hands written
and confirmed by both scorekeepers, the sheet submitted (locked) and reopened with a
reason, time called, the bye's average, the standings announced at the end, the room's
referees only, and the tournament finished once every sheet is in."""

import re

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from apps.games import services
from apps.games.models import PinochleGame, PinochleHand, PinochleTeam
from apps.games.selectors import game_players, pinochle_standings_of
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from apps.tournaments.services import tournament_transition
from tests.games.conftest import A_WINS, game_won
from tests.personas import PERSONAS
from tests.wording import said

pytestmark = pytest.mark.django_db

RUNNERS = {"federation_staff", "referee"}
OVERSEERS = {"federation_staff", "zone_manager", "committee_staff", "club_manager", "referee"}


def _draw(world, tournament):
    return services.pinochle_numbers_draw(actor=world.referee, tournament=tournament, seed=3)


def test_teams_are_two_different_players_each_in_one_team(world, nine):
    players = game_players(nine)
    with pytest.raises(ValidationError, match=re.escape(said("A player plays in one team only."))):
        services.pinochle_team_create(
            actor=world.referee, tournament=nine, first=players[0], second=players[3]
        )
    assert PinochleTeam.objects.filter(tournament=nine).count() == 9


def test_nine_teams_draw_numbers_and_play_eight_rounds_with_a_bye_each(world, nine):
    games = _draw(world, nine)
    assert len(games) == 8 * 5
    numbers = sorted(PinochleTeam.objects.filter(tournament=nine).values_list("number", flat=True))
    assert numbers == sorted(["1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B", "5B"])
    for round_number in range(1, 9):
        byes = [g for g in games if g.round == round_number and g.bye]
        assert len(byes) == 1 and byes[0].submitted_at is not None
    a_teams = {g.team_a_id for g in games if g.table == 1}
    assert len(a_teams) == 1  # « 1A » keeps table 1 all evening
    with pytest.raises(ValidationError, match=re.escape(said("The numbers are drawn already."))):
        _draw(world, nine)


def _meetings_and_byes(games) -> tuple[int, int]:
    """Pairings played again and second byes, counted from the games drawn."""
    met = [frozenset((g.team_a_id, g.team_b_id)) for g in games if not g.bye]
    byes = [g.team_b_id for g in games if g.bye]
    return len(met) - len(set(met)), len(byes) - len(set(byes))


def test_nine_teams_by_the_rules_rotation_meet_again_and_have_second_byes(world, nine):
    assert _meetings_and_byes(_draw(world, nine)) == (12, 3)


def test_nine_teams_by_the_round_robin_never_meet_twice_nor_have_two_byes(world, nine):
    games = services.pinochle_numbers_draw(
        actor=world.referee, tournament=nine, seed=3, rotation="circle"
    )
    assert len(games) == 8 * 5 and _meetings_and_byes(games) == (0, 0)


def test_an_unknown_rotation_draws_nothing(world, nine):
    with pytest.raises(ValidationError, match=re.escape(said("Unknown rotation."))):
        services.pinochle_numbers_draw(actor=world.referee, tournament=nine, rotation="spiral")
    assert not PinochleGame.objects.filter(tournament=nine).exists()


def test_the_director_is_warned_and_offered_the_rotations_before_the_draw(world, login, nine):
    html = login(world.referee).get(reverse("games:pinochle", args=[nine.pk])).content.decode()
    assert 'data-test="rotation-warning"' in html and "Avec 9 équipes" in html
    assert 'value="circle" checked' in html and 'value="ab" required' in html
    assert "rencontres rejouées : 12 ; deuxièmes exemptions : 3" in html
    assert "par le tournoi toutes rondes, chaque équipe rencontre chaque autre une fois" in html
    login(world.referee).post(
        reverse("games:pinochle_draw", args=[nine.pk]), {"rotation": "circle"}
    )
    assert _meetings_and_byes(PinochleGame.objects.filter(tournament=nine)) == (0, 0)


def test_a_hand_counts_once_both_scorekeepers_confirm_it(world, nine):
    game = next(g for g in _draw(world, nine) if not g.bye)
    hand = services.pinochle_hand_add(
        actor=world.referee, game=game, bidder=1, bid=60, meld=(30, 40), tricks=(25, 25)
    )
    wait = re.escape(said("Both scorekeepers confirm the last hand first."))
    with pytest.raises(ValidationError, match=wait):
        services.pinochle_hand_add(actor=world.referee, game=game, **A_WINS)
    services.pinochle_hand_confirm(actor=world.referee, hand=hand, side="a")
    with pytest.raises(ValidationError, match=wait):
        services.pinochle_hand_add(actor=world.referee, game=game, **A_WINS)
    services.pinochle_hand_confirm(actor=world.referee, hand=hand, side="b")
    assert PinochleHand.objects.get(pk=hand.pk).confirmed
    services.pinochle_hand_add(actor=world.referee, game=game, **A_WINS)


def test_each_team_confirms_from_its_own_phone_and_the_room_for_both(world, nine):
    """From the phones (by the sheet's code), one phone confirms for one team only; the
    room's referee confirms for both."""
    game = next(g for g in _draw(world, nine) if not g.bye)
    small = {"bidder": 1, "bid": 60, "meld": (30, 40), "tricks": (25, 25)}
    hand = services.pinochle_hand_add(actor=None, game=game, code=game.code, **small)
    phone = {"actor": None, "hand": hand, "code": game.code}
    services.pinochle_hand_confirm(**phone, side="a", device="phone-1")
    services.pinochle_hand_confirm(**phone, side="a", device="phone-1")  # again: nothing
    with pytest.raises(ValidationError) as refused:
        services.pinochle_hand_confirm(**phone, side="b", device="phone-1")
    assert refused.value.messages == [
        said(
            "This phone confirmed this hand for team %(other)s: team %(side)s's scorekeeper "
            "confirms it from their own phone.",
            other="A",
            side="B",
        )
    ]
    assert not PinochleHand.objects.get(pk=hand.pk).confirmed
    services.pinochle_hand_confirm(**phone, side="b", device="phone-2")
    confirmed = PinochleHand.objects.get(pk=hand.pk)
    assert confirmed.confirmed and (confirmed.device_a, confirmed.device_b) == (
        "phone-1",
        "phone-2",
    )
    second = services.pinochle_hand_add(actor=world.referee, game=game, **A_WINS)
    for side in "ab":
        services.pinochle_hand_confirm(actor=world.referee, hand=second, side=side)
    assert PinochleHand.objects.get(pk=second.pk).confirmed


def test_a_hand_the_rules_refuse_changes_nothing(world, nine):
    game = next(g for g in _draw(world, nine) if not g.bye)
    with pytest.raises(ValidationError, match="nchère 63"):
        services.pinochle_hand_add(actor=world.referee, game=game, **{**A_WINS, "bid": 63})
    with pytest.raises(ValidationError, match="font 50"):
        services.pinochle_hand_add(actor=world.referee, game=game, **{**A_WINS, "tricks": (40, 40)})
    assert not PinochleHand.objects.exists()


def test_a_submitted_sheet_is_locked_and_reopened_with_a_reason(world, nine):
    game = next(g for g in _draw(world, nine) if not g.bye)
    game_won(world, game)
    submitted = re.escape(
        said("This sheet is submitted: the tournament's referee reopens it, with a reason.")
    )
    with pytest.raises(ValidationError, match=submitted):
        services.pinochle_hand_add(actor=world.referee, game=game, **A_WINS)
    with pytest.raises(ValidationError):
        services.pinochle_game_reopen(actor=world.referee, game=game, reason="")
    services.pinochle_game_reopen(actor=world.referee, game=game, reason="Mêlée mal comptée")
    game.refresh_from_db()
    assert game.submitted_at is None


def test_time_called_gives_the_game_to_the_higher_total(world, nine):
    game = next(g for g in _draw(world, nine) if not g.bye)
    hand = services.pinochle_hand_add(
        actor=world.referee, game=game, bidder=1, bid=60, meld=(30, 40), tricks=(25, 25)
    )
    for side in "ab":
        services.pinochle_hand_confirm(actor=world.referee, hand=hand, side=side)
    with pytest.raises(ValidationError, match="500"):
        services.pinochle_game_submit(actor=world.referee, game=game)
    services.pinochle_time_call(actor=world.referee, game=game)
    services.pinochle_game_submit(actor=world.referee, game=game)  # B leads 65 to 55


def test_the_bye_gets_the_average_of_the_rounds_winners_once_the_round_is_over(world, nine):
    games = _draw(world, nine)
    first_round = [g for g in games if g.round == 1 and not g.bye]
    bye_team = next(g for g in games if g.round == 1 and g.bye).team_b
    for index, game in enumerate(first_round):
        bonus = 10 * index  # winners score 500, 510, 520, 530
        game_won(world, game, {**A_WINS, "meld": (460 + bonus, 30)})
    standings = {team.pk: s for s, team in pinochle_standings_of(nine)}
    bye = standings[bye_team.pk]
    assert bye.wins == 1 and bye.points == 515  # (500 + 510 + 520 + 530) / 4


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_rooms_referees_write(world, nine, persona):
    user = world.persona(persona)
    if persona in RUNNERS:
        game = next(
            g for g in services.pinochle_numbers_draw(actor=user, tournament=nine) if not g.bye
        )
        services.pinochle_hand_add(actor=user, game=game, **A_WINS)
        return
    with pytest.raises(PermissionDenied):
        services.pinochle_numbers_draw(actor=user, tournament=nine)
    game = next(g for g in _draw(world, nine) if not g.bye)
    with pytest.raises(PermissionDenied):
        services.pinochle_hand_add(actor=user, game=game, **A_WINS)


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_standings_are_announced_at_the_end(world, login, nine, persona):
    _draw(world, nine)
    url = reverse("games:pinochle", args=[nine.pk])
    response = login(world.persona(persona)).get(url)
    if persona not in OVERSEERS:
        assert response.status_code == 403
    else:
        html = response.content.decode()
        assert ('data-test="standings-hidden"' in html) == (persona not in RUNNERS)
    Tournament.objects.filter(pk=nine.pk).update(status=Status.FINISHED)
    html = login(world.persona(persona)).get(url).content.decode()
    assert 'data-test="standings-hidden"' not in html


def test_the_tournament_finishes_once_every_sheet_is_in(world, nine):
    games = _draw(world, nine)
    with pytest.raises(ValidationError):
        tournament_transition(actor=world.referee, tournament=nine, status=Status.FINISHED)
    for game in games:
        if not game.bye:
            game_won(world, game)
    tournament_transition(actor=world.referee, tournament=nine, status=Status.FINISHED)
    standings = pinochle_standings_of(nine)
    assert len(standings) == 9 and sum(s.wins + s.losses for s, _t in standings) == 9 * 8
    assert not PinochleGame.objects.filter(tournament=nine, submitted_at=None).exists()
