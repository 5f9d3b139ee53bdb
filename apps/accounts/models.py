from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _


class User(AbstractUser):
    """A person who signs in. A player is a user linked to their licensee."""

    licensee = models.OneToOneField(
        "federation.Licensee",
        verbose_name=_("licensee"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="user",
    )

    class Meta:
        verbose_name = _("user")
        verbose_name_plural = _("users")


class Role(models.TextChoices):
    FEDERATION_STAFF = "federation_staff", _("federation staff")
    ZONE_MANAGER = "zone_manager", _("zone manager")
    COMMITTEE_STAFF = "committee_staff", _("committee staff")
    CLUB_MANAGER = "club_manager", _("club manager")
    REFEREE = "referee", _("referee")


# The scope field each role needs (None: the role has no scope).
ROLE_SCOPE = {
    Role.FEDERATION_STAFF: None,
    Role.ZONE_MANAGER: "zone",
    Role.COMMITTEE_STAFF: "committee",
    Role.CLUB_MANAGER: "club",
    Role.REFEREE: None,
}


class RoleAssignment(models.Model):
    user = models.ForeignKey(
        User, verbose_name=_("user"), on_delete=models.CASCADE, related_name="role_assignments"
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices)
    zone = models.ForeignKey(
        "federation.Zone", verbose_name=_("zone"), null=True, blank=True, on_delete=models.CASCADE
    )
    committee = models.ForeignKey(
        "federation.Committee",
        verbose_name=_("committee"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
    )
    club = models.ForeignKey(
        "federation.Club", verbose_name=_("club"), null=True, blank=True, on_delete=models.CASCADE
    )

    class Meta:
        verbose_name = _("role")
        verbose_name_plural = _("roles")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "role", "zone", "committee", "club"],
                name="unique_role_assignment",
            )
        ]

    def __str__(self) -> str:
        scope = self.zone or self.committee or self.club
        return f"{self.get_role_display()} {scope}" if scope else self.get_role_display()

    def clean(self) -> None:
        needed = ROLE_SCOPE.get(Role(self.role)) if self.role else None
        for name in ("zone", "committee", "club"):
            has = getattr(self, f"{name}_id") is not None
            if name == needed and not has:
                raise ValidationError({name: _("This role needs this field.")})
            if name != needed and has:
                raise ValidationError({name: _("This role does not take this field.")})
