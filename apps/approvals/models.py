"""The homologation of tournaments (fascicule 3, ch. 5): where each tournament is in the
chain and its history, the sendings (bordereaux d'accompagnement) that carry tournaments
up, each season's deadlines, the index grants, the committees' own fee rates, and the
tournaments received as the FFT's file from other software."""

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.approvals.domain.chain import ACTION_NAMES, LEVEL_NAMES, LEVEL_PLACES, Action, Level
from apps.federation.models import season_day
from apps.tournaments.domain.indices import GRANTED_INDICES, Index, index_problem
from apps.tournaments.models import index_granted


def index_grantable(value: Decimal) -> None:
    """A grant gives an index a body grants before the tournament: 1,2 or 1,5."""
    problem = index_problem(value, tuple(GRANTED_INDICES))
    if problem:
        raise ValidationError(problem, code="index")


LEVELS = [(level.value, LEVEL_NAMES[level]) for level in Level]
ACTIONS = [(action.value, ACTION_NAMES[action]) for action in Action]


class Sending(models.Model):
    """A bordereau d'accompagnement: the tournaments one level sends up together."""

    from_level = models.CharField(_("from"), max_length=12, choices=LEVELS)
    to_level = models.CharField(_("to"), max_length=12, choices=LEVELS)
    sent_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("sent by"), on_delete=models.PROTECT
    )
    sent_at = models.DateTimeField(_("sent at"), auto_now_add=True)
    fees_received_at = models.DateTimeField(_("fees received at"), null=True, blank=True)
    fees_received_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("fees received by"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = _("sending")
        verbose_name_plural = _("sendings")
        ordering = ["-sent_at"]

    def __str__(self) -> str:
        return f"{self.from_level} → {self.to_level} ({self.sent_at:%d/%m/%Y})"


class Homologation(models.Model):
    """Where a tournament is in the chain. A tournament received as the FFT's file from
    other software has no Donne tournament: its facts are entered by hand."""

    tournament = models.OneToOneField(
        "tournaments.Tournament",
        verbose_name=_("tournament"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="homologation",
    )
    level = models.CharField(_("at"), max_length=12, choices=LEVELS)
    correction_reason = models.TextField(_("correction asked"), blank=True)
    sending = models.ForeignKey(
        Sending,
        verbose_name=_("last sending"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="homologations",
    )
    # A tournament from other software (Extar), its bordereau details entered by hand.
    club = models.ForeignKey(
        "federation.Club", verbose_name=_("organising club"), on_delete=models.PROTECT
    )
    name = models.CharField(_("name"), max_length=150)
    date = models.DateField(_("date"))
    players = models.PositiveIntegerField(_("players"), default=0)
    index = models.DecimalField(
        _("index"), max_digits=3, decimal_places=1, default=Index.BASE, validators=[index_granted]
    )
    championship = models.BooleanField(_("championship"), default=False)
    session_players = models.JSONField(_("players of each session"), default=list)
    # A file from other software of a championship stage names the stage, whose players,
    # index and tables its awards are checked against: ``championship`` is true with it.
    stage = models.ForeignKey(
        "competitions.Stage",
        verbose_name=_("championship stage"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="received_files",
    )
    # The players without a licence the receiver declares: the file names the others.
    # Federation staff received it although Donne held the same results: why, and which.
    same_results_accepted = models.TextField(_("received despite the same results"), blank=True)
    guests = models.PositiveSmallIntegerField(_("guests (players without a licence)"), default=0)
    external = models.BooleanField(_("from other software"), default=False)
    # A file from other software: its licences with their PCN and PP
    # (apps.approvals.domain.award_file.award_file_fingerprint), once a season; and the
    # referee named with it.
    fingerprint = models.CharField(_("fingerprint"), max_length=64, blank=True, db_index=True)
    referee = models.ForeignKey(
        "federation.Licensee",
        verbose_name=_("referee"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
    )
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        verbose_name = _("homologation")
        verbose_name_plural = _("homologations")
        ordering = ["date", "name"]

    def __str__(self) -> str:
        return f"{self.name} ({self.date:%d/%m/%Y})"

    @property
    def where(self) -> str:
        """Where the tournament is in the chain: « au comité », « homologué »…"""
        return LEVEL_PLACES[Level(self.level)]


class HomologationStep(models.Model):
    """One step of a tournament's history in the chain: who, when, from → to, why."""

    homologation = models.ForeignKey(Homologation, on_delete=models.CASCADE, related_name="steps")
    action = models.CharField(_("step"), max_length=20, choices=ACTIONS)
    from_level = models.CharField(_("from"), max_length=12, choices=LEVELS)
    to_level = models.CharField(_("to"), max_length=12, choices=LEVELS)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("by"), on_delete=models.PROTECT
    )
    at = models.DateTimeField(_("at"), auto_now_add=True)
    comment = models.TextField(_("comment"), blank=True)
    sending = models.ForeignKey(
        Sending, on_delete=models.SET_NULL, null=True, blank=True, related_name="steps"
    )
    # A step that carries the tournament up (sent, passed on): its fees as they were then,
    # at the committee's rate of that day; a later change of the rate does not rewrite
    # them (apps.approvals.selectors.fee_lines).
    national_fee = models.DecimalField(
        _("national fee"), max_digits=8, decimal_places=2, null=True, blank=True
    )
    committee_fee = models.DecimalField(
        _("committee's participation"), max_digits=8, decimal_places=2, null=True, blank=True
    )
    # ...and the facts it carried, which the next sending compares with its own.
    players = models.PositiveIntegerField(_("players"), null=True, blank=True)
    index = models.DecimalField(_("index"), max_digits=3, decimal_places=1, null=True, blank=True)

    class Meta:
        verbose_name = _("homologation step")
        verbose_name_plural = _("homologation steps")
        ordering = ["homologation", "at", "pk"]

    def __str__(self) -> str:
        return f"{self.homologation}: {self.from_level} → {self.to_level}"


class ExternalAward(models.Model):
    """A player's PCN and PP in a tournament received as the FFT's file: taken as given."""

    homologation = models.ForeignKey(
        Homologation, on_delete=models.CASCADE, related_name="external_awards"
    )
    licensee = models.ForeignKey(
        "federation.Licensee", verbose_name=_("licensee"), on_delete=models.PROTECT
    )
    pcn = models.PositiveIntegerField(_("PCN"))
    pp = models.PositiveIntegerField(_("PP"))

    class Meta:
        verbose_name = _("award taken as given")
        verbose_name_plural = _("awards taken as given")
        constraints = [
            models.UniqueConstraint(fields=["homologation", "licensee"], name="one_external_award")
        ]

    def __str__(self) -> str:
        return f"{self.licensee}: {self.pcn} PCN, {self.pp} PP"


class AlertNote(models.Model):
    """Why an integrity alert of a tournament is fine (apps.approvals.domain.alerts), as
    an officer of the chain noted it at their level: the alert then shows as noted. The
    alert is found again by its key while its evidence holds; its message is kept as it
    read when noted."""

    homologation = models.ForeignKey(
        Homologation, on_delete=models.CASCADE, related_name="alert_notes"
    )
    key = models.CharField(_("alert"), max_length=100)
    level = models.CharField(_("at"), max_length=12, choices=LEVELS)
    message = models.TextField(_("alert as noted"))
    reason = models.TextField(_("why it is fine"))
    noted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("noted by"), on_delete=models.PROTECT
    )
    noted_at = models.DateTimeField(_("noted at"), auto_now=True)

    class Meta:
        verbose_name = _("alert note")
        verbose_name_plural = _("alert notes")
        ordering = ["homologation", "noted_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["homologation", "key", "level"], name="one_alert_note_a_level"
            )
        ]

    def __str__(self) -> str:
        return f"{self.homologation}: {self.key}"


class SeasonDeadlines(models.Model):
    """The season's recommended dates (« Date limite de transmission »), set by the
    federation."""

    season = models.OneToOneField(
        "federation.Season", on_delete=models.CASCADE, related_name="deadlines"
    )
    previous_year_tables = models.DateField(_("tables of the previous year"))
    season_tables = models.DateField(_("tables of the season"))
    season_end = models.DateField(_("end of the season"))

    class Meta:
        verbose_name = _("season deadlines")
        verbose_name_plural = _("season deadlines")

    def __str__(self) -> str:
        return str(self.season)


class IndexGrant(models.Model):
    """An index granted before the tournament: 1.2 by the CCR, 1.5 by the federation
    (« Tournois Régionaux », « Tournois Nationaux »)."""

    tournament = models.OneToOneField(
        "tournaments.Tournament", on_delete=models.CASCADE, related_name="index_grant"
    )
    index = models.DecimalField(
        _("index"), max_digits=3, decimal_places=1, validators=[index_grantable]
    )
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("granted by"), on_delete=models.PROTECT
    )
    granted_at = models.DateTimeField(_("granted at"), auto_now_add=True)

    class Meta:
        verbose_name = _("index grant")
        verbose_name_plural = _("index grants")

    def __str__(self) -> str:
        return f"{self.tournament}: {self.index}"


class ClubIndexGrant(models.Model):
    """An index granted before a tournament that Donne has no record of yet, a club's on a
    date, whose results come as a file from other software: 1.2 by the CCR, 1.5 by the
    federation (« Tournois Régionaux », « Tournois Nationaux »)."""

    club = models.ForeignKey(
        "federation.Club", verbose_name=_("club"), on_delete=models.CASCADE, related_name="+"
    )
    date = models.DateField(_("date"), validators=[season_day])
    index = models.DecimalField(
        _("index"), max_digits=3, decimal_places=1, validators=[index_grantable]
    )
    granted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("granted by"), on_delete=models.PROTECT
    )
    granted_at = models.DateTimeField(_("granted at"), auto_now_add=True)

    class Meta:
        verbose_name = _("club index grant")
        verbose_name_plural = _("club index grants")
        ordering = ["date", "club"]
        constraints = [
            models.UniqueConstraint(fields=["club", "date"], name="one_club_index_grant_a_day")
        ]

    def __str__(self) -> str:
        return f"{self.club} ({self.date:%d/%m/%Y}) : {self.index}"


class CommitteeRate(models.Model):
    """The committee's own participation per player, set by the committee."""

    committee = models.OneToOneField(
        "federation.Committee", on_delete=models.CASCADE, related_name="fee_rate"
    )
    rate = models.DecimalField(_("per player"), max_digits=5, decimal_places=2)

    class Meta:
        verbose_name = _("committee fee rate")
        verbose_name_plural = _("committee fee rates")

    def __str__(self) -> str:
        return f"{self.committee}: {self.rate} €"
