"""A path holding an odd character (NUL, control, format, surrogate, private or unassigned
code point, bytes that are not UTF-8) answers the site's 404 page, never 500, before any
view reads the database (apps.core.middleware)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.core.middleware import odd_character

pytestmark = pytest.mark.django_db

ODD = [
    "%00",
    "%01",
    "%0A",
    "%0D",
    "%1B",
    "%7F",
    "%C2%85",
    "%E2%80%8B",
    "%E2%80%AE",
    "%EF%BB%BF",
    "%EE%80%80",
    "%F4%8F%BF%BF",
    "%ED%A0%80",
    "%FF",
    "%C0%AF",
    "%EF%BF%BF",
]
ROUTES = [
    "/table/{}/",
    "/table/A{}B/position/",
    "/feuille/{}/",
    "/feuille/X{}/ligne/",
    "/classement/joueur/{}/",
    "/classement/joueur/123{}/",
    "/seances/{}/",
    "/api/licensees/{}/",
    "/api/ranking-players/1{}/",
    "/{}",
    "/static/{}.css",
]


@pytest.mark.parametrize("odd", ODD)
@pytest.mark.parametrize("route", ROUTES)
def test_an_odd_character_in_a_path_answers_404(client, route, odd):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(route.format(odd))
    assert response.status_code == 404
    assert not queries.captured_queries


def test_the_404_page_is_the_sites(client):
    response = client.get("/classement/joueur/12%0034/")
    assert response.status_code == 404
    assert "Page introuvable" in response.content.decode()


@pytest.mark.parametrize("text", ["/table/ABC234/", "/classement/joueur/0301234/", "/été/ô-à/"])
def test_ordinary_paths_are_not_odd(text):
    assert not odd_character(text)


def test_posts_are_refused_alike(client):
    assert client.post("/table/AB%00CD/1/1/", {"score": 10}).status_code == 404


def test_a_percent_sign_in_a_decoded_path_is_odd():
    assert odd_character("/table/100%/")
