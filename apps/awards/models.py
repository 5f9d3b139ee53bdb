"""The stored PCN and PP of each tournament (``AwardSet``, its ``Award`` rows: the ledger
the national ranking sums), and what federation staff asked of them: the recomputation of
an approved tournament's awards (which otherwise keep the rules they were computed
under)."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.core.models import ClaimedJob, JobState


class AwardSet(ClaimedJob):
    """The PCN and PP of a finished tournament (fascicule 3, ch. 5), computed by a worker
    (apps.awards) for the results' fingerprint it names: the rule applied and its inputs,
    or why the tournament earns none. Its awards are the ledger the national ranking sums."""

    State = JobState

    tournament = models.OneToOneField(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="award_set",
    )
    state = models.CharField(_("state"), max_length=10, choices=State.choices)
    fingerprint = models.CharField(_("results fingerprint"), max_length=24, blank=True)
    rule = models.CharField(_("rule"), max_length=200, blank=True)
    refusal = models.TextField(_("why no award"), blank=True)
    inputs = models.JSONField(_("inputs"), default=dict, blank=True)
    computed_at = models.DateTimeField(_("computed at"), null=True, blank=True)
    # The award rules' version they were computed under (apps.awards.domain.rules); 0:
    # before the rules were versioned.
    rules_version = models.PositiveSmallIntegerField(_("rules version"), default=0)

    class Meta:
        db_table = "results_awardset"  # kept from when the results app held it
        verbose_name = _("tournament awards")
        verbose_name_plural = _("tournament awards")

    def __str__(self) -> str:
        return f"{self.tournament} ({self.get_state_display()})"


class Award(models.Model):
    """One player's PCN and PP for a tournament, with the place used and the reason in
    words (« 2ᵉ de la ligne Est, 7 tables, indice 1 : 403 PCN »)."""

    award_set = models.ForeignKey(AwardSet, on_delete=models.CASCADE, related_name="awards")
    registration = models.OneToOneField(
        "tournaments.Registration",
        verbose_name=_("registration"),
        on_delete=models.CASCADE,
        related_name="award",
    )
    licensee = models.ForeignKey(
        "federation.Licensee",
        verbose_name=_("licensee"),
        on_delete=models.PROTECT,
        related_name="awards",
    )
    season = models.ForeignKey(
        "federation.Season",
        verbose_name=_("season"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="awards",
    )
    pcn = models.PositiveIntegerField(_("PCN"), default=0)
    pp = models.PositiveIntegerField(_("PP"), default=0)
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    line = models.CharField(_("line"), max_length=1, blank=True)
    reason = models.CharField(_("reason"), max_length=300)
    inputs = models.JSONField(_("inputs"), default=dict, blank=True)

    class Meta:
        db_table = "results_award"  # kept from when the results app held it
        verbose_name = _("award")
        verbose_name_plural = _("awards")
        ordering = ["award_set", "-pcn", "-pp"]

    def __str__(self) -> str:
        return f"{self.licensee} : {self.pcn} PCN, {self.pp} PP"


class AwardRecomputation(models.Model):
    """An approved tournament's awards computed again at federation staff's request, with
    why; the next ranking publication names it among its changes (apps.rankings)."""

    award_set = models.ForeignKey(
        AwardSet,
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
