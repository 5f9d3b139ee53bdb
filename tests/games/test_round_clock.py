"""A round's clock: the room starts it (pinochle offers the rules' 50 minutes), every
sheet of the round shows when it ends and the minutes left, a phone's included; started
again, it runs from then; refused for a round not drawn, a duration out of bounds, a
duplicate tournament and anyone but the room."""

from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.urls import reverse

from apps.core.models import AuditLog
from apps.games import services
from apps.games.domain.round_clock import MAX_MINUTES, clock_end, minutes_left
from apps.games.models import RoundClock
from tests.personas import PERSONAS

START = datetime(2026, 11, 28, 20, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("elapsed", "left"),
    [(0, 50), (1, 50), (60, 49), (61, 49), (49 * 60 + 1, 1), (50 * 60, 0), (90 * 60, 0)],
)
def test_the_minutes_left_count_a_minute_begun(elapsed, left):
    assert minutes_left(START, 50, START + timedelta(seconds=elapsed)) == left


def test_the_round_ends_its_minutes_after_the_start():
    assert clock_end(START, 50) == datetime(2026, 11, 28, 20, 50, tzinfo=UTC)


# --- the room -----------------------------------------------------------------------------

needs_db = pytest.mark.django_db


@needs_db
def test_the_room_starts_a_rounds_clock_and_starts_it_again(world, pinochle_game):
    tournament = pinochle_game.tournament
    clock = services.round_clock_start(
        actor=world.referee, tournament=tournament, round_number=1, minutes=50
    )
    assert 49 <= clock.left <= 50
    again = services.round_clock_start(
        actor=world.referee, tournament=tournament, round_number=1, minutes=40
    )
    assert again.pk == clock.pk and again.minutes == 40 and again.started_at >= clock.started_at
    audits = AuditLog.objects.filter(
        content_type=ContentType.objects.get_for_model(RoundClock), object_id=str(clock.pk)
    )
    assert [audit.action for audit in audits.order_by("pk")] == ["create", "update"]


@needs_db
@pytest.mark.parametrize(
    ("round_number", "minutes", "message"),
    [(9, 50, "pas tirée"), (1, 0, "de 1 à"), (1, MAX_MINUTES + 1, "de 1 à")],
)
def test_a_clock_out_of_bounds_is_refused(world, pinochle_game, round_number, minutes, message):
    with pytest.raises(ValidationError, match=message):
        services.round_clock_start(
            actor=world.referee,
            tournament=pinochle_game.tournament,
            round_number=round_number,
            minutes=minutes,
        )
    assert not RoundClock.objects.exists()


@needs_db
def test_a_duplicate_tournament_has_no_round_clock(world):
    with pytest.raises(ValidationError, match="autres jeux"):
        services.round_clock_start(
            actor=world.referee, tournament=world.tournament, round_number=1, minutes=50
        )


@needs_db
def test_the_page_offers_the_rules_minutes_and_the_sheets_show_the_clock(
    world, login, client, pinochle_game
):
    tournament = pinochle_game.tournament
    browser = login(world.referee)
    page = browser.get(reverse("games:pinochle", args=[tournament.pk])).content.decode()
    assert (
        'data-test="clock-form-1"' in page and 'name="minutes" min="1" max="240" value="50"' in page
    )
    response = browser.post(
        reverse("games:round_clock", args=[tournament.pk]), {"round_number": "1", "minutes": "50"}
    )
    assert response.status_code == 302 and response["Location"].endswith("#round-1")
    phone = client.get(reverse("games:sheet", args=[pinochle_game.code])).content.decode()
    assert 'data-test="round-clock"' in phone and "Pendule : 50 minutes" in phone
    refused = browser.post(
        reverse("games:round_clock", args=[tournament.pk]),
        {"round_number": "1", "minutes": "0"},
        follow=True,
    )
    assert "Minutes : " in refused.content.decode()
    assert RoundClock.objects.get().minutes == 50


@needs_db
def test_a_belote_round_has_no_minutes_offered(world, login, match):
    page = login(world.referee).get(reverse("games:belote", args=[match.tournament.pk]))
    assert 'name="minutes" min="1" max="240" value=""' in page.content.decode()


@needs_db
@pytest.mark.parametrize("persona", sorted(set(PERSONAS) - {"federation_staff", "referee"}))
def test_only_the_room_starts_a_clock(world, login, pinochle_game, persona):
    tournament = pinochle_game.tournament
    login(world.persona(persona)).post(
        reverse("games:round_clock", args=[tournament.pk]), {"round_number": "1", "minutes": "50"}
    )
    assert not RoundClock.objects.exists()
