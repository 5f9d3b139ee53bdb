"""Every page's footer names the games clubs run besides duplicate tarot, from the
tournaments' vocabulary."""

import pytest
from django.urls import reverse

from apps.tournaments.templatetags.club_games import club_games

pytestmark = pytest.mark.django_db


def test_the_footer_names_the_clubs_other_games(client):
    html = client.get(reverse("tournaments:home")).content.decode()
    footer = html.split('<footer class="footer">', 1)[1].split("</footer>", 1)[0]
    assert footer == (
        "Donne — tournois de Tarot en donnes dupliquées, et les autres jeux des clubs : "
        "tarot libre, belote (deux joueurs), pinochle (équipes)"
    )


def test_duplicate_tarot_is_not_among_the_other_games():
    assert "duplicate" not in club_games() and "belote" in club_games()
