"""The OpenAPI schema generates cleanly and the docs page is served from our static files."""

import re

import pytest
import yaml
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.management import call_command

pytestmark = pytest.mark.django_db

EXPECTED = {
    "/api/auth/token/": {"post"},
    "/api/clubs/": {"get"},
    "/api/clubs/{id}/": {"get"},
    "/api/licensees/": {"get", "post"},
    "/api/licensees/{id}/": {"get", "patch"},
    "/api/tournaments/": {"get", "post"},
    "/api/tournaments/{id}/": {"get", "patch"},
    "/api/tournaments/{id}/transition/": {"post"},
    "/api/registrations/": {"get", "post"},
    "/api/registrations/{id}/": {"get", "delete"},
    "/api/tournament-files/": {"post"},
    "/api/tournament-files/{id}/": {"get"},
    "/api/tournament-files/validate/": {"post"},
    "/api/awards/": {"get"},
    "/api/awards/{id}/": {"get"},
    "/api/homologations/": {"get"},
    "/api/homologations/{id}/": {"get"},
    "/api/homologations/{id}/step/": {"post"},
    "/api/homologations/{id}/pass_on/": {"post"},
    "/api/homologations/submit/": {"post"},
    "/api/ranking-publications/": {"get"},
    "/api/ranking-publications/{id}/": {"get"},
    "/api/ranking-publications/{id}/rows/": {"get"},
    "/api/ranking-publications/{id}/changes/": {"get"},
    "/api/ranking-players/{licence}/": {"get"},
    "/api/belote-matches/": {"get"},
    "/api/belote-matches/{id}/": {"get"},
    "/api/pinochle-games/": {"get"},
    "/api/pinochle-games/{id}/": {"get"},
    "/api/free-tables/": {"get"},
    "/api/free-tables/{id}/": {"get"},
}


def test_schema_validates_without_warnings(tmp_path):
    target = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(target))
    paths = yaml.safe_load(target.read_text())["paths"]
    assert {path: set(operations) for path, operations in paths.items()} == EXPECTED


def test_list_filters_are_documented(tmp_path):
    target = tmp_path / "schema.yaml"
    call_command("spectacular", "--file", str(target))
    paths = yaml.safe_load(target.read_text())["paths"]

    def query_names(path):
        return {p["name"] for p in paths[path]["get"]["parameters"] if p["in"] == "query"}

    assert query_names("/api/licensees/") == {"page", "q", "club"}
    assert query_names("/api/tournaments/") == {"page", "status"}
    assert query_names("/api/registrations/") == {"page", "tournament"}
    assert query_names("/api/awards/") == {"page", "tournament", "licence"}
    assert query_names("/api/homologations/") == {"page", "waiting", "level"}
    assert query_names("/api/ranking-publications/") == {"page", "season"}
    assert query_names("/api/ranking-publications/{id}/rows/") >= {
        "q",
        "club",
        "committee",
        "zone",
        "series",
    }


def test_schema_endpoint_answers(client):
    response = client.get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/tournaments/{id}/transition/" in response.content


def test_docs_load_swagger_from_our_static_files(client):
    response = client.get("/api/docs/")
    assert response.status_code == 200
    html = response.content.decode()
    assets = re.findall(r'(?:src|href)="([^"]+)"', html)
    assert any(asset.endswith("swagger-ui-bundle.js") for asset in assets)
    assert any(asset.endswith("swagger-ui.css") for asset in assets)
    startup = [asset for asset in assets if asset.startswith("/api/docs/?script")]
    assert len(startup) == 1  # the page's start-up script, a file rather than inline (CSP)
    for asset in set(assets) - set(startup):
        assert asset.startswith(settings.STATIC_URL), asset
        assert finders.find(asset.removeprefix(settings.STATIC_URL)), asset
    assert "cdn" not in html.lower()
    assert "<style" not in html and not re.search(r"<script>", html)
    assert client.get(startup[0]).status_code == 200
