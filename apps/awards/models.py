"""What federation staff asked of the awards: the recomputation of an approved
tournament's PCN and PP (which otherwise keep the rules they were computed under)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class AwardRecomputation(models.Model):
    """An approved tournament's awards computed again at federation staff's request, with
    why; the next ranking publication names it among its changes (apps.rankings)."""

    award_set = models.ForeignKey(
        "results.AwardSet",
        verbose_name=_("tournament awards"),
        on_delete=models.CASCADE,
        related_name="recomputations",
    )
    asked_by = models.ForeignKey(
        "accounts.User", verbose_name=_("asked by"), on_delete=models.PROTECT, related_name="+"
    )
    asked_at = models.DateTimeField(_("asked at"), auto_now_add=True)
    reason = models.TextField(_("why"))
    rules_version_before = models.PositiveSmallIntegerField(_("rules version before"))
    rules_version_after = models.PositiveSmallIntegerField(_("rules version after"))

    class Meta:
        verbose_name = _("awards recomputation")
        verbose_name_plural = _("awards recomputations")
        ordering = ["-asked_at"]

    def __str__(self) -> str:
        return f"{self.award_set} ({self.asked_at:%d/%m/%Y})"
