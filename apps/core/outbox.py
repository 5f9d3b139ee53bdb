"""The e-mails Donne sends (the homologation chain's, a championship's notices, an address's
check): written to an outbox in the transaction of the change they tell of, sent by a Celery
worker once it commits, so that no mail server — down, slow, or refusing a message — ever
fails the request. A run claims its mail (apps.core.jobs), so a repeated delivery sends it
once; a failed send is tried again MAIL_SEND_ATTEMPTS times, MAIL_RETRY_SECONDS apart and
more, then the mail is marked failed with its error, listed in the back office, where staff
send it again."""

import logging

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.db import transaction
from django.utils import timezone

from apps.core.audit import audit_record
from apps.core.jobs import job_claim, job_enqueue, job_owned
from apps.core.models import OutboxMail

logger = logging.getLogger(__name__)


def _one_line(subject: str) -> str:
    """A subject on one line: a line break there makes the mail library refuse the message
    (names are refused with one at their doors, apps.core.validators; this holds for the rest)."""
    return " ".join(subject.split())


def _enqueue(mail: OutboxMail) -> None:
    from apps.core.tasks import outbox_send as task  # the task imports this module

    job_enqueue(OutboxMail, mail.pk, task)


def mails_queue(*, messages: list[tuple[str, str, list[str]]]) -> list[OutboxMail]:
    """Queue (subject, body, recipients) messages from DEFAULT_FROM_EMAIL, sent once the
    transaction commits; a message without recipients is dropped."""
    mails = OutboxMail.objects.bulk_create(
        OutboxMail(
            subject=_one_line(subject),
            body=body,
            from_email=settings.DEFAULT_FROM_EMAIL,
            recipients=list(recipients),
        )
        for subject, body, recipients in messages
        if recipients
    )
    for mail in mails:
        _enqueue(mail)
    return mails


def mail_send(*, mail_id: int) -> bool:
    """Send the mail once; whether it should be tried again later. A run that finds it
    claimed by a live run, or over, does nothing. Never raises: a failure is written on the
    mail (pending again while attempts remain, else failed)."""
    attempt = job_claim(OutboxMail, mail_id)
    if attempt is None:
        return False
    mail = OutboxMail.objects.get(pk=mail_id)
    owned = job_owned(OutboxMail, mail_id, attempt)
    try:
        EmailMessage(mail.subject, mail.body, mail.from_email, mail.recipients).send()
    except Exception as error:  # any refusal of the mail server or the mail library
        logger.warning("could not send mail %s (run %s)", mail_id, attempt, exc_info=True)
        again = attempt < settings.MAIL_SEND_ATTEMPTS
        state = OutboxMail.State.PENDING if again else OutboxMail.State.FAILED
        owned.update(state=state, last_error=f"{type(error).__name__}: {error}")
        return again
    owned.update(state=OutboxMail.State.DONE, sent_at=timezone.now(), last_error="")
    return False


def mail_resend(*, actor, mail: OutboxMail) -> OutboxMail:
    """Staff send again a mail that failed, or that waits after a failure; audited."""
    if mail.state not in (OutboxMail.State.FAILED, OutboxMail.State.PENDING) or not (
        mail.last_error or mail.enqueue_error
    ):
        raise ValidationError("Ce courriel n'a pas échoué : il n'y a rien à renvoyer.")
    with transaction.atomic():
        OutboxMail.objects.filter(pk=mail.pk).update(
            state=OutboxMail.State.PENDING, attempts=0, enqueue_error=""
        )
        audit_record(
            actor=actor, action="update", instance=mail, changes={"state": [mail.state, "pending"]}
        )
        mail.refresh_from_db()
        _enqueue(mail)
    return mail
