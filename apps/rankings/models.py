"""A season's national ranking as computed by a worker: the run (its state and progress)
and one row per ranked licensee — totals, ranks in the nation, committee and zone."""

from django.db import models
from django.db.models import F
from django.utils.translation import gettext_lazy as _

from apps.core.models import ClaimedJob
from apps.federation.domain.series import NAMES, RANKED
from apps.federation.models import Licensee, full_name_of
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
    # What the staff's progress bar shows: the steps of the computation done, in percent.
    progress = models.PositiveSmallIntegerField(_("progress"), default=0)

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
    # unique (run, licensee) index serves every read, a player's lines through the runs
    # (apps.rankings.selectors), and is the only one each new row costs.
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
        db_index=False,
    )
    # The club, committee and zone when the list was computed: a published list keeps
    # a player under the club they played for, whatever transfers come after.
    club = models.ForeignKey(
        "federation.Club",
        verbose_name=_("club"),
        on_delete=models.PROTECT,
        db_constraint=False,
        db_index=False,
        null=True,
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
    # The player as they were when the list was computed (a published list never changes
    # on screen when a licensee is renamed, given another licence or changes club, or
    # their club is gone).
    licence_number = models.CharField(_("licence number"), max_length=10, blank=True)
    last_name = models.CharField(_("last name"), max_length=100, blank=True)
    first_name = models.CharField(_("first name"), max_length=100, blank=True)
    club_name = models.CharField(_("club"), max_length=150, blank=True)
    series = models.CharField(_("series"), max_length=2, choices=Licensee.Series.choices)
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

    @property
    def full_name(self) -> str:
        """The player's name when the list was computed."""
        return full_name_of(self.last_name, self.first_name)


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
    removed = models.PositiveIntegerField(_("players no longer ranked"), default=0)

    class Meta:
        verbose_name = _("publication")
        verbose_name_plural = _("publications")
        ordering = ["-published_at"]

    def __str__(self) -> str:
        return f"{self.season} ({self.published_at:%d/%m/%Y})"


class PublicationChange(models.Model):
    """A player whose line differs from the previous publication (or who left it), and
    why: the tournaments they played that were approved (or corrected) since."""

    publication = models.ForeignKey(Publication, on_delete=models.CASCADE, related_name="changes")
    licensee = models.ForeignKey(
        "federation.Licensee", verbose_name=_("licensee"), on_delete=models.PROTECT
    )
    pcn_before = models.PositiveIntegerField(_("PCN before"), null=True)
    pcn_after = models.PositiveIntegerField(_("PCN after"), null=True)  # None: left the list
    pp_before = models.PositiveIntegerField(_("PP before"), null=True)
    pp_after = models.PositiveIntegerField(_("PP after"), null=True)
    rank_before = models.PositiveIntegerField(_("rank before"), null=True)
    rank_after = models.PositiveIntegerField(_("rank after"), null=True)
    # Why: [text, tournament id or None (a file from other software, or others' results)].
    causes = models.JSONField(_("why"), default=list, blank=True)

    class Meta:
        verbose_name = _("change since the previous publication")
        verbose_name_plural = _("changes since the previous publication")
        ordering = ["publication", F("rank_after").asc(nulls_last=True), "licensee"]

    def __str__(self) -> str:
        return f"{self.licensee_id}: {self.pcn_before} → {self.pcn_after}"

    @property
    def reasons(self) -> str:
        """The causes as one sentence (the API's ``reasons``)."""
        return " ; ".join(text for text, _tournament in self.causes)


class SeriesRule(models.Model):
    """One of the season's rules for the séries (apps.rankings.domain.series): what a
    player's season must reach to enter a série, or to keep it."""

    class Purpose(models.TextChoices):
        ENTER = "enter", _("enter")
        KEEP = "keep", _("keep")

    class Measure(models.TextChoices):
        PCN = "pcn", _("PCN at least")
        PP = "pp", _("PP at least")
        RANK = "rank", _("national rank at most")

    SERIES = [(code, NAMES[code]) for code in RANKED]  # a rule is for a série, not « non classé »

    season = models.ForeignKey(
        "federation.Season",
        verbose_name=_("season"),
        on_delete=models.CASCADE,
        related_name="series_rules",
    )
    series = models.CharField(_("series"), max_length=2, choices=SERIES)
    purpose = models.CharField(_("rule"), max_length=5, choices=Purpose.choices)
    measure = models.CharField(_("measure"), max_length=4, choices=Measure.choices)
    threshold = models.PositiveIntegerField(_("threshold"))

    class Meta:
        verbose_name = _("series rule")
        verbose_name_plural = _("series rules")
        ordering = ["season", "series", "purpose", "measure", "threshold"]

    def __str__(self) -> str:
        return f"{self.get_series_display()}: {self.get_measure_display()} {self.threshold}"


class SeriesProposal(models.Model):
    """The séries changes computed at a season's end from a published list, reviewed, then
    applied to the licensees in one step."""

    season = models.ForeignKey(
        "federation.Season", verbose_name=_("season"), on_delete=models.PROTECT
    )
    publication = models.ForeignKey(
        Publication, verbose_name=_("publication"), on_delete=models.PROTECT
    )
    created_at = models.DateTimeField(_("computed at"), auto_now_add=True)
    created_by = models.ForeignKey(
        "accounts.User", verbose_name=_("computed by"), on_delete=models.PROTECT, related_name="+"
    )
    applied_at = models.DateTimeField(_("applied at"), null=True, blank=True)
    applied_by = models.ForeignKey(
        "accounts.User",
        verbose_name=_("applied by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = _("series proposal")
        verbose_name_plural = _("series proposals")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.season} ({self.created_at:%d/%m/%Y})"


class SeriesChange(models.Model):
    """A licensee's proposed move, with the rule that makes it; ``kept`` false when the
    reviewer leaves it out."""

    proposal = models.ForeignKey(SeriesProposal, on_delete=models.CASCADE, related_name="changes")
    licensee = models.ForeignKey(
        "federation.Licensee", verbose_name=_("licensee"), on_delete=models.PROTECT
    )
    before = models.CharField(_("series before"), max_length=2, choices=Licensee.Series.choices)
    after = models.CharField(_("series after"), max_length=2, choices=Licensee.Series.choices)
    reason = models.CharField(_("why"), max_length=200)
    kept = models.BooleanField(_("applied"), default=True)

    class Meta:
        verbose_name = _("series change")
        verbose_name_plural = _("series changes")
        ordering = ["proposal", "licensee__last_name", "licensee__first_name"]
        constraints = [
            models.UniqueConstraint(fields=["proposal", "licensee"], name="one_change_per_licensee")
        ]

    def __str__(self) -> str:
        return f"{self.licensee_id}: {self.before} → {self.after}"


class SourceCheck(models.Model):
    """The checks of one source of lines (a tournament's awards, or a file of other
    software), as the ranking reads them (apps.rankings.checks): the most PCN and PP a
    line may hold for the facts Donne verified, the other sources holding the same or
    close results, and the licensees who played another tournament at the same date and
    session time. Made again when the source changes (``changed_at``)."""

    award_set = models.OneToOneField(
        "awards.AwardSet", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    homologation = models.OneToOneField(
        "approvals.Homologation",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
    )
    # When the source last changed as the check saw it (its awards computed, the file's
    # details corrected): a later change makes the check again.
    changed_at = models.DateTimeField(_("source changed at"))
    recorded_at = models.DateTimeField(_("recorded at"))
    max_pcn = models.PositiveIntegerField(_("most PCN a line"))
    max_pp = models.PositiveIntegerField(_("most PP a line"))
    bounds = models.CharField(_("bounds"), max_length=300)
    # [{"ref": "t12", "likeness": "same", "percent": 95, "by": "attributions"}, …]
    alike = models.JSONField(_("sources alike"), default=list, blank=True)
    # [{"licensee": 7, "ref": "t9"}, …]: the same date and session time elsewhere.
    clashes = models.JSONField(_("same time elsewhere"), default=list, blank=True)
    # Either of the two above holds something: what the ranking reads first.
    flagged = models.BooleanField(_("flagged"), default=False)
    checked_at = models.DateTimeField(_("checked at"), auto_now=True)

    class Meta:
        verbose_name = _("source check")
        verbose_name_plural = _("source checks")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(award_set__isnull=False, homologation__isnull=True)
                | models.Q(award_set__isnull=True, homologation__isnull=False),
                name="source_check_one_source",
            )
        ]

    def __str__(self) -> str:
        return f"{self.award_set_id or self.homologation_id}: {self.bounds}"


class OfSource(models.Model):
    """A line's source: a tournament's awards or a file of other software."""

    award_set = models.ForeignKey(
        "awards.AwardSet", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    homologation = models.ForeignKey(
        "approvals.Homologation",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        abstract = True


class WithheldLine(OfSource):
    """A line a run did not count, with why: above what the tables allow, the same
    results as another source, or the licensee elsewhere at the same time. Federation
    staff read them on the publication's preview and may restore one."""

    class Kind(models.TextChoices):
        BOUNDS = "bounds", _("above the tables")
        SAME_RESULTS = "same_results", _("same results")
        SAME_TIME = "same_time", _("same date and time")

    run = models.ForeignKey(RankingRun, on_delete=models.CASCADE, related_name="withheld")
    source = models.CharField(_("source"), max_length=200)
    licensee = models.ForeignKey(
        "federation.Licensee", verbose_name=_("licensee"), on_delete=models.PROTECT
    )
    pcn = models.PositiveIntegerField(_("PCN"))
    pp = models.PositiveIntegerField(_("PP"))
    kind = models.CharField(_("why"), max_length=20, choices=Kind.choices)
    reason = models.TextField(_("reason"))

    class Meta:
        verbose_name = _("withheld line")
        verbose_name_plural = _("withheld lines")
        ordering = ["run", "source", "licensee"]

    def __str__(self) -> str:
        return f"{self.source}: {self.licensee_id} ({self.kind})"


class LineRestoration(OfSource):
    """Federation staff's decision that a withheld line counts after all, with why."""

    season = models.ForeignKey(
        "federation.Season", on_delete=models.CASCADE, related_name="line_restorations"
    )
    licensee = models.ForeignKey(
        "federation.Licensee", verbose_name=_("licensee"), on_delete=models.PROTECT
    )
    reason = models.TextField(_("why it counts"))
    restored_by = models.ForeignKey(
        "accounts.User", verbose_name=_("restored by"), on_delete=models.PROTECT, related_name="+"
    )
    restored_at = models.DateTimeField(_("restored at"), auto_now_add=True)

    class Meta:
        verbose_name = _("restored line")
        verbose_name_plural = _("restored lines")
        ordering = ["-restored_at"]

    def __str__(self) -> str:
        return f"{self.award_set_id or self.homologation_id}: {self.licensee_id}"
