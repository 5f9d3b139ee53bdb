"""« Mes scores » once play is over: the results add the player's final state (ranks,
each étui's score and note, the percentages) where, during play, only their side's
scores show."""

import pytest
from django.urls import reverse

from apps.results import selectors
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Tournament
from tests.builders import enter_all, played

pytestmark = pytest.mark.django_db


def test_my_scores_show_the_final_state_once_play_is_over(world, login):
    own = Registration.objects.create(tournament=world.tournament, licensee=world.licensee)
    movement = played(world)
    enter_all(world, movement)
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    url = reverse("scoring:my_scores", args=[movement.session.pk])
    browser = login(world.player)

    during = browser.get(url)
    assert during.context["panels"] == [] and "en cours" in during.content.decode()
    assert "les pourcentages viennent une fois le jeu terminé" in during.content.decode()

    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.FINISHED)
    after = browser.get(url)
    (panel,) = after.context["panels"]
    sheet = selectors.session_display(movement.session).sheet(own.pk)
    assert panel["sheet"].result == sheet.result and len(panel["sheet"].rows) == 20
    html = after.content.decode()
    final = f'data-test="final-percentage"><strong>{sheet.result.final:.2f}'.replace(".", ",")
    assert final in html and 'data-test="sheet-figures"' in html
    assert "en cours" not in html and "pourcentages viennent" not in html
    assert reverse("results:sheet", args=[movement.session.pk, own.pk]) in html
