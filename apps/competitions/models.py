"""Championships (fascicule 3, ch. 2): a competition per season and kind, its stages, each
run as one tournament of the organiser's host club, the stage's regulation table, and who
each stage qualified for the next one."""

from django.db import models
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from apps.competitions.domain.kinds import CompetitionKind
from apps.competitions.domain.regulation import RegulationRow, minimums_hold
from apps.competitions.domain.seating import FirstSeating

NATIONAL_FINAL = "national_final"  # Stage.Level's, named here for Stage's constraint


class Competition(models.Model):
    class Kind(models.TextChoices):
        FIRST_SERIES = CompetitionKind.FIRST_SERIES, _("1st series")
        SECOND_SERIES = CompetitionKind.SECOND_SERIES, _("2nd series")
        PROMOTION = CompetitionKind.PROMOTION, _("Promotion")
        OPEN = CompetitionKind.OPEN, _("Open")
        SENIOR = CompetitionKind.SENIOR, _("Senior")
        YOUTH = CompetitionKind.YOUTH, _("Youth")

    season = models.ForeignKey(
        "federation.Season",
        verbose_name=_("season"),
        on_delete=models.PROTECT,
        related_name="competitions",
    )
    kind = models.CharField(_("championship"), max_length=10, choices=Kind.choices)
    # The outgoing champion of France, qualified directly for the national final (art. 4,
    # 9, 14).
    outgoing_champion = models.ForeignKey(
        "federation.Licensee",
        verbose_name=_("outgoing champion of France"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = _("competition")
        verbose_name_plural = _("competitions")
        ordering = ["-season__start_year", "kind"]
        constraints = [
            models.UniqueConstraint(fields=["season", "kind"], name="one_competition_per_kind")
        ]

    def __str__(self) -> str:
        return _("Individual championship %(kind)s %(season)s") % {
            "kind": self.get_kind_display(),
            "season": self.season,
        }

    @property
    def domain_kind(self) -> CompetitionKind:
        return CompetitionKind(self.kind)


class Stage(models.Model):
    class Level(models.TextChoices):
        LOCAL_FINAL = "local_final", _("local final")
        REGIONAL_SEMI_FINAL = "regional_semi_final", _("regional semi-final")
        REGIONAL_FINAL = "regional_final", _("regional final")
        NATIONAL_FINAL = NATIONAL_FINAL, _("national final")

    # Art. 16: « l'arbitre doit avoir la qualité d'arbitre régional pour les finales ».
    FINALS = frozenset({Level.LOCAL_FINAL, Level.REGIONAL_FINAL, Level.NATIONAL_FINAL})
    # Art. 2: the minimums of « chaque finale locale, régionale, par regroupement ».
    REGIONAL_FINALS = frozenset({Level.LOCAL_FINAL, Level.REGIONAL_FINAL})
    # The stages that give titles: the regional championship (art. 1, 6, 11) and the
    # championship of France (art. 5, 10, 15).
    TITLED = frozenset({Level.REGIONAL_FINAL, Level.NATIONAL_FINAL})

    class Seating(models.TextChoices):
        """The first session's seating (art. 7, 17); the following sessions are always
        seated by serpentine from the results (art. 17 ¶2)."""

        DRAW = FirstSeating.DRAW, _("random draw")
        SERPENTINE = FirstSeating.SERPENTINE, _("lines balanced by serpentine")

    competition = models.ForeignKey(
        Competition, verbose_name=_("competition"), on_delete=models.CASCADE, related_name="stages"
    )
    level = models.CharField(_("stage"), max_length=20, choices=Level.choices)
    name = models.CharField(_("name"), max_length=150)
    # The organiser: a committee, a zone for a group of committees, or (neither) the
    # federation.
    committee = models.ForeignKey(
        "federation.Committee",
        verbose_name=_("organising committee"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="stages",
    )
    zone = models.ForeignKey(
        "federation.Zone",
        verbose_name=_("coordinating zone"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="stages",
    )
    group = models.ManyToManyField(
        "federation.Committee",
        verbose_name=_("committees of the group"),
        blank=True,
        related_name="grouped_stages",
    )
    tournament = models.OneToOneField(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        on_delete=models.PROTECT,
        related_name="stage",
    )
    next_stage = models.ForeignKey(
        "self",
        verbose_name=_("qualifies for"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="previous_stages",
    )
    # Art. 1: the 2nd series players of an overseas committee « sont qualifiés suivant
    # l'ordre du classement du championnat régional open de la zone outre-mer »: such a
    # stage is not played; it qualifies from that Open stage's ranking.
    ranking_source = models.ForeignKey(
        "self",
        verbose_name=_("qualifies by the ranking of"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="ranked_stages",
    )
    deals = models.PositiveSmallIntegerField(_("deals per session"), default=20)
    seating = models.CharField(
        _("seating of the first session"),
        max_length=12,
        choices=Seating.choices,
        default=Seating.DRAW,
    )
    # Set by federation staff for the season (art. 1, 4, 6, 9, 11, 14): None until set.
    quota = models.PositiveSmallIntegerField(_("players qualified"), null=True, blank=True)
    replacements = models.PositiveSmallIntegerField(_("replacements listed"), default=2)
    outgoing_champion = models.ForeignKey(
        "federation.Licensee",
        verbose_name=_("outgoing champion"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    referee_derogation = models.CharField(
        _("derogation for a referee without the regional grade"), max_length=200, blank=True
    )
    champion = models.ForeignKey(
        "federation.Licensee",
        verbose_name=_("champion"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    vice_champion = models.ForeignKey(
        "federation.Licensee",
        verbose_name=_("vice-champion"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    closed_at = models.DateTimeField(_("qualification done at"), null=True, blank=True)
    # Art. 3, 8, 13: the regional regulation « doit être adressé au responsable de zone pour
    # aval »; a stage played without it is void.
    approved_by = models.ForeignKey(
        "accounts.User",
        verbose_name=_("regulation approved by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    approved_at = models.DateTimeField(_("regulation approved at"), null=True, blank=True)

    class Meta:
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        ordering = ["competition", "tournament__date", "name"]
        constraints = [
            # The champion of France has one place: the competition's outgoing champion.
            models.CheckConstraint(
                condition=~models.Q(level=NATIONAL_FINAL) | models.Q(outgoing_champion=None),
                name="national_final_champion_on_the_competition",
            )
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def semi_final(self) -> bool:
        """A regional semi-final: its incomplete table may take players directly."""
        return self.level == self.Level.REGIONAL_SEMI_FINAL

    @property
    def national_final(self) -> bool:
        """The championship of France's final, whose outgoing champion is the
        competition's."""
        return self.level == self.Level.NATIONAL_FINAL

    @property
    def is_final(self) -> bool:
        return self.level in self.FINALS

    @classmethod
    def holds_minimums(cls, kind: CompetitionKind, level: str) -> bool:
        """A stage of this level is held to the minimums of players, sessions and donnes
        (art. 2, 7, 12: ``minimums_hold``)."""
        return minimums_hold(
            kind, regional=level != cls.Level.NATIONAL_FINAL, final=level in cls.REGIONAL_FINALS
        )

    @property
    def needs_approval(self) -> bool:
        """A committee's or a group's stage needs the zone's approval of its regulation."""
        return self.level != self.Level.NATIONAL_FINAL and not self.ranking_source_id

    @property
    def zone_of_organiser_id(self) -> int | None:
        return self.zone_id or (self.committee.zone_id if self.committee_id else None)

    @property
    def organiser_name(self) -> str:
        if self.committee_id:
            return str(self.committee)
        if self.zone_id:
            return _("group of committees, zone %(zone)s") % {"zone": self.zone}
        return str(_("French Tarot Federation"))

    def regulation(self) -> list[RegulationRow]:
        return [row.as_domain() for row in self.regulation_rows.all()]


class RegulationLine(models.Model):
    """One row of the stage's regulation table (art. 3, 8, 13): for ``low`` to ``high``
    players present at the first session, the players of each following session."""

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="regulation_rows")
    low = models.PositiveSmallIntegerField(_("from"))
    high = models.PositiveSmallIntegerField(_("to"))
    next_sessions = models.JSONField(_("players of the following sessions"), default=list)

    class Meta:
        verbose_name = _("regulation table row")
        verbose_name_plural = _("regulation table rows")
        ordering = ["stage", "low"]

    def __str__(self) -> str:
        return f"{self.low}-{self.high} : {self.next_sessions}"

    def as_domain(self) -> RegulationRow:
        return RegulationRow(self.low, self.high, tuple(self.next_sessions))


class Qualifier(models.Model):
    """A player a stage sent to the next one, or listed as a replacement. A qualified player
    who withdraws (« forfait ») gives their place to the first replacement listed still
    free, who enters « à la place de » them (art. 18 « le ou les remplaçants prévus »)."""

    class Role(models.TextChoices):
        QUALIFIED = "qualified", _("qualified")
        REPLACEMENT = "replacement", _("replacement")
        DIRECT = "direct", _("qualified directly (incomplete table)")

    class Status(models.TextChoices):
        """Where the player stands now (``status``)."""

        QUALIFIED = "qualified", _("qualified")
        LISTED = "listed", _("replacement")
        ENTERED = "entered", _("replacement entered")
        WITHDRAWN = "withdrawn", _("withdrawn")
        REPLACED = "replaced", _("replaced")

    stage = models.ForeignKey(Stage, on_delete=models.CASCADE, related_name="qualifiers")
    licensee = models.ForeignKey(
        "federation.Licensee",
        verbose_name=_("licensee"),
        on_delete=models.PROTECT,
        related_name="qualifications",
    )
    role = models.CharField(_("as"), max_length=12, choices=Role.choices)
    order = models.PositiveSmallIntegerField(_("order"))
    rank = models.PositiveSmallIntegerField(_("rank"), null=True, blank=True)
    withdrawn_at = models.DateTimeField(_("withdrew at"), null=True, blank=True)
    replaces = models.OneToOneField(
        "self",
        verbose_name=_("in place of"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="replaced_by",
    )

    class Meta:
        verbose_name = _("qualified player")
        verbose_name_plural = _("qualified players")
        ordering = ["stage", "order"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "licensee"], name="one_qualification")
        ]

    def __str__(self) -> str:
        return f"{self.licensee.full_name} ({self.get_role_display()})"

    @classmethod
    def holding_place(cls) -> models.Q:
        """``holds_place`` as a query's condition."""
        entered = ~models.Q(role=cls.Role.REPLACEMENT) | models.Q(replaces__isnull=False)
        return models.Q(withdrawn_at=None) & entered

    @property
    def holds_place(self) -> bool:
        """Entered in the next stage by this stage: qualified, or a replacement who took a
        withdrawn player's place, and not withdrawn since."""
        if self.withdrawn_at is not None:
            return False
        return self.role != self.Role.REPLACEMENT or self.replaces_id is not None

    @property
    def status(self) -> "Qualifier.Status":
        """Replaced once a replacement took the place (``replaced_by`` read: select it)."""
        if self.withdrawn_at is not None:
            replaced = getattr(self, "replaced_by", None) is not None
            return self.Status.REPLACED if replaced else self.Status.WITHDRAWN
        if self.role != self.Role.REPLACEMENT:
            return self.Status.QUALIFIED
        return self.Status.ENTERED if self.replaces_id else self.Status.LISTED

    @property
    def situation(self) -> str:
        """The status in words, naming who replaced the player or whom they replace
        (« forfait, remplacé par … », « à la place de … »): lists, bordereau, public page."""
        status = self.status
        if status == self.Status.REPLACED:
            return gettext("withdrawn, replaced by %(name)s") % {
                "name": self.replaced_by.licensee.full_name
            }
        if status == self.Status.ENTERED:
            return gettext("in place of %(name)s") % {"name": self.replaces.licensee.full_name}
        if status == self.Status.QUALIFIED:
            return str(self.get_role_display())  # qualifié, or qualifié directement
        return str(status.label)
