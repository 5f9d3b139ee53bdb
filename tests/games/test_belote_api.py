"""The belote API, read only: the matches with their sheets, for those who may read the
tournament's results (its overseers during play, everyone once play is over), filtered by
tournament and round."""

import pytest
from django.urls import reverse

from apps.games import services
from apps.games.models import BeloteMatch
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from apps.tournaments.permissions import can_view_results, tournaments_with_results_for_user
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

URL = reverse("api:belote-match-list")
SECOND_WINS = {"contract": "no_trumps", "chooser": 1, "tricks": (0, 116), "last_trick": 1}


@pytest.fixture
def sheet(world, belote):
    """Round robin drawn; the second player of the first match wins it."""
    services.belote_rounds_draw(
        actor=world.referee, tournament=belote, pairing=services.ROUND_ROBIN
    )
    match = BeloteMatch.objects.filter(tournament=belote).order_by("round", "table").first()
    for _ in range(4):
        services.belote_deal_add(actor=world.referee, match=match, **SECOND_WINS)
    return match


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_matches_go_to_those_who_may_read_the_results(world, api, belote, sheet, persona):
    user = world.persona(persona)
    api.force_authenticate(user)
    matches = api.get(URL).json()["results"]
    assert bool(matches) == can_view_results(user, belote)
    Tournament.objects.filter(pk=belote.pk).update(status=Status.FINISHED)
    assert len(api.get(URL).json()["results"]) == 15


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_tournaments_whose_results_one_reads_agree_with_the_check(world, persona):
    user = world.persona(persona)
    readable = set(tournaments_with_results_for_user(user))
    for tournament in Tournament.objects.all():
        assert (tournament in readable) == can_view_results(user, tournament)


def test_a_match_carries_its_sheet_and_winner(world, api, belote, sheet):
    api.force_authenticate(world.referee)
    answer = api.get(URL, {"tournament": belote.pk, "round": 1}).json()["results"]
    assert len(answer) == 3
    first = answer[0]
    assert [deal["number"] for deal in first["deals"]] == [1, 2, 3, 4]
    assert first["totals"] == [0, 1008] and first["winner"] == first["second"]["registration"]
    assert first["submitted"] is False


def test_a_bad_filter_is_refused(world, api, sheet):
    api.force_authenticate(world.referee)
    assert api.get(URL, {"round": "zéro"}).status_code == 400
