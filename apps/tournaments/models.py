from decimal import Decimal
from functools import cached_property

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.core.validators import no_control_characters
from apps.federation.models import RefereeGrade, season_day
from apps.tournaments.domain.indices import INDICES, Index, index_problem
from apps.tournaments.domain.workflow import FROZEN_STATUSES, RESULT_STATUSES, Status
from apps.tournaments.freezing import freeze_reasons


def index_granted(value: Decimal) -> None:
    """A tournament's index is one the regulation grants (tournaments.domain.indices)."""
    problem = index_problem(value)
    if problem:
        raise ValidationError(problem, code="index")


class Tournament(models.Model):
    class Kind(models.TextChoices):
        INDIVIDUAL = "individual", _("individual duplicate, en ligne movement")
        HOWELL = "howell", _("individual duplicate, Howell movement")
        MULTI_SESSION = "multi_session", _("several sessions")
        CHAMPIONSHIP = "championship", _("championship stage")

    class Game(models.TextChoices):
        """What the tournament plays: duplicate tarot (the federation's, with awards and
        homologation), or another game a club runs on the same registrations and pages
        (apps.games)."""

        DUPLICATE_TAROT = "duplicate_tarot", _("duplicate tarot")
        FREE_TAROT = "free_tarot", _("free-play tarot")
        BELOTE = "belote", _("belote (two players)")
        PINOCHLE = "pinochle", _("pinochle (teams)")

    class StatusChoice(models.TextChoices):
        DRAFT = Status.DRAFT, _("draft")
        REGISTRATION_OPEN = Status.REGISTRATION_OPEN, _("registration open")
        RUNNING = Status.RUNNING, _("running")
        FINISHED = Status.FINISHED, _("finished")
        SUBMITTED = Status.SUBMITTED, _("submitted for approval")
        APPROVED = Status.APPROVED, _("approved")

    club = models.ForeignKey(
        "federation.Club",
        verbose_name=_("organising club"),
        on_delete=models.PROTECT,
        related_name="tournaments",
    )
    name = models.CharField(_("name"), max_length=150, validators=[no_control_characters])
    date = models.DateField(_("date"), validators=[season_day])
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    starts_at = models.TimeField(_("start time"), null=True, blank=True)
    entry_fee = models.DecimalField(
        _("entry fee (€)"),
        max_digits=6,
        decimal_places=2,
        null=True,
        blank=True,
        validators=[MinValueValidator(Decimal("0"))],
    )
    # Beyond it, players registered wait for a place (the first in line takes the next).
    max_players = models.PositiveSmallIntegerField(
        _("players at most"), null=True, blank=True, validators=[MinValueValidator(4)]
    )
    # Blank: as the regulation sets them (4 étuis a table up to 9 tables, 2 from 11).
    etuis_per_table = models.PositiveSmallIntegerField(
        _("étuis per table at each position"),
        null=True,
        blank=True,
        choices=[(4, _("4 étuis per table")), (2, _("2 étuis per table"))],
        help_text=_(
            "Blank: as the regulation sets it (4 up to 9 tables, 2 from 11 tables); "
            "4 are compulsory at 7 tables, and a Howell plays its own étuis."
        ),
    )
    # After it, only the tournament's referees still register players (at the door).
    registration_deadline = models.DateTimeField(_("registrations close"), null=True, blank=True)
    game = models.CharField(
        _("game"), max_length=20, choices=Game.choices, default=Game.DUPLICATE_TAROT
    )
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices, default=Kind.INDIVIDUAL)
    index = models.DecimalField(
        _("index"),
        max_digits=3,
        decimal_places=1,
        default=Index.BASE,
        validators=[index_granted],
        help_text=_("PCN award multiplier: 1, 1.2 (regional), 1.5 (national), 1.8 (final)."),
    )
    status = models.CharField(
        _("status"), max_length=20, choices=StatusChoice.choices, default=Status.DRAFT
    )
    # The creation form's one-time key: the same form sent twice creates one tournament.
    request_key = models.UUIDField(null=True, blank=True, unique=True, editable=False)
    # The fingerprint of the tournament file it was imported from: the same file is not
    # imported twice.
    file_fingerprint = models.CharField(
        max_length=64, null=True, blank=True, unique=True, editable=False
    )
    # The fingerprint of what was played (apps.results.domain.fingerprint), kept while its
    # results are complete: the same results are imported once and ranked once. Not unique:
    # tournaments approved before it was kept may share one.
    results_fingerprint = models.CharField(
        max_length=64, null=True, blank=True, editable=False, db_index=True
    )
    # Federation staff imported its file although Donne held the same results: why, and
    # which tournament held them (apps.exchange.services); the ranking then counts both.
    same_results_accepted = models.TextField(
        _("imported despite the same results"), blank=True, editable=False
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-date", "name"]
        indexes = [models.Index(fields=["status", "date"])]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(index__in=INDICES), name="tournament_index_granted"
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d/%m/%Y})"

    def clean(self):
        super().clean()
        deadline = self.registration_deadline
        if deadline and self.date and timezone.localtime(deadline).date() > self.date:
            raise ValidationError(
                {
                    "registration_deadline": _(
                        "Registrations close on or before the tournament's day."
                    )
                }
            )

    @property
    def duplicate(self) -> bool:
        """Duplicate tarot: movements, topage, awards and homologation apply."""
        return self.game == self.Game.DUPLICATE_TAROT

    @property
    def play_over(self) -> bool:
        """Finished, submitted or approved: the results are shown to whoever may open the
        tournament, and a score changed from then on needs a reason."""
        return self.status in RESULT_STATUSES

    @property
    def finished(self) -> bool:
        """Play is over and the tournament is with its organiser, not yet sent for
        homologation (or sent back)."""
        return self.status == Status.FINISHED

    @property
    def frozen(self) -> bool:
        """Submitted or approved, or frozen by an app above (a championship stage whose
        qualified players are named): nothing that affects the results changes."""
        return self.status in FROZEN_STATUSES or bool(self.frozen_reasons)

    @cached_property
    def frozen_reasons(self) -> list[str]:
        """Why the apps above freeze the results before submission (``freezing``)."""
        return freeze_reasons(self)

    @property
    def submitted(self) -> bool:
        """With the homologation chain, not yet approved nor sent back."""
        return self.status == Status.SUBMITTED

    @property
    def approved(self) -> bool:
        """Homologated: the end of the chain; only an accepted correction changes it."""
        return self.status == Status.APPROVED


class Session(models.Model):
    """Séance: one sitting of a tournament, weighted by its coefficient."""

    tournament = models.ForeignKey(
        Tournament, verbose_name=_("tournament"), on_delete=models.CASCADE, related_name="sessions"
    )
    number = models.PositiveSmallIntegerField(_("number"))
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    coefficient = models.DecimalField(
        _("coefficient"),
        max_digits=4,
        decimal_places=2,
        default=Decimal("1.00"),
        validators=[MinValueValidator(Decimal("0.01"))],
    )

    class Meta:
        verbose_name = _("session")
        verbose_name_plural = _("sessions")
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_session_number")
        ]

    def __str__(self) -> str:
        return _("%(tournament)s, session %(number)s") % {
            "tournament": self.tournament.name,
            "number": self.number,
        }


class Registration(models.Model):
    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="registrations",
    )
    licensee = models.ForeignKey(
        "federation.Licensee",
        verbose_name=_("licensee"),
        on_delete=models.PROTECT,
        related_name="registrations",
    )
    registered_at = models.DateTimeField(_("registered at"), auto_now_add=True)
    # On the waiting list of a full tournament: not seated until a place frees.
    waiting = models.BooleanField(_("waiting list"), default=False)

    class Meta:
        verbose_name = _("registration")
        verbose_name_plural = _("registrations")
        ordering = ["licensee__last_name", "licensee__first_name"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "licensee"], name="unique_registration")
        ]

    def __str__(self) -> str:
        return f"{self.licensee.full_name} → {self.tournament.name}"


class RefereeAssignment(models.Model):
    Grade = RefereeGrade

    # Grades that may direct a final (art. 16).
    FINAL_GRADES = frozenset({Grade.REGIONAL, Grade.NATIONAL})

    tournament = models.ForeignKey(
        Tournament,
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        related_name="referee_assignments",
    )
    referee = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("referee"),
        on_delete=models.CASCADE,
        related_name="refereed_tournaments",
    )
    grade = models.CharField(_("grade"), max_length=10, choices=Grade.choices, blank=True)
    assigned_at = models.DateTimeField(_("assigned at"), auto_now_add=True)

    class Meta:
        verbose_name = _("referee assignment")
        verbose_name_plural = _("referee assignments")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "referee"], name="unique_referee")
        ]

    def __str__(self) -> str:
        return f"{self.referee} → {self.tournament.name}"
