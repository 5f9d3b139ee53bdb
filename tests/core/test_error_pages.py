import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_denied_page_is_french(world, login):
    response = login(world.player).get(reverse("federation:home"))
    assert response.status_code == 403
    html = response.content.decode()
    assert '<html lang="fr">' in html and "Accès refusé" in html


def test_not_found_page_is_french(client, world):
    response = client.get(reverse("tournaments:detail", args=[world.draft.pk]))
    assert response.status_code == 404
    assert "Page introuvable" in response.content.decode()
