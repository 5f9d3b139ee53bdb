"""Another game's pages speak its own language (issue 27, point 7): the tournament's page
and the referee room show nothing of duplicate tarot (its formule, index, étuis, sessions
or PCN), and name the game."""

import pytest
from django.urls import reverse

from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament

pytestmark = pytest.mark.django_db

DUPLICATE_WORDS = ("Indice", "Type", "Formule", "PCN", "étui", "Étui", "Séance", "séance", "Topage")


def _belote(world) -> Tournament:
    tournament = world.tournament
    Tournament.objects.filter(pk=tournament.pk).update(
        game=Tournament.Game.BELOTE, status=Status.RUNNING
    )
    tournament.refresh_from_db()
    return tournament


def _main(html: str) -> str:
    return html.split("<main", 1)[1].split("</main>", 1)[0]


@pytest.mark.parametrize("persona", ["club_manager", "referee", "outsider"])
def test_a_belote_tournaments_page_shows_nothing_of_duplicate_tarot(world, login, persona):
    tournament = _belote(world)
    page = login(world.persona(persona)).get(reverse("tournaments:detail", args=[tournament.pk]))
    main = _main(page.content.decode())
    assert [word for word in DUPLICATE_WORDS if word in main] == []
    assert 'data-test="game">Belote (deux joueurs)' in main


def test_the_belote_referee_room_shows_nothing_of_duplicate_tarot(world, login):
    tournament = _belote(world)
    page = login(world.referee).get(reverse("tournaments:referee_room", args=[tournament.pk]))
    main = _main(page.content.decode())
    assert [word for word in DUPLICATE_WORDS if word in main] == []


def test_a_duplicate_tournaments_page_keeps_its_kind_and_index(world, login):
    page = login(world.club_manager).get(reverse("tournaments:detail", args=[world.tournament.pk]))
    main = _main(page.content.decode())
    assert "Indice" in main and "Type" in main
