"""The homologation pages: each level's inbox and its filters, the homologation page and
its steps, the documents, the fees of a season to the cent, and who may see what."""

import datetime
from decimal import Decimal

import pytest
from django.urls import reverse

from apps.approvals import services
from apps.approvals.domain.chain import Level
from apps.approvals.models import (
    CommitteeRate,
    Homologation,
    HomologationStep,
    SeasonDeadlines,
    Sending,
)
from apps.approvals.selectors import fees_now, fees_report, inbox_rows
from apps.federation.models import Season
from tests import factories as f
from tests.approvals import chain
from tests.personas import PERSONAS

INBOX_LEVELS = {"committee_staff", "zone_manager", "federation_staff"}


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_inbox_is_for_the_committees_zones_and_federation(login, world, persona):
    response = login(world.persona(persona)).get(reverse("approvals:inbox"))
    assert response.status_code == (200 if persona in INBOX_LEVELS else 403)
    if persona == "committee_staff":
        assert str(world.club.committee) in response.content.decode()  # names its committee


def test_a_submitted_tournament_waits_in_the_committees_inbox_and_moves_on(
    login, world, finished, django_capture_on_commit_callbacks
):
    chain.submit(world, django_capture_on_commit_callbacks)
    homologation = Homologation.objects.get()
    committee = login(world.committee_staff)
    page = committee.get(reverse("approvals:inbox")).content.decode()
    assert world.tournament.name in page and 'data-test="waiting-count">1<' in page
    # Another committee's staff does not see it.
    other = f.UserFactory()
    f.RoleFactory(user=other, role="committee_staff", committee=world.other_club.committee)
    assert (
        world.tournament.name not in login(other).get(reverse("approvals:inbox")).content.decode()
    )
    committee = login(world.committee_staff)
    with django_capture_on_commit_callbacks(execute=True):
        done = committee.post(
            reverse("approvals:pass_on"), {"homologation": [homologation.pk]}, follow=True
        )
    assert "1 tournoi transmis." in done.content.decode()  # one, in the singular
    homologation.refresh_from_db()
    assert homologation.level == Level.ZONE
    zone_page = login(world.zone_manager).get(reverse("approvals:inbox")).content.decode()
    assert world.tournament.name in zone_page


def test_a_sending_back_from_the_page_needs_its_reason(
    login, world, finished, django_capture_on_commit_callbacks
):
    chain.submit(world, django_capture_on_commit_callbacks)
    homologation = Homologation.objects.get()
    url = reverse("approvals:step", args=[homologation.pk])
    committee = login(world.committee_staff)
    page = committee.post(url, {"action": "send_back", "comment": ""}, follow=True)
    assert "donnez la raison" in page.content.decode()
    assert Homologation.objects.get().level == Level.COMMITTEE
    assert (
        login(world.club_manager).post(url, {"action": "send_back", "comment": "x"}).status_code
        == 403
    )
    login(world.committee_staff).post(url, {"action": "send_back", "comment": "incomplet"})
    assert Homologation.objects.get().level == Level.ORGANISER


def test_the_documents(login, world, finished, django_capture_on_commit_callbacks):
    chain.submit(world, django_capture_on_commit_callbacks)
    homologation = Homologation.objects.get()
    committee = login(world.committee_staff)
    pcn = committee.get(reverse("approvals:pcn_table", args=[homologation.pk]))
    assert pcn.content.startswith(b"%PDF")
    bordereau = committee.get(reverse("approvals:bordereau", args=[homologation.sending_id]))
    assert bordereau.content.startswith(b"%PDF")
    outsider = login(world.outsider)
    assert (
        outsider.get(reverse("approvals:bordereau", args=[homologation.sending_id])).status_code
        == 403
    )
    assert outsider.get(reverse("approvals:pcn_table", args=[homologation.pk])).status_code == 404


def _homologation(club, sending, **values) -> Homologation:
    """A tournament at the federation, carried there by ``sending`` (if any), the step
    keeping its fees as the services do."""
    values = {"level": Level.FEDERATION, "date": datetime.date(2026, 10, 3), **values}
    homologation = Homologation.objects.create(club=club, name="T", sending=sending, **values)
    if sending is not None:
        fees = fees_now(homologation)
        HomologationStep.objects.create(
            homologation=homologation,
            action="pass_on",
            from_level=Level.ZONE,
            to_level=Level.FEDERATION,
            actor=sending.sent_by,
            sending=sending,
            national_fee=fees.national,
            committee_fee=fees.committee,
        )
    return homologation


def test_a_seasons_fees_to_the_cent(world):
    """« Redevance nationale »: 0,16 € a player at index 1, 0,40 € above, a championship 1 €
    a player for one session or 0,50 € a player and session; the committee's own rate."""
    CommitteeRate.objects.create(committee=world.club.committee, rate=Decimal("0.10"))
    sending = Sending.objects.create(
        from_level=Level.ZONE, to_level=Level.FEDERATION, sent_by=world.zone_manager
    )
    rows = [
        dict(players=28, session_players=[28], index=Decimal("1")),  # 4,48
        dict(players=60, session_players=[60], index=Decimal("1.2")),  # 24,00
        dict(players=120, session_players=[120], index=Decimal("1.5")),  # 48,00
        dict(players=40, session_players=[40], index=Decimal("1.8"), championship=True),  # 40
        dict(players=40, session_players=[40, 24], index=Decimal("1.8"), championship=True),
    ]
    for values in rows:
        _homologation(world.club, sending, **values)
    other = _homologation(world.other_club, None, players=13, session_players=[13])  # 2,08
    report = fees_report(Homologation.objects.all(), datetime.date(2026, 12, 1))
    # 4.48 + 24.00 + 48.00 + 40.00 + 32.00 + 2.08
    assert report.due.national == Decimal("150.56")
    assert report.due.committee == Decimal("28.80")  # 0.10 x (28+60+120+40+40) in club's committee
    assert report.by_club[world.club.name].national == Decimal("148.48")
    assert report.by_club[other.club.name].national == Decimal("2.08")
    assert report.received.national == Decimal("0.00")
    services.sending_fees_received(actor=world.federation_staff, sending=sending)
    report = fees_report(Homologation.objects.all(), datetime.date(2026, 12, 1))
    assert report.received.national == Decimal("148.48")


def test_the_federation_sets_a_seasons_deadlines_and_late_tournaments_are_flagged(login, world):
    season = Season.objects.create(start_year=2026)
    url = reverse("approvals:deadlines")
    assert login(world.committee_staff).get(url).status_code == 403
    dates = {
        "season": season.pk,
        "previous_year_tables": "2027-01-15",
        "season_tables": "2027-04-15",
        "season_end": "2027-05-15",
    }
    login(world.federation_staff).post(url, dates)
    assert SeasonDeadlines.objects.get(season=season).previous_year_tables == datetime.date(
        2027, 1, 15
    )
    homologation = _homologation(world.club, None, players=20, level=Level.COMMITTEE)
    [row] = inbox_rows([homologation], datetime.date(2027, 1, 20))
    assert (row.deadline, row.late) == (datetime.date(2027, 1, 15), True)
    [early] = inbox_rows([homologation], datetime.date(2027, 1, 10))
    assert not early.late


def test_wrong_deadlines_are_refused(login, world):
    season = Season.objects.create(start_year=2026)
    page = login(world.federation_staff).post(
        reverse("approvals:deadlines"),
        {
            "season": season.pk,
            "previous_year_tables": "2027-05-15",
            "season_tables": "2027-04-15",
            "season_end": "2027-01-31",
        },
    )
    assert "Les dates se suivent" in page.content.decode()
    assert not SeasonDeadlines.objects.exists()


def test_the_homes_count_what_waits_and_the_club_sees_what_was_sent_back(
    login, world, finished, django_capture_on_commit_callbacks
):
    chain.submit(world, django_capture_on_commit_callbacks)
    home = login(world.committee_staff).get(reverse("federation:home")).content.decode()
    assert "En attente au comité : 1" in home
    zone_home = login(world.zone_manager).get(reverse("federation:home")).content.decode()
    assert "En attente à la zone : 0" in zone_home
    club = login(world.club_manager).get(reverse("tournaments:club_home")).content.decode()
    assert 'data-test="club-homologations"' not in club
    chain.step(
        world, django_capture_on_commit_callbacks, world.committee_staff, "send_back", "incomplet"
    )
    club = login(world.club_manager).get(reverse("tournaments:club_home")).content.decode()
    assert 'data-test="club-homologations"' in club and world.tournament.name in club


def test_the_committee_sets_its_own_participation(login, world):
    url = reverse("approvals:committee_rate")
    data = {"committee": world.club.committee.pk, "rate": "0.15"}
    assert login(world.zone_manager).post(url, data).status_code == 403
    assert login(world.club_manager).post(url, data).status_code == 403
    login(world.committee_staff).post(url, data)
    assert CommitteeRate.objects.get().rate == Decimal("0.15")
    page = login(world.committee_staff).post(url, {**data, "rate": "-1"}, follow=True)
    assert CommitteeRate.objects.get().rate == Decimal("0.15")
    assert page.status_code == 200
    page = login(world.committee_staff).post(url, {"rate": "0.2"}, follow=True)
    assert [str(m) for m in page.context["messages"]] == ["Comité : Ce champ est obligatoire."]
    assert CommitteeRate.objects.get().rate == Decimal("0.15")


def test_each_level_marks_what_it_received(
    login, world, finished, django_capture_on_commit_callbacks
):
    chain.submit(world, django_capture_on_commit_callbacks)
    homologation = Homologation.objects.get()
    page = login(world.committee_staff).get(reverse("approvals:fees")).content.decode()
    assert 'data-test="sendings"' in page and "3,20 €" in page  # 20 players x 0,16 €
    url = reverse("approvals:fees_received", args=[homologation.sending_id])
    assert login(world.zone_manager).post(url).status_code == 403
    login(world.committee_staff).post(url)
    assert Sending.objects.get(pk=homologation.sending_id).fees_received_by == world.committee_staff
