"""Penalties of a session (fascicule 3, ch. 4 « code d'arbitrage »): percentage points
taken off a player's % global, with the reason the referee gives."""

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

PERCENT_MIN = Decimal("0.01")
PERCENT_MAX = Decimal("100")


class Penalty(models.Model):
    session = models.ForeignKey(
        "tournaments.Session",
        verbose_name=_("session"),
        on_delete=models.CASCADE,
        related_name="penalties",
    )
    registration = models.ForeignKey(
        "tournaments.Registration",
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="penalties",
    )
    percent = models.DecimalField(
        _("percentage points"),
        max_digits=5,
        decimal_places=2,
        validators=[MinValueValidator(PERCENT_MIN), MaxValueValidator(PERCENT_MAX)],
        help_text=_("Taken off the player's overall percentage."),
    )
    reason = models.TextField(_("reason"), blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("given by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("given at"), auto_now_add=True)

    class Meta:
        verbose_name = _("penalty")
        verbose_name_plural = _("penalties")
        ordering = ["session", "created_at", "pk"]

    def __str__(self) -> str:
        return _("%(percent)s %% off %(player)s") % {
            "percent": self.percent,
            "player": self.registration.licensee.full_name,
        }

    def clean(self) -> None:
        if (
            self.session_id
            and self.registration_id
            and self.registration.tournament_id != self.session.tournament_id
        ):
            raise ValidationError(
                {"registration": _("This player is not registered in the session's tournament.")}
            )
