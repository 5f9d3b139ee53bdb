"""The travellers of a session (fascicule 3, ch. 3 « fiche ambulante »): one line per étui
played at a table, with the taker's score as written by Nord (article 19 « La marque »).

A line is stored when it is first entered; the players follow from the movement (the
taker is the seat the étui names, the defenders the three others). When the referee
enters the deal's details instead of the score, they are kept beside the Garde score they
give. Double entry keeps a second, independent entry of the score to compare. A line the
referee states was not played has no score and no note: its étui is scored without it.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.core.models import ClaimedJob

SHEETS_DIR = "scoring/feuilles-de-route"  # where the room's feuilles de route are stored


class Play(models.Model):
    """One line of a traveller: an étui played at one table of one position."""

    table = models.ForeignKey(
        "movements.MovementTable",
        verbose_name=_("table"),
        on_delete=models.CASCADE,
        related_name="plays",
    )
    etui = models.PositiveSmallIntegerField(_("étui"))
    score = models.IntegerField(_("taker's score"), null=True, blank=True)
    # {"bouts": 2, "points": 45, "poignees": ["simple"], …} when entered by details.
    deal = models.JSONField(_("deal's details"), null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("entered by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    entered_at = models.DateTimeField(_("entered at"), null=True, blank=True)
    check_score = models.IntegerField(_("second entry"), null=True, blank=True)
    checked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("second entry by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    checked_at = models.DateTimeField(_("second entry at"), null=True, blank=True)
    # Stated by the referee for a line left without a score: the étui was not played at
    # that table, and is scored without it, as a neutralised play (ch. 4 « Donne
    # neutralisée »). Entering a score takes the statement back.
    not_played = models.BooleanField(_("not played"), default=False)
    not_played_note = models.TextField(_("what happened"), blank=True)

    class Meta:
        verbose_name = _("traveller line")
        verbose_name_plural = _("traveller lines")
        ordering = ["etui", "table__sequence", "table__section", "table__table"]
        constraints = [
            models.UniqueConstraint(fields=["table", "etui"], name="unique_play_etui"),
        ]

    def __str__(self) -> str:
        return _("étui %(etui)s, %(table)s") % {"etui": self.etui, "table": self.table}

    @property
    def mismatch(self) -> bool:
        """The second entry differs from the first one."""
        return self.check_score is not None and self.check_score != self.score


class RoomSheetsJob(ClaimedJob):
    """The room's feuilles de route of a session, built by a worker (apps.core.jobs): the
    results' fingerprint it is built for, its progress, and its state. The PDF is stored
    under the fingerprint, so asking again while the results are unchanged finds it."""

    class State(models.TextChoices):
        PENDING = "pending", _("waiting")
        RUNNING = "running", _("in progress")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

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
    def working(self) -> bool:
        return self.state in (self.State.PENDING, self.State.RUNNING)

    @property
    def percent(self) -> int:
        return round(100 * self.done / self.total) if self.total else 0

    @property
    def path(self) -> str:
        return f"{SHEETS_DIR}/{self.session_id}-{self.fingerprint}.pdf"
