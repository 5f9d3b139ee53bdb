"""Objects out of sight answer exactly like objects that do not exist."""

import pytest
from rest_framework.exceptions import NotFound

from config.api_urls import router
from tests import factories as f

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "method, url",
    [
        ("get", "/api/clubs/{}/"),
        ("get", "/api/licensees/{}/"),
        ("patch", "/api/licensees/{}/"),
        ("get", "/api/tournaments/{}/"),
        ("patch", "/api/tournaments/{}/"),
        ("post", "/api/tournaments/{}/transition/"),
        ("get", "/api/registrations/{}/"),
        ("delete", "/api/registrations/{}/"),
    ],
)
def test_hidden_and_missing_objects_get_the_same_answer(world, api_as, method, url):
    hidden = {
        "clubs": world.other_club,
        "licensees": world.other_licensee,
        "tournaments": world.other_tournament,
        "registrations": f.RegistrationFactory(
            tournament=world.other_tournament, licensee=world.other_licensee
        ),
    }[url.split("/")[2]]
    client = api_as("club_manager")
    answers = [
        getattr(client, method)(url.format(pk), {"status": "draft"}, format="json")
        for pk in (hidden.pk, hidden.pk + 1000)
    ]
    assert [answer.status_code for answer in answers] == [404, 404]
    assert answers[0].json() == answers[1].json() == {"detail": str(NotFound.default_detail)}
    assert answers[0].json() == {"detail": "Non trouvé."}  # in French, as the site speaks


def _detail_urls(identifier: str) -> list[tuple[str, str]]:
    """Every detail route of the API's router, with ``identifier`` as the id."""
    urls = []
    for prefix, viewset, _basename in router.registry:
        for route in router.get_routes(viewset):
            if "{lookup}" not in route.url:
                continue
            suffix = route.url.split("{lookup}", 1)[1].replace("{trailing_slash}", "/")
            suffix = suffix.rstrip("$").replace("\\", "")
            for method in route.mapping:
                urls.append((method, f"/api/{prefix}/{identifier}{suffix}"))
    return urls


def test_the_walk_covers_every_viewset_with_detail_routes():
    prefixes = {url.split("/")[2] for _method, url in _detail_urls("abc")}
    assert {"tournament-files", "tournaments", "homologations", "ranking-players"} <= prefixes


@pytest.mark.parametrize("identifier", ["abc", "1x", "1.5", "-1", "\u0661", "99999999999999999999"])
def test_a_non_numeric_id_answers_404_on_every_detail_route(world, api_as, identifier):
    client = api_as("federation_staff")
    answers = {
        (method, url): getattr(client, method)(url, {}, format="json").status_code
        for method, url in _detail_urls(identifier)
    }
    assert answers and set(answers.values()) == {404}, answers
