"""The API client as a persona (``api(persona)``, None for nobody). A tournament file
tells a tournament played, never one to come
(apps.exchange.domain.document.played_day_refusal): in the tests of the tournament file the
world's tournament is dated today, so that what it plays exports and imports back."""

import pytest
from rest_framework.test import APIClient

from tests.builders import played_by_today


@pytest.fixture(autouse=True)
def world_played_by_today(request):
    if "world" in request.fixturenames:
        played_by_today(request.getfixturevalue("world").tournament)


@pytest.fixture
def api(world):
    def _as(persona: str | None) -> APIClient:
        client = APIClient()
        if persona:
            client.force_login(world.persona(persona))
        return client

    return _as
