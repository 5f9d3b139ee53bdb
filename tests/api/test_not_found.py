"""Objects out of sight answer exactly like objects that do not exist."""

import pytest
from rest_framework.exceptions import NotFound

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
