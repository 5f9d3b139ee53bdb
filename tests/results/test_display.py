"""The room display for a projector: where to sit before play, the position in progress
with « où je joue » for the next one, then the rankings between positions and at the
end; for the room's overseers; it refreshes itself as one block."""

import pytest
from django.urls import reverse

from apps.movements.models import MovementTable
from apps.scoring.services import play_score_set
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests.builders import advance_to, enter_all, generate
from tests.personas import PERSONAS
from tests.queries import queries_of

pytestmark = pytest.mark.django_db
OVERSEERS = {"federation_staff", "zone_manager", "committee_staff", "club_manager", "referee"}


def _url(world):
    return reverse("results:display", args=[world.tournament.sessions.get().pk])


def test_the_display_follows_the_evening(world, login):
    browser = login(world.referee)
    assert browser.get(_url(world)).context["mode"] == "waiting"

    movement = generate(world, 20)
    page = browser.get(_url(world))
    assert page.context["mode"] == "seating" and page.context["upcoming"] == 1
    names = [spot.name for spot in page.context["seating"]]
    assert len(names) == 20 and names == sorted(names)
    first = page.context["seating"][0]
    assert f"table {first.table} · {first.seat}" in page.content.decode()

    movement = advance_to(world, movement, 1)
    page = browser.get(_url(world))
    assert (page.context["mode"], page.context["upcoming"]) == ("play", 2)
    assert "Position 1 sur 5 en cours" in page.content.decode()

    for played in MovementTable.objects.filter(movement=movement, position=1):
        for etui in played.etuis:
            play_score_set(actor=world.referee, table=played, etui=etui, score=56)
    page = browser.get(_url(world))
    assert page.context["mode"] == "ranking"  # between positions
    html = page.content.decode()
    assert 'data-test="general"' in html and 'data-test="alternate"' in html

    movement = advance_to(world, movement, movement.positions)
    enter_all(world, movement)
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.FINISHED)
    assert browser.get(_url(world)).context["mode"] == "ranking"


def test_the_display_refreshes_as_one_block(world, login):
    generate(world, 20)
    response = login(world.referee).get(_url(world), headers={"HX-Request": "true"})
    html = response.content.decode()
    assert html.startswith('<main id="board"') and 'hx-trigger="every 15s"' in html


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_display_is_for_the_rooms_overseers(world, login, persona):
    generate(world, 20)
    response = login(world.persona(persona)).get(_url(world))
    assert response.status_code == (200 if persona in OVERSEERS else 403)


def test_the_displays_queries_do_not_grow_with_the_room(world, login):
    browser = login(world.referee)
    counts = []
    for players in (20, 28):
        movement = generate(world, players - world.tournament.registrations.count())
        counts.append(queries_of(lambda: browser.get(_url(world))))
        movement.delete()
    assert counts[0] == counts[1]
