"""A host the site does not answer (apps/core/hosts.py) gets the French « Requête refusée »
page with the address to open, never Django's debug page, even with DEBUG on; under
`make run ADDRESS=0.0.0.0:8000` (every host) a phone's host is answered."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

SITE = "http://192.168.1.20:8000"


@pytest.mark.parametrize("debug", [True, False])
def test_a_refused_host_gets_the_french_page(client, settings, debug):
    settings.DEBUG = debug
    settings.ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
    settings.SITE_URL = SITE
    response = client.get(reverse("tournaments:home"), HTTP_HOST="192.168.1.20:8000")
    html = response.content.decode()
    assert response.status_code == 400
    assert "Requête refusée" in html and f'href="{SITE}/"' in html
    assert "DisallowedHost" not in html and "Traceback" not in html and "ALLOWED_HOSTS" not in html


def test_bound_to_every_interface_a_phones_host_is_answered(client, settings):
    settings.DEBUG = False
    settings.ALLOWED_HOSTS = ["*"]
    response = client.get(reverse("tournaments:home"), HTTP_HOST="192.168.1.20:8000")
    assert response.status_code == 200
