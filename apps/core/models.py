from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _


class AuditLog(models.Model):
    """Who changed what, when: old → new values, written in the change's transaction."""

    class Action(models.TextChoices):
        CREATE = "create", _("creation")
        UPDATE = "update", _("modification")
        DELETE = "delete", _("deletion")

    at = models.DateTimeField(_("date"), default=timezone.now, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("author"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    action = models.CharField(_("action"), max_length=10, choices=Action.choices)
    content_type = models.ForeignKey(ContentType, on_delete=models.PROTECT, related_name="+")
    object_id = models.CharField(max_length=64)
    object_repr = models.CharField(_("object"), max_length=200)
    changes = models.JSONField(_("changes"), default=dict, blank=True)

    class Meta:
        verbose_name = _("audit entry")
        verbose_name_plural = _("audit log")
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["content_type", "object_id"])]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.get_action_display()} {self.object_repr}"


class JobState(models.TextChoices):
    """The life of a job: waiting, in progress, then done or failed."""

    PENDING = "pending", _("waiting")
    RUNNING = "running", _("in progress")
    DONE = "done", _("done")
    FAILED = "failed", _("failed")


class ClaimedJob(models.Model):
    """The fields of a job run by a Celery worker that may die (apps.core.jobs): its state
    (``JobState``; each kind has its ``state`` field), the heartbeat of the run at work,
    the number of runs that claimed it, and why it could not be queued."""

    heartbeat_at = models.DateTimeField(_("last sign of life"), null=True, blank=True)
    attempts = models.PositiveSmallIntegerField(_("runs"), default=0)
    enqueue_error = models.TextField(_("could not be started"), blank=True)

    class Meta:
        abstract = True

    @property
    def in_progress(self) -> bool:
        """Waiting for a worker or being worked on."""
        return self.state in (JobState.PENDING, JobState.RUNNING)

    @property
    def succeeded(self) -> bool:
        return self.state == JobState.DONE

    @property
    def failed(self) -> bool:
        return self.state == JobState.FAILED


class OutboxMail(ClaimedJob):
    """An e-mail waiting to be sent, sent, or given up on (apps.core.outbox): written in the
    transaction of the change it tells of, sent by a worker once that commits, tried again
    after a failure, and listed in the back office with the last error, so that staff see a
    mail that could not leave."""

    State = JobState

    created_at = models.DateTimeField(_("created at"), default=timezone.now, db_index=True)
    subject = models.TextField(_("subject"))
    body = models.TextField(_("body"))
    from_email = models.TextField(_("sender"))
    recipients = models.JSONField(_("recipients"), default=list)
    state = models.CharField(
        _("state"), max_length=10, choices=State.choices, default=State.PENDING, db_index=True
    )
    sent_at = models.DateTimeField(_("sent at"), null=True, blank=True)
    last_error = models.TextField(_("last error"), blank=True)

    class Meta:
        verbose_name = _("outgoing e-mail")
        verbose_name_plural = _("outgoing e-mails")
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.subject} ({self.get_state_display()})"
