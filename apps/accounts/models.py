from django.contrib.auth.models import AbstractUser
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A person who signs in. A player is a user linked to their licensee, and a role
    gives a user a scope: both are the federation's (apps.federation.models), which points
    here, never the other way round."""

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")
