"""Acting from the tournament's page (issue 26, point 2): passing on with an optional
comment, sending back and sending again offered on the tournament's own page and its
homologation page; the history shows, for each sending again, what changed since the
previous one."""

import datetime
from decimal import Decimal

from django.urls import reverse

from apps.approvals.domain.chain import Action, Level
from apps.approvals.models import Homologation, HomologationStep
from apps.approvals.selectors import resubmissions
from apps.scoring.services import play_score_set
from tests.approvals import chain
from tests.builders import table_of


def _level() -> str:
    return Homologation.objects.get().level


def test_each_level_passes_on_and_sends_back_from_the_tournaments_page(
    login, world, finished, django_capture_on_commit_callbacks
):
    chain.submit(world, django_capture_on_commit_callbacks)
    homologation = Homologation.objects.get()
    detail = reverse("tournaments:detail", args=[world.tournament.pk])
    committee = login(world.committee_staff)
    page = committee.get(detail).content.decode()
    assert 'data-test="step-pass_on"' in page and 'data-test="step-send_back"' in page
    # the club sees where it is, and takes no step of the committee's
    club_page = login(world.club_manager).get(detail).content.decode()
    assert "au comité" in club_page and 'data-test="step-pass_on"' not in club_page
    committee = login(world.committee_staff)  # one browser: signed in again
    with django_capture_on_commit_callbacks(execute=True):
        response = committee.post(
            reverse("approvals:pass_on"),
            {
                "homologation": homologation.pk,
                "level": "committee",
                "comment": "vérifié, rien à signaler",
                "next": detail,
            },
        )
    assert response.url == detail  # back on the tournament's page
    assert _level() == Level.ZONE
    assert HomologationStep.objects.last().comment == "vérifié, rien à signaler"
    zone = login(world.zone_manager)
    step = reverse("approvals:step", args=[homologation.pk])
    refused = zone.post(
        step, {"action": "send_back", "level": "zone", "comment": " ", "next": detail}, follow=True
    )
    assert "renvoi : donnez la raison" in refused.content.decode() and _level() == Level.ZONE
    with django_capture_on_commit_callbacks(execute=True):
        response = zone.post(
            step, {"action": "send_back", "level": "zone", "comment": "indice", "next": detail}
        )
    assert response.url == detail and _level() == Level.COMMITTEE
    # an address off the site is not followed
    committee = login(world.committee_staff)
    with django_capture_on_commit_callbacks(execute=True):
        response = committee.post(
            step,
            {
                "action": "send_back",
                "level": "committee",
                "comment": "indice",
                "next": "https://example.org/",
            },
        )
    assert response.url == reverse("approvals:homologation", args=[homologation.pk])
    # sent back to the club: the homologation page offers sending it again
    page = login(world.club_manager).get(reverse("approvals:homologation", args=[homologation.pk]))
    assert reverse("approvals:submit", args=[world.tournament.pk]) in page.content.decode()


def test_a_pass_on_from_the_page_is_for_the_level_it_waits_for(
    login, world, finished, django_capture_on_commit_callbacks
):
    chain.submit(world, django_capture_on_commit_callbacks)
    homologation = Homologation.objects.get()
    for name in ("club_manager", "zone_manager", "referee", "outsider"):
        response = login(world.persona(name)).post(
            reverse("approvals:pass_on"),
            {"homologation": homologation.pk, "level": "committee", "comment": "x"},
        )
        assert response.status_code in (302, 403)
        assert _level() == Level.COMMITTEE, name


def test_the_history_says_what_changed_since_the_previous_sending(
    login, world, finished, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    chain.submit(world, capture)
    chain.step(world, capture, world.committee_staff, Action.SEND_BACK, "étui 1 mal reporté")
    table = table_of(finished, 1, 1)
    with capture(execute=True):
        play_score_set(actor=world.referee, table=table, etui=1, score=-92, reason="Rature")
    chain.submit(world, capture)
    chain.step(world, capture, world.committee_staff, Action.SEND_BACK, "encore")
    chain.submit(world, capture)  # nothing changed this time
    homologation = Homologation.objects.get()
    page = login(world.committee_staff).get(
        reverse("approvals:homologation", args=[homologation.pk])
    )
    text = page.content.decode()
    assert text.count('data-test="resubmission"') == 2
    assert f"étui 1, {table} : " in text and "→ -92 (Rature)" in text
    assert "Depuis l'envoi précédent :</span> rien n'a changé." in text


def test_a_sending_again_compares_the_facts_it_carried(world):
    homologation = Homologation.objects.create(
        club=world.club, name="T", date=datetime.date(2026, 10, 3), level="committee"
    )
    for players, index in ((20, Decimal("1")), (21, Decimal("1.2"))):
        HomologationStep.objects.create(
            homologation=homologation,
            action="submit",
            from_level="organiser",
            to_level="committee",
            actor=world.club_manager,
            players=players,
            index=index,
        )
    [changed] = resubmissions(homologation).values()
    assert changed.facts == (("indice", Decimal("1"), Decimal("1.2")), ("joueurs", 20, 21))
    assert changed.scores == ()
