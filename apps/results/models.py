"""The room's feuilles de route of a session, built by a worker."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.core.models import ClaimedJob, JobState

SHEETS_DIR = "scoring/feuilles-de-route"  # where the room's feuilles de route are stored


class RoomSheetsJob(ClaimedJob):
    """The room's feuilles de route of a session, built by a worker (apps.core.jobs): the
    results' fingerprint it is built for, its progress, and its state. The PDF is stored
    under the fingerprint, so asking again while the results are unchanged finds it."""

    State = JobState

    session = models.OneToOneField(
        "tournaments.Session",
        verbose_name=_("session"),
        on_delete=models.CASCADE,
        related_name="room_sheets_job",
    )
    state = models.CharField(_("state"), max_length=10, choices=State.choices)
    fingerprint = models.CharField(_("results fingerprint"), max_length=24)
    done = models.PositiveIntegerField(_("player sheets done"), default=0)
    total = models.PositiveIntegerField(_("player sheets"), default=0)

    class Meta:
        verbose_name = _("room player sheets")
        verbose_name_plural = _("room player sheets")

    def __str__(self) -> str:
        return f"{self.session} ({self.get_state_display()})"

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.total) if self.total else 0

    @property
    def path(self) -> str:
        return f"{SHEETS_DIR}/{self.session_id}-{self.fingerprint}.pdf"


class AwardSet(ClaimedJob):
    """The PCN and PP of a finished tournament (fascicule 3, ch. 5), computed by a worker
    (apps.awards) for the results' fingerprint it names: the rule applied and its inputs,
    or why the tournament earns none. Its awards are the ledger the national ranking sums."""

    State = RoomSheetsJob.State  # the same life: waiting, in progress, done or failed

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
        verbose_name = _("award")
        verbose_name_plural = _("awards")
        ordering = ["award_set", "-pcn", "-pp"]

    def __str__(self) -> str:
        return f"{self.licensee} : {self.pcn} PCN, {self.pp} PP"


class DisplayLink(models.Model):
    """The secret address of a session's room display, for a projector: it opens that
    display alone, without signing in, until the referee revokes it or makes a new one
    (apps.results.services). Its secret is never written in the audit rows."""

    session = models.OneToOneField(
        "tournaments.Session",
        verbose_name=_("session"),
        on_delete=models.CASCADE,
        related_name="display_link",
    )
    token = models.CharField(_("secret"), max_length=64, unique=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("room display link")
        verbose_name_plural = _("room display links")

    def __str__(self) -> str:
        return f"{self.session} ({self._meta.verbose_name})"
