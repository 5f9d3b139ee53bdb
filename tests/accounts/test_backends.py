"""The signed-in user of each request is read in one statement, as ModelBackend reads it:
an inactive user, a missing one or a malformed id gives no user."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.accounts.backends import UserBackend
from tests.factories import UserFactory


def test_the_user_is_read_whole_in_one_statement(db):
    user = UserFactory(first_name="Camille")
    with CaptureQueriesContext(connection) as queries:
        read = UserBackend().get_user(str(user.pk))
    assert len(queries) == 1
    assert read == user and read.first_name == "Camille"
    assert read.check_password("secret") == user.check_password("secret")
    assert not read._state.adding


def test_an_inactive_missing_or_malformed_user_is_no_user(db):
    inactive = UserFactory(is_active=False)
    assert UserBackend().get_user(inactive.pk) is None
    assert UserBackend().get_user(inactive.pk + 1000) is None
    assert UserBackend().get_user("not-a-number") is None


def test_a_signed_in_page_knows_its_user(client, world):
    client.force_login(world.player)
    response = client.get("/joueur/")
    assert response.status_code == 200
    assert response.wsgi_request.user == world.player
