"""A path holding an odd character (NUL, control, format, surrogate, private or unassigned
code point, bytes that are not UTF-8) answers the site's 404 page, never 500, before any
view reads the database (apps.core.middleware)."""

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import URLResolver, get_resolver

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


def _routes(patterns=None, prefix="") -> list[str]:
    """Every page address of the site with its parameters written « abc »."""
    patterns = get_resolver().url_patterns if patterns is None else patterns
    found = []
    for entry in patterns:
        pattern = str(entry.pattern)
        if isinstance(entry, URLResolver):
            if not pattern.startswith(("admin/", "api/")):  # the API is walked on its own
                found += _routes(entry.url_patterns, prefix + pattern)
        elif "<" in pattern and "<str:token>" not in pattern:
            # A signed link's token is no id: a bad one is told where it leads
            # (tests/accounts/test_email_check.py).
            found.append("/" + re.sub(r"<[^>]+>", "abc", prefix + pattern))
    return found


def test_every_page_with_an_id_answers_404_to_a_word(world, login):
    """Ids are numbers (path converters), codes and licences are looked up: a word is a
    page that does not exist, whoever asks and by GET or POST."""
    client = login(world.federation_staff)
    routes = _routes()
    assert len(routes) > 50
    answers = {route: client.get(route).status_code for route in routes}
    posted = [route for route, code in answers.items() if code == 405]  # POST only
    answers |= {route: client.post(route, {}).status_code for route in posted}
    assert {route: code for route, code in answers.items() if code != 404} == {}
