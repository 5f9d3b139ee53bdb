"""The chain's e-mails never fail a request (issue 42, point 10): a name with a line break
is refused at its doors (form, API, the received file's details), e-mails go through an
outbox sent by a task once the change commits, a mail the server refuses is tried again
and then shown failed to staff, and nothing of it reaches the request."""

import datetime

import pytest
from celery.exceptions import Retry
from django.core import mail
from django.urls import reverse

from apps.approvals.external import _details_errors
from apps.core import outbox
from apps.core.tasks import outbox_send
from apps.core.validators import CONTROL_CHARACTERS_REFUSED, has_control_characters
from apps.tournaments.models import Tournament

BROKEN = "tests.core.broken_mail.RefusingBackend"


@pytest.mark.parametrize(
    "name", ["Tournoi\nBcc: x@example.org", "A\rB", "A\tB", "A\x00B", "A\u2028B"]
)
def test_a_line_break_or_control_character_is_found(name):
    assert has_control_characters(name)


@pytest.mark.parametrize("name", ["Tournoi de Noël — 2026", "L'Œuf « à » 10 h"])
def test_a_printable_name_is_not(name):
    assert not has_control_characters(name)


def test_the_tournament_form_refuses_a_name_on_two_lines(world, login):
    response = login(world.club_manager).post(
        reverse("tournaments:edit", args=[world.tournament.pk]),
        {"name": "Tournoi\nde printemps", "date": world.tournament.date.isoformat()},
    )
    assert response.status_code == 200
    assert CONTROL_CHARACTERS_REFUSED in response.content.decode().replace("&#x27;", "'")
    assert Tournament.objects.get(pk=world.tournament.pk).name == world.tournament.name


def test_the_api_refuses_a_name_on_two_lines(world, login):
    url = reverse("api:tournament-detail", args=[world.tournament.pk])
    response = login(world.club_manager).patch(
        url, {"name": "Tournoi\nBcc: x@example.org"}, content_type="application/json"
    )
    assert response.status_code == 400
    assert CONTROL_CHARACTERS_REFUSED in str(response.json())
    assert Tournament.objects.get(pk=world.tournament.pk).name == world.tournament.name


def test_a_received_files_details_refuse_a_name_on_two_lines():
    errors = _details_errors(
        name="Tournoi\nX", day=datetime.date(2026, 1, 1), index=None, session_players=[], guests=0
    )
    assert f"Nom du tournoi : {CONTROL_CHARACTERS_REFUSED}" in errors


@pytest.mark.django_db
def test_a_queued_mail_is_sent_on_commit_once_and_its_subject_kept_on_one_line(
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        (queued,) = outbox.mails_queue(
            messages=[("Homologation : A\nB", "corps", ["a@example.org"]), ("vide", "x", [])]
        )
        assert mail.outbox == []  # not before the commit
    (sent,) = mail.outbox
    assert (sent.subject, sent.to, sent.body) == ("Homologation : A B", ["a@example.org"], "corps")
    queued.refresh_from_db()
    assert (queued.state, queued.attempts, queued.last_error) == ("done", 1, "")
    assert outbox.mail_send(mail_id=queued.pk) is False  # a repeated delivery sends nothing
    assert len(mail.outbox) == 1


@pytest.mark.django_db
def test_a_refused_mail_is_tried_again_then_shown_failed(settings):
    settings.EMAIL_BACKEND = BROKEN
    settings.MAIL_SEND_ATTEMPTS = 3
    (queued,) = outbox.mails_queue(messages=[("Sujet", "corps", ["a@example.org"])])
    assert outbox.mail_send(mail_id=queued.pk) is True
    queued.refresh_from_db()
    assert queued.state == "pending" and "serveur en panne" in queued.last_error
    assert outbox.mail_send(mail_id=queued.pk) is True
    assert outbox.mail_send(mail_id=queued.pk) is False
    queued.refresh_from_db()
    assert (queued.state, queued.attempts) == ("failed", 3)


@pytest.mark.django_db
def test_the_task_asks_to_be_tried_again_later_each_time_later(settings, monkeypatch):
    settings.EMAIL_BACKEND = BROKEN
    settings.MAIL_RETRY_SECONDS = 60
    (queued,) = outbox.mails_queue(messages=[("Sujet", "corps", ["a@example.org"])])
    asked = []
    monkeypatch.setattr(outbox_send, "retry", lambda countdown: asked.append(countdown) or Retry())
    outbox_send.push_request(retries=1, is_eager=False)  # a worker's second delivery
    try:
        with pytest.raises(Retry):
            outbox_send.run(queued.pk)
    finally:
        outbox_send.pop_request()
    assert asked == [120]


@pytest.mark.django_db
def test_run_eagerly_a_refused_mail_waits_with_its_error_and_nothing_is_raised(
    settings, django_capture_on_commit_callbacks
):
    settings.EMAIL_BACKEND = BROKEN
    with django_capture_on_commit_callbacks(execute=True):
        (queued,) = outbox.mails_queue(messages=[("Sujet", "corps", ["a@example.org"])])
    queued.refresh_from_db()
    assert (queued.state, queued.attempts) == ("pending", 1)
    assert queued.last_error == "ConnectionRefusedError: serveur en panne"


@pytest.mark.django_db
def test_a_mail_that_did_not_fail_is_not_sent_again(world):
    (queued,) = outbox.mails_queue(messages=[("Sujet", "corps", ["a@example.org"])])
    outbox.mail_send(mail_id=queued.pk)
    queued.refresh_from_db()
    with pytest.raises(Exception, match="rien à renvoyer"):
        outbox.mail_resend(actor=world.federation_staff, mail=queued)


def test_the_settings_read_email_file_path(monkeypatch, tmp_path):
    """A subprocess reads the settings as a fresh process does."""
    import subprocess
    import sys

    monkeypatch.setenv("EMAIL_FILE_PATH", str(tmp_path))
    monkeypatch.delenv("EMAIL_BACKEND", raising=False)
    code = (
        "from django.conf import settings; import django; django.setup(); "
        "print(settings.EMAIL_FILE_PATH, settings.EMAIL_BACKEND)"
    )
    monkeypatch.setenv("DJANGO_SETTINGS_MODULE", "config.settings")
    shown = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert shown.split() == [str(tmp_path), "django.core.mail.backends.filebased.EmailBackend"]
