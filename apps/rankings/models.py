"""A season's national ranking as computed by a worker: the run (its state and progress)
and one row per ranked licensee — totals, ranks in the nation, committee and zone."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.core.models import ClaimedJob
from apps.results.models import RoomSheetsJob


class RankingRun(ClaimedJob):
    """One computation of a season's ranking (apps.core.jobs: claimed, with a heartbeat)."""

    State = RoomSheetsJob.State  # the same life: waiting, in progress, done or failed

    season = models.ForeignKey(
        "federation.Season", verbose_name=_("season"), on_delete=models.PROTECT
    )
    state = models.CharField(_("state"), max_length=10, choices=State.choices)
    # The live ranking, computed again as approvals and corrections land.
    live = models.BooleanField(_("live"), default=False)
    created_at = models.DateTimeField(_("asked at"), auto_now_add=True)
    computed_at = models.DateTimeField(_("computed at"), null=True, blank=True)
    players = models.PositiveIntegerField(_("players ranked"), default=0)

    class Meta:
        verbose_name = _("ranking computation")
        verbose_name_plural = _("ranking computations")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.season} ({self.get_state_display()})"


class RankingRow(models.Model):
    """A licensee's line of the ranking: PCN and PP totals of the season, tournaments,
    rank by PCN (ex-aequo share), rank in their committee and zone."""

    # The rows are written by one INSERT … SELECT from existing rows, in the run's own
    # transaction: the references are kept by the ORM (CASCADE, PROTECT), not by deferred
    # database constraints that would cost more than the ranking itself at commit; the
    # unique (run, licensee) index serves every read of a run.
    run = models.ForeignKey(
        RankingRun,
        on_delete=models.CASCADE,
        related_name="rows",
        db_index=False,
        db_constraint=False,
    )
    licensee = models.ForeignKey(
        "federation.Licensee",
        verbose_name=_("licensee"),
        on_delete=models.PROTECT,
        db_constraint=False,
    )
    committee = models.ForeignKey(
        "federation.Committee",
        verbose_name=_("committee"),
        on_delete=models.PROTECT,
        db_constraint=False,
        db_index=False,
    )
    zone = models.ForeignKey(
        "federation.Zone",
        verbose_name=_("zone"),
        on_delete=models.PROTECT,
        db_constraint=False,
        db_index=False,
    )
    series = models.CharField(_("series"), max_length=2)
    pcn = models.PositiveIntegerField(_("PCN"))
    pp = models.PositiveIntegerField(_("PP"))
    tournaments = models.PositiveIntegerField(_("tournaments"))
    rank = models.PositiveIntegerField(_("rank"))
    committee_rank = models.PositiveIntegerField(_("rank in the committee"))
    zone_rank = models.PositiveIntegerField(_("rank in the zone"))

    class Meta:
        verbose_name = _("ranking row")
        verbose_name_plural = _("ranking rows")
        ordering = ["run", "rank", "licensee"]
        constraints = [
            models.UniqueConstraint(fields=["run", "licensee"], name="one_row_per_licensee")
        ]

    def __str__(self) -> str:
        return f"{self.rank}. {self.licensee_id}: {self.pcn} PCN"


class Publication(models.Model):
    """A published national ranking: its run's rows, kept as they were (never computed
    again), and what changed since the previous publication of the season."""

    season = models.ForeignKey(
        "federation.Season", verbose_name=_("season"), on_delete=models.PROTECT
    )
    run = models.OneToOneField(
        RankingRun, verbose_name=_("ranking"), on_delete=models.PROTECT, related_name="publication"
    )
    previous = models.ForeignKey(
        "self", verbose_name=_("previous publication"), on_delete=models.PROTECT, null=True
    )
    published_at = models.DateTimeField(_("published at"))
    published_by = models.ForeignKey(
        "accounts.User", verbose_name=_("published by"), on_delete=models.PROTECT
    )
    added = models.PositiveIntegerField(_("players added"), default=0)
    changed = models.PositiveIntegerField(_("players changed"), default=0)
    unchanged = models.PositiveIntegerField(_("players unchanged"), default=0)

    class Meta:
        verbose_name = _("publication")
        verbose_name_plural = _("publications")
        ordering = ["-published_at"]

    def __str__(self) -> str:
        return f"{self.season} ({self.published_at:%d/%m/%Y})"


class PublicationChange(models.Model):
    """A player whose line differs from the previous publication, and why: the
    tournaments approved (or corrected) since."""

    publication = models.ForeignKey(Publication, on_delete=models.CASCADE, related_name="changes")
    licensee = models.ForeignKey(
        "federation.Licensee", verbose_name=_("licensee"), on_delete=models.PROTECT
    )
    pcn_before = models.PositiveIntegerField(_("PCN before"), null=True)
    pcn_after = models.PositiveIntegerField(_("PCN after"))
    rank_before = models.PositiveIntegerField(_("rank before"), null=True)
    rank_after = models.PositiveIntegerField(_("rank after"))
    reasons = models.TextField(_("why"), blank=True)

    class Meta:
        verbose_name = _("change since the previous publication")
        verbose_name_plural = _("changes since the previous publication")
        ordering = ["publication", "rank_after"]

    def __str__(self) -> str:
        return f"{self.licensee_id}: {self.pcn_before} → {self.pcn_after}"
