"""« Mes parties » on a player's home (issue 27, point 6): for each running tournament of
another game they entered, their round, table, opponents and the link to their sheet;
the next round once their sheet is submitted; nothing for who plays nothing."""

import pytest
from django.db.models import Q
from django.urls import reverse

from apps.games import services
from apps.games.models import BeloteMatch
from apps.games.selectors import player_assignments
from apps.tournaments.models import Registration, Tournament
from tests import factories as f
from tests.games.conftest import WIN, running
from tests.queries import queries_of

pytestmark = pytest.mark.django_db


def _panel(response) -> dict | None:
    found = [p for p in response.context["panels"] if p["template"].endswith("_player_games.html")]
    return found[0] if found else None


def _belote_with_the_player(world) -> Tournament:
    tournament = running(world, Tournament.Game.BELOTE, 5)
    Registration.objects.create(tournament=tournament, licensee=world.licensee)
    services.belote_rounds_draw(actor=world.referee, tournament=tournament, pairing="round_robin")
    return tournament


def _own_match(world, round_number: int) -> BeloteMatch:
    mine = Q(first__licensee=world.licensee) | Q(second__licensee=world.licensee)
    return BeloteMatch.objects.get(mine, round=round_number)


def test_the_player_reads_their_round_table_opponent_and_sheet(world, login):
    _belote_with_the_player(world)
    match = _own_match(world, 1)
    response = login(world.player).get(reverse("tournaments:player_home"))
    [assignment] = _panel(response)["assignments"]
    other = match.second if match.first.licensee == world.licensee else match.first
    assert (assignment.round, assignment.table) == (1, match.table)
    assert assignment.opponents == [other.licensee.full_name]
    html = response.content.decode()
    assert f'href="{reverse("games:sheet", args=[match.code])}"' in html
    assert f"contre {other.licensee.full_name}" in html


def test_once_the_sheet_is_submitted_the_next_round_shows(world):
    _belote_with_the_player(world)
    match = _own_match(world, 1)
    for _ in range(4):  # 252 a deal: 1008 after four
        services.belote_deal_add(actor=world.referee, match=match, **WIN)
    services.belote_match_submit(actor=world.referee, match=match)
    [assignment] = player_assignments(world.licensee.pk)
    assert assignment.round == 2


def test_a_pinochle_team_and_a_free_play_table_show_too(world, pinochle_game):
    team = pinochle_game.team_a
    assert player_assignments(team.first.licensee_id)[0].opponents == [
        f"{pinochle_game.team_b.first.licensee.full_name} & "
        f"{pinochle_game.team_b.second.licensee.full_name}"
    ]
    free = running(world, Tournament.Game.FREE_TAROT, 4)
    table = services.free_round_draw(actor=world.referee, tournament=free, seed=1)[0]
    seated = table.seats.first().registration.licensee
    [assignment] = player_assignments(seated.pk)
    assert (assignment.table, len(assignment.opponents), assignment.code) == (1, 3, table.code)


def test_a_player_in_no_running_game_has_no_panel(world, login):
    running(world, Tournament.Game.BELOTE, 6)  # the player is not registered
    assert _panel(login(world.player).get(reverse("tournaments:player_home"))) is None


def test_the_panel_costs_the_same_whatever_the_tournaments(world):
    _belote_with_the_player(world)
    one = queries_of(lambda: player_assignments(world.licensee.pk))
    other = Tournament.objects.create(
        club=world.club, name="Belote 2", date=world.tournament.date, game="belote",
        status=world.tournament.status,
    )  # fmt: skip
    Registration.objects.create(tournament=other, licensee=world.licensee)
    f.RefereeAssignmentFactory(tournament=other, referee=world.referee)
    for _ in range(5):
        Registration.objects.create(tournament=other, licensee=f.LicenseeFactory(club=world.club))
    services.belote_rounds_draw(actor=world.referee, tournament=other, pairing="round_robin")
    assert len(player_assignments(world.licensee.pk)) == 2
    assert queries_of(lambda: player_assignments(world.licensee.pk)) == one
