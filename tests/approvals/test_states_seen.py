"""Every state of the chain where people look (issue 26, point 1): who sent a tournament
back and why, on the club's home, the tournament's page and every level's inbox; « Renvoyés
par moi » until it is resubmitted; a correction asked after approval on the federation's
inbox and home."""

from django.urls import reverse

from apps.approvals.domain.chain import Action
from tests.approvals import chain

ZONE_SAYS = "renvoyé par la zone : indice à revoir"
COMMITTEE_SAYS = "renvoyé par le comité : feuille de route manquante"


def _page(login, user, name, *args) -> str:
    return login(user).get(reverse(name, args=args)).content.decode()


def _inbox_section(login, user, section: str) -> str:
    page = _page(login, user, "approvals:inbox")
    start = page.index(f'id="{section}"')
    return page[start : page.index("</section>", start)]


def test_who_sent_back_and_why_shows_until_the_tournament_goes_up_again(
    login, world, finished, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    chain.submit(world, capture)
    chain.pass_on(world, capture, world.committee_staff)
    chain.step(world, capture, world.zone_manager, Action.SEND_BACK, "indice à revoir")
    # back at the committee: its waiting row says who sent it back and why
    waiting = _inbox_section(login, world.committee_staff, "waiting-committee")
    assert world.tournament.name in waiting and ZONE_SAYS in waiting
    assert ZONE_SAYS in _inbox_section(login, world.zone_manager, "sent-back")
    chain.step(
        world, capture, world.committee_staff, Action.SEND_BACK, "feuille de route manquante"
    )
    # at the club: its home, the tournament's page, the homologation page say both
    homologation = world.tournament.homologation.pk
    for page in (
        _page(login, world.club_manager, "tournaments:club_home"),
        _page(login, world.club_manager, "tournaments:detail", world.tournament.pk),
        _page(login, world.club_manager, "approvals:homologation", homologation),
    ):
        assert ZONE_SAYS in page and COMMITTEE_SAYS in page
    tournament_page = _page(login, world.club_manager, "tournaments:detail", world.tournament.pk)
    assert 'data-test="tournament-homologation"' in tournament_page
    assert "chez l&#x27;organisateur" in tournament_page
    for officer in (world.committee_staff, world.zone_manager):
        assert world.tournament.name in _inbox_section(login, officer, "sent-back")
    # resubmitted: nobody's « Renvoyés par moi » lists it, no row says it was sent back
    chain.submit(world, capture)
    for officer in (world.committee_staff, world.zone_manager):
        assert world.tournament.name not in _inbox_section(login, officer, "sent-back")
    waiting = _inbox_section(login, world.committee_staff, "waiting-committee")
    assert world.tournament.name in waiting and "renvoyé par" not in waiting
    page = _page(login, world.club_manager, "tournaments:detail", world.tournament.pk)
    assert "renvoyé par" not in page and "au comité" in page


def test_a_correction_asked_after_approval_waits_in_the_federations_inbox_and_home(
    login, world, finished, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    chain.submit(world, capture)
    chain.pass_on(world, capture, world.committee_staff)
    chain.pass_on(world, capture, world.zone_manager)
    chain.step(world, capture, world.federation_staff, Action.APPROVE)
    home = _page(login, world.federation_staff, "federation:home")
    assert "Corrections demandées : 0" in home
    assert world.tournament.name not in _inbox_section(
        login, world.federation_staff, "corrections-asked"
    )
    chain.step(world, capture, world.club_manager, Action.ASK_CORRECTION, "score mal reporté")
    home = _page(login, world.federation_staff, "federation:home")
    assert "Corrections demandées : 1" in home
    asked = _inbox_section(login, world.federation_staff, "corrections-asked")
    assert world.tournament.name in asked and "correction demandée : score mal reporté" in asked
    # the committee and the zone do not decide corrections: no such box or count for them
    for officer in (world.committee_staff, world.zone_manager):
        assert 'id="corrections-asked"' not in _page(login, officer, "approvals:inbox")
        assert "Corrections demandées" not in _page(login, officer, "federation:home")
    chain.step(world, capture, world.federation_staff, Action.REFUSE_CORRECTION, "non fondée")
    assert "Corrections demandées : 0" in _page(login, world.federation_staff, "federation:home")


def test_the_tournament_page_shows_the_chain_only_to_those_it_passes_through(
    login, world, finished, django_capture_on_commit_callbacks
):
    chain.submit(world, django_capture_on_commit_callbacks)
    seen = {
        name: 'data-test="tournament-homologation"'
        in _page(login, world.persona(name), "tournaments:detail", world.tournament.pk)
        for name in ("club_manager", "committee_staff", "zone_manager", "federation_staff")
    }
    assert all(seen.values())
    for name in ("referee", "player", "outsider"):
        response = login(world.persona(name)).get(
            reverse("tournaments:detail", args=[world.tournament.pk])
        )
        assert 'data-test="tournament-homologation"' not in response.content.decode()
