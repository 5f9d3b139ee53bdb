"""The referee room opens on what to do next in each session: generate the movement,
start play, enter the scores (with the lines missing) and move on, then the results."""

import pytest
from django.urls import reverse

from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests.builders import advance_to, enter_all, generate
from tests.queries import queries_of

pytestmark = pytest.mark.django_db


def _room(world, user=None):
    return reverse("tournaments:referee_room", args=[world.tournament.pk])


def _steps(response):
    (panel,) = [p for p in response.context["panels"] if p["template"].endswith("_room_steps.html")]
    return [(step.step, step.missing) for step in panel["steps"]]


def test_the_room_leads_the_referee_through_the_session(world, login):
    browser = login(world.referee)
    session = world.tournament.sessions.get()
    page = browser.get(_room(world))
    assert _steps(page) == [("generate", 0)]
    assert reverse("movements:page", args=[session.pk]) + "#generate" in page.content.decode()

    movement = generate(world, 20)
    assert _steps(browser.get(_room(world))) == [("start", 0)]

    movement = advance_to(world, movement, 1)
    page = browser.get(_room(world))
    lines_at_position_1 = 20  # 5 tables, 4 étuis each
    assert _steps(page) == [("play", lines_at_position_1)]
    html = page.content.decode()
    assert reverse("scoring:progress", args=[session.pk]) in html
    assert "lignes à saisir : 20" in html and "Position suivante" in html

    movement = advance_to(world, movement, movement.positions)
    enter_all(world, movement)
    page = browser.get(_room(world))
    assert _steps(page) == [("results", 0)]
    assert reverse("results:session", args=[session.pk]) in page.content.decode()
    # The player list is folded away below.
    assert 'id="players-list"' in page.content.decode()


def test_after_play_the_room_offers_the_results(world, login):
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.FINISHED)
    assert _steps(login(world.referee).get(_room(world))) == [("results", 0)]


def test_the_rooms_queries_do_not_grow_with_the_players(world, login):
    movement = advance_to(world, generate(world, 20), 1)
    browser = login(world.referee)
    small = queries_of(lambda: browser.get(_room(world)))
    movement.delete()
    movement = advance_to(world, generate(world, 20), 1)  # 40 registered in all
    assert queries_of(lambda: browser.get(_room(world))) == small
