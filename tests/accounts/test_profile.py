"""Every user's profile page: their name and e-mail address (where the homologation
chain writes), and their password."""

import re

import pytest
from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.core import mail
from django.urls import reverse

from apps.accounts.models import User
from apps.core.models import AuditLog
from tests.factories import PASSWORD
from tests.personas import PERSONAS

PROFILE = reverse("accounts:profile")
PASSWORD_PAGE = reverse("accounts:password")


@pytest.mark.parametrize("persona", PERSONAS)
def test_every_persona_has_a_profile_page_linked_from_the_top_bar(login, world, persona):
    page = login(world.persona(persona)).get(PROFILE)
    assert page.status_code == 200
    assert f'href="{PROFILE}" data-test="profile"' in page.content.decode()


def test_signed_out_the_pages_ask_to_sign_in(client):
    for url in (PROFILE, PASSWORD_PAGE):
        response = client.get(url)
        assert response.status_code == 302 and reverse("accounts:login") in response.url


def test_the_user_sets_their_name_and_address_used_once_checked(
    login, world, django_capture_on_commit_callbacks
):
    browser = login(world.club_manager)
    before = User.objects.get(pk=world.club_manager.pk).email
    data = {"first_name": "Camille", "last_name": "Martin", "email": "camille@example.org"}
    with django_capture_on_commit_callbacks(execute=True):
        response = browser.post(PROFILE, data, follow=True)
    assert "Vos coordonnées sont enregistrées. Un lien a été envoyé à camille@example.org" in (
        response.content.decode()
    )
    user = User.objects.get(pk=world.club_manager.pk)
    assert (user.first_name, user.last_name, user.email) == ("Camille", "Martin", before)
    assert user.pending_email == data["email"]
    assert 'data-test="pending-email"' in response.content.decode()
    [link] = re.findall(r"^http\S+$", mail.outbox[-1].body, re.MULTILINE)
    browser.get(link.removeprefix(settings.SITE_URL))
    assert User.objects.get(pk=user.pk).email == data["email"]
    assert AuditLog.objects.filter(object_repr=user.username, changes__has_key="email").exists()


def test_a_wrong_address_changes_nothing_and_says_why(login, world):
    before = User.objects.get(pk=world.player.pk).email
    page = login(world.player).post(
        PROFILE, {"first_name": "A", "last_name": "B", "email": "pas une adresse"}
    )
    assert "Saisissez une adresse e-mail valide." in page.content.decode()
    assert User.objects.get(pk=world.player.pk).email == before
    page = login(world.player).post(PROFILE, {"first_name": "A", "last_name": "B", "email": ""})
    assert "Ce champ est obligatoire." in page.content.decode()


def test_the_user_changes_their_password_and_stays_signed_in(login, world, client):
    browser = login(world.referee)
    wrong = browser.post(
        PASSWORD_PAGE,
        {"old_password": "faux", "new_password1": "Tarot-2026!", "new_password2": "Tarot-2026!"},
    )
    assert "ancien mot de passe est incorrect" in wrong.content.decode()
    short = browser.post(
        PASSWORD_PAGE, {"old_password": PASSWORD, "new_password1": "a", "new_password2": "a"}
    )
    assert "trop court" in short.content.decode()
    assert User.objects.get(pk=world.referee.pk).check_password(PASSWORD)
    done = browser.post(
        PASSWORD_PAGE,
        {"old_password": PASSWORD, "new_password1": "Tarot-2026!", "new_password2": "Tarot-2026!"},
        follow=True,
    )
    assert "Votre mot de passe est changé." in done.content.decode()
    assert browser.session.get(SESSION_KEY) == str(world.referee.pk)  # still signed in
    assert User.objects.get(pk=world.referee.pk).check_password("Tarot-2026!")
    row = AuditLog.objects.get(object_repr=world.referee.username, changes__has_key="password")
    assert "Tarot" not in str(row.changes)
