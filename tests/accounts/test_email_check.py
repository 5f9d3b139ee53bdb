"""An e-mail address is checked by a signed link before the chain writes to it, and is one
account's only, whatever its case (issue 42, point 11); an address longer than its column
and a password longer than 128 characters are refused with a reason, never a 500."""

import pytest
from django.core import signing
from django.urls import reverse

from apps.accounts import services
from apps.accounts.models import EMAIL_TAKEN, User
from apps.accounts.services import LINK_INVALID, email_check_token
from tests.factories import PASSWORD

PROFILE = reverse("accounts:profile")


def _ask(world, user, email, capture):
    with capture(execute=True):
        return services.user_profile_update(
            actor=user, user=user, first_name="A", last_name="B", email=email
        )


def _check(token):
    return services.user_email_check(token=token)


def test_another_accounts_address_is_refused_whatever_its_case(world, login):
    world.emails_set()
    taken = User.objects.get(pk=world.referee.pk).email.upper()
    page = login(world.player).post(PROFILE, {"first_name": "A", "last_name": "B", "email": taken})
    assert EMAIL_TAKEN in page.content.decode().replace("&#x27;", "'")
    player = User.objects.get(pk=world.player.pk)
    assert player.pending_email == "" and player.email != taken.lower()


def test_a_link_makes_the_address_the_accounts_once(world, django_capture_on_commit_callbacks):
    user = _ask(world, world.player, "neuve@example.org", django_capture_on_commit_callbacks)
    token = email_check_token(user, "neuve@example.org")
    assert _check(token).email == "neuve@example.org"
    with pytest.raises(Exception, match="n'est pas valable"):
        _check(token)  # used already: nothing waits


@pytest.mark.django_db
def test_a_forged_or_stale_link_is_refused(world, django_capture_on_commit_callbacks, settings):
    user = _ask(world, world.player, "premiere@example.org", django_capture_on_commit_callbacks)
    first = email_check_token(user, "premiere@example.org")
    user = _ask(world, world.player, "seconde@example.org", django_capture_on_commit_callbacks)
    for token in (first, first + "x", signing.dumps({"user": user.pk, "email": "x@example.org"})):
        with pytest.raises(Exception, match="n'est pas valable"):
            _check(token)
    settings.EMAIL_CHECK_SECONDS = -1
    with pytest.raises(Exception, match="expiré"):
        _check(email_check_token(user, "seconde@example.org"))
    assert User.objects.get(pk=user.pk).pending_email == "seconde@example.org"


def test_an_address_another_account_checked_first_is_refused(
    world, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    player = _ask(world, world.player, "commune@example.org", capture)
    referee = _ask(world, world.referee, "Commune@example.org", capture)
    _check(email_check_token(referee, "Commune@example.org"))
    with pytest.raises(Exception, match="déjà celle d'un autre compte"):
        _check(email_check_token(player, "commune@example.org"))


def test_the_link_on_the_page_says_it_is_checked_or_why_not(
    world, login, django_capture_on_commit_callbacks
):
    user = _ask(world, world.player, "neuve@example.org", django_capture_on_commit_callbacks)
    browser = login(world.player)
    bad = browser.get(reverse("accounts:email_check", args=["faux"]), follow=True)
    assert LINK_INVALID in bad.content.decode().replace("&#x27;", "'")
    token = email_check_token(user, "neuve@example.org")
    good = browser.get(reverse("accounts:email_check", args=[token]), follow=True)
    assert "Votre adresse e-mail est vérifiée" in good.content.decode()
    assert User.objects.get(pk=user.pk).email == "neuve@example.org"


def test_an_address_longer_than_its_column_is_refused_on_the_form(world, login):
    long = "a" * 250 + "@example.org"  # 262 characters
    page = login(world.player).post(PROFILE, {"first_name": "A", "last_name": "B", "email": long})
    assert page.status_code == 200
    assert "au plus 254 caractères" in page.content.decode()
    assert User.objects.get(pk=world.player.pk).pending_email == ""


def test_a_password_longer_than_128_characters_is_refused(world, login):
    long = "Tarot-" + "x" * 100_000
    page = login(world.referee).post(
        reverse("accounts:password"),
        {"old_password": PASSWORD, "new_password1": long, "new_password2": long},
    )
    assert "Un mot de passe a au plus 128 caractères." in page.content.decode()
    assert User.objects.get(pk=world.referee.pk).check_password(PASSWORD)
    exactly = "Tarot-2026!" + "x" * 117
    done = login(world.referee).post(
        reverse("accounts:password"),
        {"old_password": PASSWORD, "new_password1": exactly, "new_password2": exactly},
    )
    assert done.status_code == 302
