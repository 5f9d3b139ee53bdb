import pytest
from rest_framework.test import APIClient


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def api_as(world, api):
    """Sign the API client in (session) as one of the world's personas: api_as(name)."""

    def _as(persona: str) -> APIClient:
        api.force_login(world.persona(persona))
        return api

    return _as
