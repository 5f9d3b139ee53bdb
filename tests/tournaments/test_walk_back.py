"""Once a position has been played, no status moves the tournament back before « en
cours »: not the pages, not the API, not the homologation chain's writer
(apps.tournaments.domain.workflow.walks_back_over_play)."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from apps.games.models import BeloteDeal, BeloteMatch
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from apps.tournaments.selectors import tournament_played
from apps.tournaments.services import tournament_status_record, transition_refusals
from apps.tournaments.views import transition_buttons
from tests.builders import advance_to, enter_first_etui, generate
from tests.factories import register

pytestmark = pytest.mark.django_db

REFUSED = "Une position a été jouée"


def _running(world) -> Tournament:
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    world.tournament.refresh_from_db()
    return world.tournament


@pytest.fixture
def scored(world):
    """The world tournament running, position 1 in play, one étui entered."""
    movement = advance_to(world, generate(world, 20), 1)
    _running(world)
    enter_first_etui(world, movement.session)
    return world.tournament


def _transition(api_as, persona, tournament, status):
    return api_as(persona).post(
        f"/api/tournaments/{tournament.pk}/transition/", {"status": status}, format="json"
    )


@pytest.mark.parametrize("persona", ["federation_staff", "club_manager", "referee"])
def test_the_api_never_sends_a_scored_tournament_back(api_as, scored, persona):
    response = _transition(api_as, persona, scored, Status.REGISTRATION_OPEN)
    assert response.status_code == 400
    assert REFUSED in str(response.json())
    scored.refresh_from_db()
    assert scored.status == Status.RUNNING
    assert _transition(api_as, persona, scored, Status.DRAFT).status_code in (400, 403)
    scored.refresh_from_db()
    assert scored.status == Status.RUNNING


def test_a_running_tournament_without_results_still_goes_back(world, api_as):
    advance_to(world, generate(world, 20), 1)  # seated, position 1 in play, nothing entered
    tournament = _running(world)
    assert not tournament_played(tournament)
    response = _transition(api_as, "federation_staff", tournament, Status.REGISTRATION_OPEN)
    assert response.status_code == 200, response.content
    assert _transition(api_as, "federation_staff", tournament, Status.DRAFT).status_code == 200


def test_a_position_played_without_scores_yet_counts(world):
    advance_to(world, generate(world, 20), 2)  # position 1 played, its sheets not entered
    tournament = _running(world)
    assert tournament_played(tournament)
    assert transition_refusals(tournament, Status.REGISTRATION_OPEN)


def test_a_finished_tournament_reopens_to_running_only(world, scored):
    Tournament.objects.filter(pk=scored.pk).update(status=Status.FINISHED)
    scored.refresh_from_db()
    assert transition_refusals(scored, Status.RUNNING) == []
    assert transition_refusals(scored, Status.REGISTRATION_OPEN)


def test_the_page_offers_no_way_back_and_refuses_one(world, login, scored):
    assert [b["status"] for b in transition_buttons(world.referee, scored)] == [Status.FINISHED]
    client = login(world.federation_staff)
    url = reverse("tournaments:transition", args=[scored.pk])
    page = client.get(url, {"status": Status.REGISTRATION_OPEN.value})
    assert REFUSED in page.content.decode()
    client.post(url, {"status": Status.REGISTRATION_OPEN.value})
    scored.refresh_from_db()
    assert scored.status == Status.RUNNING


def test_the_chains_writer_refuses_too(world, scored):
    with pytest.raises(ValidationError, match=REFUSED):
        tournament_status_record(actor=None, tournament=scored, status=Status.DRAFT)
    scored.refresh_from_db()
    assert scored.status == Status.RUNNING


def test_a_games_deal_written_counts_as_played(world):
    Tournament.objects.filter(pk=world.tournament.pk).update(game=Tournament.Game.BELOTE)
    tournament = _running(world)
    first, second = register(tournament, 2)
    match = BeloteMatch.objects.create(
        tournament=tournament, round=1, table=1, first=first, second=second
    )
    assert not tournament_played(tournament)
    BeloteDeal.objects.create(
        match=match, number=1, contract="trump", tricks_first=90, tricks_second=62, last_trick=0
    )
    assert tournament_played(tournament)
    assert transition_refusals(tournament, Status.REGISTRATION_OPEN)


def test_the_admin_never_writes_a_status(world, login, scored):
    client = login(world.federation_staff)
    url = reverse("admin:tournaments_tournament_change", args=[scored.pk])
    form = client.get(url).context["adminform"].form
    assert "status" not in form.fields  # shown read only: only the workflow moves it
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data |= {"status": Status.DRAFT.value, "date": scored.date.isoformat()}
    for prefix in ("sessions", "referee_assignments"):
        data |= {f"{prefix}-TOTAL_FORMS": "0", f"{prefix}-INITIAL_FORMS": "0"}
    assert client.post(url, data).status_code == 302
    scored.refresh_from_db()
    assert scored.status == Status.RUNNING
