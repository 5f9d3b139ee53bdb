"""A registration whose player sits in a drawn round of a club game is not removed (issue
42, point 11): the page and the API refuse it with a French reason and change nothing; the
referee records the player's forfeit on their sheet instead."""

import pytest
from django.urls import reverse

from apps.core.models import AuditLog
from apps.tournaments.models import Registration

REFUSAL = "est déjà placé dans une partie tirée"


def test_the_page_refuses_to_remove_a_player_of_a_drawn_round(world, match, login):
    registration = match.first
    audits = AuditLog.objects.count()
    url = reverse("tournaments:registration_remove", args=[match.tournament_id, registration.pk])
    response = login(world.club_manager).post(url, follow=True)
    assert response.status_code == 200
    assert REFUSAL in response.content.decode()
    assert Registration.objects.filter(pk=registration.pk).exists()
    assert AuditLog.objects.count() == audits


def test_the_api_refuses_it_too(world, match, api_as):
    registration = match.first
    response = api_as("club_manager").delete(
        reverse("api:registration-detail", args=[registration.pk])
    )
    assert response.status_code == 400
    assert REFUSAL in str(response.json())
    assert Registration.objects.filter(pk=registration.pk).exists()


@pytest.mark.django_db
def test_a_player_not_yet_drawn_is_removed(world, belote, api_as):
    registration = belote.registrations.first()
    response = api_as("club_manager").delete(
        reverse("api:registration-detail", args=[registration.pk])
    )
    assert response.status_code == 204
    assert not Registration.objects.filter(pk=registration.pk).exists()
