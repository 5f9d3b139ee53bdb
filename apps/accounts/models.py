from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

EMAIL_TAKEN = "Cette adresse est déjà celle d'un autre compte."


class User(AbstractUser):
    """A person who signs in. A player is a user linked to their licensee, and a role
    gives a user a scope: both are the federation's (apps.federation.models), which points
    here, never the other way round.

    ``email`` is the address the e-mails go to: one account's only (whatever its case), and
    checked — an address the user types waits in ``pending_email`` until they follow the
    signed link sent there (apps.accounts.services)."""

    pending_email = models.EmailField(_("address waiting to be checked"), blank=True)

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")
        constraints = [
            models.UniqueConstraint(
                Lower("email"),
                condition=~models.Q(email=""),
                name="one_account_per_email",
                violation_error_message=EMAIL_TAKEN,
            )
        ]
