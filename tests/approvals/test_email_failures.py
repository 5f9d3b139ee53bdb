"""The chain's e-mails never fail a request (issue 42, point 10): with the mail server
down, a step is taken and answered, its mail is listed failed in the back office, and staff
send it again once the server is back."""

from django.core import mail
from django.urls import reverse

from apps.core.models import OutboxMail
from tests.approvals import chain

BROKEN = "tests.core.broken_mail.RefusingBackend"


def test_a_mail_server_down_never_fails_a_step_and_staff_see_the_mail_and_send_it_again(
    world, finished, settings, login, django_capture_on_commit_callbacks
):
    settings.EMAIL_BACKEND = BROKEN
    capture = django_capture_on_commit_callbacks
    with capture(execute=True):
        response = login(world.club_manager).post(
            reverse("approvals:submit", args=[world.tournament.pk])
        )
    assert response.status_code == 302
    assert chain.status_of(world) == "submitted"
    failed = OutboxMail.objects.exclude(last_error="").get()
    assert failed.recipients == ["committee_staff@example.org"]
    admin = login(world.federation_staff)
    listing = admin.get(reverse("admin:core_outboxmail_changelist"), {"q": "committee_staff"})
    assert failed.subject in listing.content.decode() and "serveur en panne" in str(listing.content)
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    with capture(execute=True):
        admin.post(
            reverse("admin:core_outboxmail_changelist"),
            {"action": "resend", "_selected_action": [failed.pk]},
        )
    failed.refresh_from_db()
    assert failed.state == "done" and mail.outbox[-1].to == ["committee_staff@example.org"]
