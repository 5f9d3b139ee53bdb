"""The chain's e-mails lead somewhere (issue 26, point 4): each names the tournament, the
step and its reason, and carries the address of the page where its reader acts; that
address, followed by the reader, offers them the step."""

import re

from django.core import mail
from django.urls import reverse

from apps.approvals.domain.chain import Action
from apps.approvals.models import Homologation
from tests.approvals import chain

SITE = "http://donne.example.org"


def _last(to: str):
    """The last e-mail, sent to ``to`` only: its body and the path of its link."""
    message = mail.outbox[-1]
    assert message.to == [to]
    [link] = re.findall(r"Pour agir : (\S+)", message.body)
    assert link.startswith(SITE + "/")
    return message, link.removeprefix(SITE)


def test_each_email_names_the_step_and_leads_its_reader_to_act(
    login, world, finished, django_capture_on_commit_callbacks, settings
):
    settings.SITE_URL = SITE
    capture = django_capture_on_commit_callbacks
    name = world.tournament.name
    chain.submit(world, capture)
    homologation = Homologation.objects.get()
    page = reverse("approvals:homologation", args=[homologation.pk])
    message, link = _last("committee_staff@example.org")
    assert message.subject == f"Homologation : {homologation} — envoi en homologation"
    assert f"Tournoi : {name}, " in message.body
    assert "Étape : envoi en homologation (l'organisateur → le comité)" in message.body
    assert "Le tournoi est maintenant au comité." in message.body
    assert link == page
    assert 'data-test="step-pass_on"' in login(world.committee_staff).get(link).content.decode()

    chain.pass_on(world, capture, world.committee_staff)
    chain.step(world, capture, world.zone_manager, Action.SEND_BACK, "indice à revoir")
    message, link = _last("committee_staff@example.org")
    assert "Étape : renvoi (la zone → le comité)" in message.body
    assert "Raison : indice à revoir" in message.body and link == page

    chain.step(world, capture, world.committee_staff, Action.SEND_BACK, "feuille manquante")
    message, link = _last("club_manager@example.org")
    assert "Raison : feuille manquante" in message.body
    assert link == reverse("tournaments:detail", args=[world.tournament.pk])
    club_page = login(world.club_manager).get(link).content.decode()
    assert 'data-test="submit-homologation"' in club_page
    assert "renvoyé par le comité : feuille manquante" in club_page

    chain.submit(world, capture)
    chain.pass_on(world, capture, world.committee_staff)
    chain.pass_on(world, capture, world.zone_manager)
    message, link = _last("federation_staff@example.org")
    assert link == page
    assert 'data-test="step-approve"' in login(world.federation_staff).get(link).content.decode()

    chain.step(world, capture, world.federation_staff, Action.APPROVE)
    message, link = _last("club_manager@example.org")
    assert "Le tournoi est maintenant homologué." in message.body

    chain.step(world, capture, world.club_manager, Action.ASK_CORRECTION, "score mal reporté")
    message, link = _last("federation_staff@example.org")
    assert "Raison : score mal reporté" in message.body and link == page
    decide = login(world.federation_staff).get(link).content.decode()
    assert 'data-test="step-accept_correction"' in decide
    assert 'data-test="step-refuse_correction"' in decide
