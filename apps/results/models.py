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
