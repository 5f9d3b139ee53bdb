"""The writers of a user's own account: their name and e-mail address (to which the
homologation chain writes), and their password.

A new address is checked before any e-mail goes there: it waits in ``pending_email`` and a
signed link, valid EMAIL_CHECK_SECONDS, is sent to it; following the link makes it the
account's address. An address is one account's only, whatever its case."""

from django.conf import settings
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from apps.accounts.models import EMAIL_TAKEN, User
from apps.core.addresses import site_address
from apps.core.audit import audit_record, model_update
from apps.core.outbox import mails_queue

_EMAIL_CHECK_SALT = "accounts.email-check"
LINK_INVALID = (
    "Ce lien de vérification n'est pas valable ou a expiré : enregistrez l'adresse à nouveau "
    "dans votre profil pour en recevoir un autre."
)


def _taken(user: User, email: str) -> bool:
    return User.objects.filter(email__iexact=email).exclude(pk=user.pk).exists()


def email_check_token(user: User, email: str) -> str:
    """The signed proof that ``user`` asked for ``email``, carried by the link."""
    return signing.dumps({"user": user.pk, "email": email}, salt=_EMAIL_CHECK_SALT)


def _check_mail(user: User, email: str) -> tuple[str, str, list[str]]:
    link = site_address(reverse("accounts:email_check", args=[email_check_token(user, email)]))
    body = "\n".join(
        [
            f"Bonjour {user.get_full_name() or user.username},",
            "",
            "Pour que Donne vous écrive à cette adresse (les messages de l'homologation, des "
            "championnats), confirmez-la en ouvrant ce lien :",
            link,
            "",
            "Si vous n'avez rien demandé, ignorez ce message : l'adresse ne sera pas utilisée.",
        ]
    )
    return ("Donne : confirmez votre adresse e-mail", body, [email])


@transaction.atomic
def user_profile_update(*, actor, user: User, first_name: str, last_name: str, email: str) -> User:
    """The user changes their own name, and asks for a new e-mail address: it is used once
    they follow the link sent to it (the same address in another case is theirs already)."""
    email = email.strip()
    values = {"first_name": first_name.strip(), "last_name": last_name.strip()}
    asked = email.lower() != user.email.lower()
    if asked and _taken(user, email):
        raise ValidationError({"email": EMAIL_TAKEN})
    values |= {"pending_email": email} if asked else {"email": email, "pending_email": ""}
    changes = model_update(user, values)
    if changes:
        user.save(update_fields=list(changes))
        audit_record(actor=actor, action="update", instance=user, changes=changes)
    if asked:
        mails_queue(messages=[_check_mail(user, email)])
    return user


@transaction.atomic
def user_email_check(*, token: str) -> User:
    """Follow a link sent to a new address: it becomes the account's, unless the link is
    forged, expired or for an address since replaced, or another account took it."""
    try:
        asked = signing.loads(token, salt=_EMAIL_CHECK_SALT, max_age=settings.EMAIL_CHECK_SECONDS)
    except signing.BadSignature as exc:
        raise ValidationError(LINK_INVALID) from exc
    user = User.objects.select_for_update().filter(pk=asked.get("user")).first()
    if user is None or not user.pending_email or user.pending_email != asked.get("email"):
        raise ValidationError(LINK_INVALID)
    if _taken(user, user.pending_email):
        raise ValidationError(EMAIL_TAKEN)
    changes = model_update(user, {"email": user.pending_email, "pending_email": ""})
    try:
        with transaction.atomic():
            user.save(update_fields=list(changes))
    except IntegrityError as exc:  # taken by another account at the same moment
        raise ValidationError(EMAIL_TAKEN) from exc
    audit_record(actor=user, action="update", instance=user, changes=changes)
    return user


@transaction.atomic
def user_password_set(*, actor, user: User, password: str) -> User:
    """The user's new password (checked by the form against the site's validators); the
    audit says it changed, never what it is."""
    user.set_password(password)
    user.save(update_fields=["password"])
    audit_record(actor=actor, action="update", instance=user, changes={"password": "changé"})
    return user
