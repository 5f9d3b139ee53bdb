"""Arbitration of a session (fascicule 3, ch. 4 « code d'arbitrage »).

- ``Penalty``: percentage points taken off a player's % global, with the referee's reason.
- ``CatalogueVersion`` and ``Fault``: the code d'arbitrage as data, one version per season.
- ``Incident``: a fault the referee rules on, with its penalty and adjusted score.
"""

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.penalties.domain.effects import AdjustmentKind
from apps.penalties.domain.ruling import PlayersNoteKind
from apps.scoring.domain.deal import Side as DomainSide

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


# --- the code d'arbitrage (chapter 4) as data -----------------------------------


class CatalogueVersion(models.Model):
    """One edition of the code d'arbitrage. A published version is never edited: the
    federation copies it into a new version for a new season, and a tournament keeps the
    published version valid at its date."""

    name = models.CharField(_("name"), max_length=100, unique=True)
    valid_from = models.DateField(_("valid from"))
    published = models.BooleanField(_("published"), default=False)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("arbitration catalogue")
        verbose_name_plural = _("arbitration catalogues")
        ordering = ["-valid_from", "name"]

    def __str__(self) -> str:
        return self.name


class Penalised(models.TextChoices):
    """Who the catalogue's percentage penalty falls on."""

    NOBODY = "", _("nobody")
    FAULTY_PLAYER = "faulty_player", _("the faulty player(s)")
    FAULTY_SIDE = "faulty_side", _("the faulty side(s)")
    TAKER = "taker", _("the taker")
    TABLE = "table", _("the four players of the table")


class Adjustment(models.TextChoices):
    """The adjusted score a fault implies (the kinds of the domain's effects)."""

    NONE = "", _("none")
    NEUTRALIZED = AdjustmentKind.NEUTRALIZED, _("cancelled board")
    ZERO_COLLECTIF = AdjustmentKind.ZERO_COLLECTIF, _("collective zero")
    FORTY_SIXTY = AdjustmentKind.FORTY_SIXTY, _("40/60")
    FORTY_FORTY = AdjustmentKind.FORTY_FORTY, _("40/40")
    FORGOTTEN_CARD = AdjustmentKind.FORGOTTEN_CARD, _("forgotten card")


class FaultySide(models.TextChoices):
    """The side at fault of a ruling (the domain's sides, or none named)."""

    UNKNOWN = "", _("as the referee finds")
    TAKER = DomainSide.TAKER, _("taker")
    DEFENSE = DomainSide.DEFENSE, _("defence")


class PlayersNote(models.TextChoices):
    """The note the players concerned get on a cancelled board (« 0 au joueur fautif »,
    « 40 % au(x) joueur(s) fautif(s) »); the others have none."""

    NONE = "", _("none")
    ZERO = PlayersNoteKind.ZERO, _("0 %")
    FORTY = PlayersNoteKind.FORTY, _("40 %")


class Fault(models.Model):
    """A fault or incident of the code d'arbitrage with its sanction as printed."""

    class Category(models.TextChoices):
        CONDUCT = "conduct", _("conduct")
        DEAL = "deal", _("deal and étui")
        TRAVELLER = "traveller", _("traveller and diagram")
        PLAY = "play", _("play")
        RECONSTITUTION = "reconstitution", _("wrong reconstitution of the deal")
        POIGNEE = "poignee", _("poignée")

    version = models.ForeignKey(
        CatalogueVersion,
        verbose_name=_("catalogue"),
        on_delete=models.CASCADE,
        related_name="faults",
    )
    code = models.SlugField(_("code"), max_length=60)
    label = models.TextField(_("fault or incident"))
    sanction = models.TextField(_("sanction"), blank=True)
    category = models.CharField(_("category"), max_length=20, choices=Category.choices)
    penalty_percent = models.DecimalField(
        _("penalty (percentage points)"),
        max_digits=5,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(PERCENT_MIN), MaxValueValidator(PERCENT_MAX)],
    )
    penalised = models.CharField(
        _("penalised"), max_length=20, choices=Penalised.choices, blank=True
    )
    adjustment = models.CharField(
        _("adjusted score"), max_length=20, choices=Adjustment.choices, blank=True
    )
    faulty_side = models.CharField(
        _("faulty side"), max_length=10, choices=FaultySide.choices, blank=True
    )
    players_note = models.CharField(
        _("note of the players concerned"),
        max_length=10,
        choices=PlayersNote.choices,
        blank=True,
    )
    cumulative = models.BooleanField(
        _("penalties add up"),
        default=True,
        help_text=_("Otherwise a player's penalties for such faults on one étui count once."),
    )
    order = models.PositiveSmallIntegerField(_("order"), default=0)

    class Meta:
        verbose_name = _("fault")
        verbose_name_plural = _("faults")
        ordering = ["version", "order", "code"]
        constraints = [
            models.UniqueConstraint(fields=["version", "code"], name="unique_fault_code")
        ]

    def __str__(self) -> str:
        return self.label


# --- incidents -------------------------------------------------------------------


class IncidentQuerySet(models.QuerySet):
    def live(self):
        """The incidents not cancelled: those that count."""
        return self.filter(cancelled_at__isnull=True)


class Incident(models.Model):
    """A fault the referee rules on: the players concerned, the penalty and the adjusted
    score applied (the catalogue's unless overridden with a reason). A cancelled incident
    stays, with who cancelled it and why, and counts for nothing."""

    session = models.ForeignKey(
        "tournaments.Session",
        verbose_name=_("session"),
        on_delete=models.CASCADE,
        related_name="incidents",
    )
    table = models.ForeignKey(
        "movements.MovementTable",
        verbose_name=_("table"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="incidents",
    )
    etui = models.PositiveSmallIntegerField(_("étui"), null=True, blank=True)
    players = models.ManyToManyField(
        "tournaments.Registration",
        verbose_name=_("players concerned"),
        blank=True,
        related_name="incidents",
    )
    fault = models.ForeignKey(
        Fault, verbose_name=_("fault"), on_delete=models.PROTECT, related_name="incidents"
    )
    note = models.TextField(_("note"), blank=True)  # the referee's own, never printed
    public_reason = models.CharField(_("reason shown to the players"), max_length=300, blank=True)
    penalty_percent = models.DecimalField(
        _("penalty (percentage points)"), max_digits=5, decimal_places=2, null=True, blank=True
    )
    override_reason = models.TextField(_("reason for departing from the catalogue"), blank=True)
    adjustment = models.CharField(
        _("adjusted score"), max_length=20, choices=Adjustment.choices, blank=True
    )
    faulty_side = models.CharField(
        _("faulty side"), max_length=10, choices=FaultySide.choices, blank=True
    )
    players_note = models.CharField(
        _("note of the players concerned"),
        max_length=10,
        choices=PlayersNote.choices,
        blank=True,
    )
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)
    cancelled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("cancelled by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    cancel_reason = models.TextField(_("reason for cancelling"), blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("recorded by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(_("recorded at"), auto_now_add=True)

    objects = IncidentQuerySet.as_manager()

    class Meta:
        verbose_name = _("incident")
        verbose_name_plural = _("incidents")
        ordering = ["session", "created_at", "pk"]

    def __str__(self) -> str:
        if self.etui is None:
            return str(self.fault)
        return _("étui %(etui)s: %(fault)s") % {"etui": self.etui, "fault": self.fault}

    @property
    def cancelled(self) -> bool:
        return self.cancelled_at is not None
