"""One fee per tournament (issue 26, point 3): a re-sending adds no second fee, the fees
a bordereau kept when it was sent do not follow a later change of the committee's rate,
and each bordereau opens for those who sent or received it."""

from decimal import Decimal

from django.urls import reverse

from apps.approvals import services
from apps.approvals.documents import bordereau_pdf
from apps.approvals.domain.chain import Action, Level
from apps.approvals.models import CommitteeRate, Homologation, Sending
from apps.approvals.selectors import fees_report, inbox_rows
from tests.approvals import chain
from tests.pdf import pdf_text

FEE = Decimal("3.20")  # 20 players x 0,16 € at index 1


def _resent_twice(world, capture) -> list[Sending]:
    """Sent, sent back by the committee, sent again; passed on, sent back by the zone,
    passed on again; passed on to the federation and approved: the sendings in order."""
    chain.submit(world, capture)
    chain.step(world, capture, world.committee_staff, Action.SEND_BACK, "nom du tournoi")
    chain.submit(world, capture)
    chain.pass_on(world, capture, world.committee_staff)
    chain.step(world, capture, world.zone_manager, Action.SEND_BACK, "bordereau incomplet")
    chain.pass_on(world, capture, world.committee_staff)
    chain.pass_on(world, capture, world.zone_manager)
    chain.step(world, capture, world.federation_staff, Action.APPROVE)
    return list(Sending.objects.order_by("pk"))


def _report(levels):
    return fees_report(
        Homologation.objects.all(), Homologation.objects.get().date, levels=tuple(levels)
    )


def test_a_tournament_sent_again_pays_once_at_every_level(
    world, finished, django_capture_on_commit_callbacks
):
    sendings = _resent_twice(world, django_capture_on_commit_callbacks)
    assert [(s.from_level, s.to_level) for s in sendings] == [
        ("organiser", "committee"),
        ("organiser", "committee"),
        ("committee", "zone"),
        ("committee", "zone"),
        ("zone", "federation"),
    ]
    first, again, zone, zone_again, federation = sendings
    for level, expected in (
        (Level.COMMITTEE, {first.pk: FEE, again.pk: Decimal("0.00")}),
        (Level.ZONE, {zone.pk: FEE, zone_again.pk: Decimal("0.00")}),
        (Level.FEDERATION, {federation.pk: FEE}),
    ):
        report = _report([level])
        assert {s.pk: fees.national for s, fees in report.sendings} == expected
        assert report.due.national == FEE  # one line for the tournament
    for sending in sendings:  # every receiver marks each sending received: still one fee
        receiver = {
            "committee": world.committee_staff,
            "zone": world.zone_manager,
            "federation": world.federation_staff,
        }[sending.to_level]
        services.sending_fees_received(actor=receiver, sending=sending)
    assert _report([Level.FEDERATION]).received.national == FEE
    text = pdf_text(bordereau_pdf(again))  # listed, with the bordereau that counted its fee
    assert "envoyé de nouveau" in text and "3,20" not in text
    assert [line.split() for line in text.splitlines() if "Total" in line] == [
        ["Total", "0,00", "€", "0,00", "€"]
    ]
    assert "3,20 €" in pdf_text(bordereau_pdf(first))


def test_a_bordereau_keeps_the_rate_of_the_day_it_was_sent(
    login, world, finished, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    CommitteeRate.objects.create(committee=world.club.committee, rate=Decimal("0.10"))
    chain.submit(world, capture)
    sending = Sending.objects.get()
    CommitteeRate.objects.filter(committee=world.club.committee).update(rate=Decimal("0.50"))
    [row] = inbox_rows(Homologation.objects.all(), Homologation.objects.get().date)
    assert (row.fees.national, row.fees.committee) == (FEE, Decimal("2.00"))  # 20 x 0,10
    assert {s.pk: f.committee for s, f in _report([Level.COMMITTEE]).sendings} == {
        sending.pk: Decimal("2.00")
    }
    assert "2,00" in pdf_text(bordereau_pdf(sending))
    page = login(world.committee_staff).get(
        reverse("approvals:homologation", args=[Homologation.objects.get().pk])
    )
    assert "2,00 €" in page.content.decode()
    # a tournament not sent yet shows today's rate
    chain.step(world, capture, world.committee_staff, Action.SEND_BACK, "nom")
    [row] = inbox_rows(Homologation.objects.all(), Homologation.objects.get().date)
    assert row.fees.committee == Decimal("2.00")  # its first sending's, kept


def test_each_bordereau_opens_for_who_sent_or_received_it(
    login, world, finished, django_capture_on_commit_callbacks
):
    chain.submit(world, django_capture_on_commit_callbacks)
    chain.pass_on(world, django_capture_on_commit_callbacks, world.committee_staff)
    chain.pass_on(world, django_capture_on_commit_callbacks, world.zone_manager)
    chain.step(world, django_capture_on_commit_callbacks, world.federation_staff, Action.APPROVE)
    homologation = Homologation.objects.get()
    to_committee, to_zone, to_federation = Sending.objects.order_by("pk")
    readable = {
        "club_manager": [to_committee],
        "committee_staff": [to_committee, to_zone],
        "zone_manager": [to_zone, to_federation],
        "federation_staff": [to_committee, to_zone, to_federation],
    }
    page_url = reverse("approvals:homologation", args=[homologation.pk])
    for name, sendings in readable.items():
        browser = login(world.persona(name))
        page = browser.get(page_url).content.decode()
        for sending in Sending.objects.all():
            url = reverse("approvals:bordereau", args=[sending.pk])
            listed = url in page
            status = browser.get(url).status_code
            assert (listed, status) == ((True, 200) if sending in sendings else (False, 403)), (
                name,
                sending,
            )
    for name in ("referee", "player", "outsider"):
        browser = login(world.persona(name))
        assert browser.get(page_url).status_code == 404
        for sending in Sending.objects.all():
            assert browser.get(reverse("approvals:bordereau", args=[sending.pk])).status_code == 403
