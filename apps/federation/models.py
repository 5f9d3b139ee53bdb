from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.core.models import ClaimedJob, JobState
from apps.federation.domain import series
from apps.federation.domain.licences import InvalidLicenceNumber, licence_number_normalize
from apps.federation.domain.seasons import SeasonSpan, day_refusal


class Zone(models.Model):
    code = models.CharField(_("code"), max_length=10, unique=True)
    name = models.CharField(_("name"), max_length=100)

    class Meta:
        verbose_name = _("zone")
        verbose_name_plural = _("zones")
        ordering = ["code"]

    def __str__(self) -> str:
        return self.name


class Committee(models.Model):
    """Comité régional (CCR)."""

    code = models.CharField(_("code"), max_length=10, unique=True)
    name = models.CharField(_("name"), max_length=100)
    zone = models.ForeignKey(
        Zone, verbose_name=_("zone"), on_delete=models.PROTECT, related_name="committees"
    )
    # An overseas committee (fascicule 3, ch. 2, art. 1).
    overseas = models.BooleanField(_("overseas"), default=False)

    class Meta:
        verbose_name = _("committee")
        verbose_name_plural = _("committees")
        ordering = ["code"]

    def __str__(self) -> str:
        return self.name


class Club(models.Model):
    number = models.CharField(_("club number"), max_length=10, unique=True)
    name = models.CharField(_("name"), max_length=150)
    committee = models.ForeignKey(
        Committee, verbose_name=_("committee"), on_delete=models.PROTECT, related_name="clubs"
    )
    city = models.CharField(_("city"), max_length=100, blank=True)
    # Affiliated to the FFT: only an affiliated club's tournaments are homologated
    # (fascicule 3, ch. 5, « Organisateur »).
    affiliated = models.BooleanField(_("affiliated to the FFT"), default=True)

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


def validate_licence_number(value: str) -> None:
    try:
        if licence_number_normalize(value) != value:
            raise ValidationError(_("Write the licence number with digits only."))
    except InvalidLicenceNumber as exc:
        raise ValidationError(str(exc)) from exc


class RefereeGrade(models.TextChoices):
    """A referee's grade (fascicule 3, ch. 2, art. 16: a final needs a regional referee
    unless a derogation is granted; ch. 5: tournaments are directed by « un arbitre
    officiel »)."""

    CLUB = "club", _("club referee")
    REGIONAL = "regional", _("regional referee")
    NATIONAL = "national", _("national referee")


class LicenseeManager(models.Manager):
    """The federation's licensees: a guest without a licence is reached through the
    registration the referee made for them, never found among the licensees."""

    def get_queryset(self):
        return super().get_queryset().filter(guest=False)


def full_name_of(last_name: str, first_name: str) -> str:
    """A person's name as lists print it: « DUPONT Alice »."""
    return f"{last_name.upper()} {first_name}"


class Licensee(models.Model):
    class Series(models.TextChoices):  # federation.domain.series, named as it names them
        FIRST = series.Series.FIRST, series.NAMES[series.Series.FIRST]
        SECOND = series.Series.SECOND, series.NAMES[series.Series.SECOND]
        PROMOTION = series.Series.PROMOTION, series.NAMES[series.Series.PROMOTION]
        UNRANKED = series.Series.UNRANKED, series.NAMES[series.Series.UNRANKED]

    # A guest (no licence) has none: they play, take no PCN, are in no list.
    licence_number = models.CharField(
        _("licence number"),
        max_length=10,
        unique=True,
        null=True,
        blank=True,
        validators=[validate_licence_number],
    )
    guest = models.BooleanField(_("guest without a licence"), default=False)
    last_name = models.CharField(_("last name"), max_length=100)
    first_name = models.CharField(_("first name"), max_length=100)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.PROTECT, related_name="licensees"
    )
    series = models.CharField(
        _("series"), max_length=2, choices=Series.choices, default=Series.UNRANKED
    )
    # The account of the player, when they have one: they sign in and see their own pages.
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("account"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="licensee",
    )
    # An official referee of the FFT has a grade; blank: not a referee.
    referee_grade = models.CharField(
        _("referee grade"), max_length=10, choices=RefereeGrade.choices, blank=True
    )

    people = models.Manager()  # guests included
    objects = LicenseeManager()

    class Meta:
        verbose_name = _("licensee")
        verbose_name_plural = _("licensees")
        ordering = ["last_name", "first_name"]
        indexes = [models.Index(fields=["last_name", "first_name"])]
        base_manager_name = "people"
        default_manager_name = "objects"
        constraints = [
            models.CheckConstraint(
                condition=models.Q(guest=True, licence_number__isnull=True)
                | models.Q(guest=False, licence_number__isnull=False),
                name="licence_unless_guest",
            )
        ]

    def __str__(self) -> str:
        return f"{self.last_name.upper()} {self.first_name} ({self.licence_label})"

    @property
    def licence_label(self) -> str:
        """The licence number, or « invité » for a guest."""
        return self.licence_number or str(_("guest"))

    @property
    def full_name(self) -> str:
        return full_name_of(self.last_name, self.first_name)


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
    """A user's role, scoped to a zone, a committee or a club where the role needs one."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        on_delete=models.CASCADE,
        related_name="role_assignments",
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices)
    zone = models.ForeignKey(
        Zone, verbose_name=_("zone"), null=True, blank=True, on_delete=models.CASCADE
    )
    committee = models.ForeignKey(
        Committee,
        verbose_name=_("committee"),
        null=True,
        blank=True,
        on_delete=models.CASCADE,
    )
    club = models.ForeignKey(
        Club, verbose_name=_("club"), null=True, blank=True, on_delete=models.CASCADE
    )

    class Meta:
        db_table = "accounts_roleassignment"  # kept from when the accounts app held it
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


def season_day(value) -> None:
    """Field validator: a day Donne holds (apps.federation.domain.seasons.day_refusal)."""
    refusal = day_refusal(value, timezone.localdate())
    if refusal:
        raise ValidationError(refusal, code="season_day")


class Season(models.Model):
    """A season runs from 1 July to 30 June; see apps.federation.domain.seasons. Federation
    staff open it (apps.federation.seasons.season_open), which freezes its PP potential:
    the licensees of each committee by série (SeasonPotential) and of the nation."""

    start_year = models.PositiveSmallIntegerField(_("first year"), unique=True)
    is_current = models.BooleanField(_("current season"), default=False)
    opened_at = models.DateTimeField(_("opened at"), null=True, blank=True)
    opened_by = models.ForeignKey(
        "accounts.User",
        verbose_name=_("opened by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    # The FFT's licensees when the season was opened (« Nb licenciés FFT »).
    national_licensees = models.PositiveIntegerField(_("licensees"), null=True, blank=True)

    class Meta:
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        ordering = ["-start_year"]
        constraints = [
            models.UniqueConstraint(
                fields=["is_current"],
                condition=models.Q(is_current=True),
                name="one_current_season",
            )
        ]

    def __str__(self) -> str:
        return self.span.name

    @property
    def span(self) -> SeasonSpan:
        return SeasonSpan(self.start_year)

    @property
    def start(self):
        return self.span.start

    @property
    def end(self):
        return self.span.end

    @property
    def opened(self) -> bool:
        return self.opened_at is not None


class SeasonPotential(models.Model):
    """A committee's licensees of one série when its season was opened: the PP potential
    of the Open (fascicule 3, ch. 5, « Championnats individuels Open », feuille de
    calcul), frozen for the season."""

    season = models.ForeignKey(
        Season, verbose_name=_("season"), on_delete=models.CASCADE, related_name="potential"
    )
    committee = models.ForeignKey(
        Committee, verbose_name=_("committee"), on_delete=models.PROTECT, related_name="+"
    )
    series = models.CharField(_("series"), max_length=2, choices=Licensee.Series.choices)
    licensees = models.PositiveIntegerField(_("licensees"))

    class Meta:
        verbose_name = _("PP potential")
        verbose_name_plural = _("PP potentials")
        ordering = ["season", "committee", "series"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "committee", "series"], name="one_potential_per_series"
            )
        ]

    def __str__(self) -> str:
        return f"{self.season} {self.committee_id} {self.series}: {self.licensees}"


class LicenseeImport(ClaimedJob):
    """A licensee file uploaded for import; large ones are processed by a Celery worker,
    as a job that survives the worker's death (apps.core.jobs)."""

    class State(models.TextChoices):
        PENDING = JobState.PENDING, _("waiting")
        RUNNING = JobState.RUNNING, _("in progress")
        DONE = JobState.DONE, _("done")
        FAILED = JobState.FAILED, _("rejected")

    created_by = models.ForeignKey(
        "accounts.User",
        verbose_name=_("uploaded by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(_("uploaded at"), auto_now_add=True)
    finished_at = models.DateTimeField(_("finished at"), null=True, blank=True)
    filename = models.CharField(_("file name"), max_length=255)
    content = models.BinaryField(_("content"))
    state = models.CharField(
        _("state"), max_length=10, choices=State.choices, default=State.PENDING
    )
    total_rows = models.PositiveIntegerField(_("rows"), default=0)
    processed_rows = models.PositiveIntegerField(_("rows processed"), default=0)
    created_count = models.PositiveIntegerField(_("licensees created"), default=0)
    updated_count = models.PositiveIntegerField(_("licensees updated"), default=0)
    errors = models.JSONField(_("errors"), default=list, blank=True)  # the first ones
    error_count = models.PositiveIntegerField(_("errors found"), default=0)

    class Meta:
        verbose_name = _("licensee import")
        verbose_name_plural = _("licensee imports")
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.filename} ({self.get_state_display()})"

    @property
    def is_finished(self) -> bool:
        return self.state in (self.State.DONE, self.State.FAILED)

    @property
    def unchanged_count(self) -> int:
        """Rows whose licensee already had exactly these values."""
        return max(0, self.total_rows - self.created_count - self.updated_count)

    @property
    def progress_percent(self) -> int:
        if not self.total_rows:
            return 100 if self.is_finished else 0
        return min(100, round(100 * self.processed_rows / self.total_rows))
