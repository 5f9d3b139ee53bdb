"""Issue 26's walk through the chain in a real browser: a tournament sent by its club,
passed on by the committee, sent back by the zone then by the committee, corrected by the
club with a changed score and sent again, approved, then a correction asked after
approval. At each step, what the club, the committee, the zone and the federation see on
their homes and inboxes; each e-mail (Django's outbox) names the step and its link,
followed, leads its reader to act; after two re-sendings each level's fees count the
tournament once. Screenshots at 1280 and 390 px go to /tmp/donne-shots."""

import re

from django.core import mail
from django.urls import reverse

from apps.approvals.models import Homologation
from apps.scoring.services import play_score_set
from apps.tournaments.domain.workflow import Status
from apps.tournaments.services import tournament_transition
from tests.builders import enter_all, played, table_of
from tests.e2e.browser import BROWSER_MARKS, PHONE, SHOTS, sign_in

pytestmark = BROWSER_MARKS

DESKTOP = {"width": 1280, "height": 900}


def _shots(page, name):
    page.screenshot(path=str(SHOTS / f"walk-{name}.png"), full_page=True)
    page.set_viewport_size(PHONE)
    page.screenshot(path=str(SHOTS / f"walk-{name}-390.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def _as(page, base, user):
    page.context.clear_cookies()
    sign_in(page, base, user)


def _mail_link(to: str, base: str, *words: str) -> str:
    """The last e-mail: sent to ``to``, naming ``words``; its link, on this site."""
    message = mail.outbox[-1]
    assert message.to == [to], message.to
    for word in words:
        assert word in message.body, (word, message.body)
    [link] = re.findall(r"Pour agir : (\S+)", message.body)
    assert link.startswith(base)
    return link


def _text(page, selector) -> str:
    return page.locator(selector).inner_text()


def test_a_tournament_through_the_chain_as_each_level_sees_it(page, live_server, world, settings):
    base = settings.SITE_URL = live_server.url
    world.emails_set()
    movement = played(world, tables=5)
    enter_all(world, movement, seed=41)
    for status in (Status.RUNNING, Status.FINISHED):
        tournament_transition(actor=world.referee, tournament=world.tournament, status=status)
    name = world.tournament.name
    detail = base + reverse("tournaments:detail", args=[world.tournament.pk])
    inbox = base + reverse("approvals:inbox")
    home = base + reverse("federation:home")

    # The club sends it from the tournament's page.
    _as(page, base, world.club_manager)
    page.goto(detail)
    page.click("[data-test=submit-homologation]")
    page.click("[data-test=confirm]")
    page.wait_for_selector("[data-test=history]")
    link = _mail_link("committee_staff@example.org", base, name, "envoi en homologation")

    # The committee follows its e-mail and passes it on from the page, with a comment.
    _as(page, base, world.committee_staff)
    page.goto(home)
    assert "En attente au comité : 1" in _text(page, "[data-test=homologation-counts]")
    page.goto(link)
    page.fill("#comment-pass_on", "vérifié")
    page.click("[data-test=step-pass_on]")
    page.wait_for_selector(".message.success")
    link = _mail_link("zone_manager@example.org", base, "transmission", "à la zone")

    # The zone sends it back to the committee, which sends it back to the club.
    _as(page, base, world.zone_manager)
    page.goto(link)
    page.fill("#comment-send_back", "étui 1 à vérifier")
    page.click("[data-test=step-send_back]")
    page.wait_for_selector(".message.success")
    page.goto(inbox)
    assert name in _text(page, "#sent-back")
    link = _mail_link("committee_staff@example.org", base, "Raison : étui 1 à vérifier")
    _as(page, base, world.committee_staff)
    page.goto(inbox)
    waiting = _text(page, "#waiting-committee")
    assert "renvoyé par la zone : étui 1 à vérifier" in waiting
    _shots(page, "inbox-committee")
    page.goto(detail)  # from the tournament's page this time
    page.fill("#comment-send_back", "score de l'étui 1 à corriger")
    page.click("[data-test=step-send_back]")
    page.wait_for_selector(".message.success")
    link = _mail_link("club_manager@example.org", base, "Raison : score de l'étui 1 à corriger")

    # The club sees both reasons on its home and the tournament's page (its e-mail's link).
    _as(page, base, world.club_manager)
    page.goto(base + reverse("tournaments:club_home"))
    club_home = _text(page, "[data-test=club-homologations]")
    assert "renvoyé par la zone : étui 1 à vérifier" in club_home
    assert "renvoyé par le comité : score de l'étui 1 à corriger" in club_home
    _shots(page, "club-home")
    page.goto(link)
    assert "renvoyé par le comité" in _text(page, "[data-test=tournament-homologation]")
    # the referee corrects the score; the club sends it again
    play_score_set(
        actor=world.referee, table=table_of(movement, 1, 1), etui=1, score=-92, reason="Rature"
    )
    page.goto(detail)
    page.click("[data-test=submit-homologation]")
    page.click("[data-test=confirm]")
    page.wait_for_selector("[data-test=history]")
    page.wait_for_load_state()
    history = _text(page, "[data-test=history]")
    assert "Depuis l'envoi précédent" in history and "→ -92 (Rature)" in history
    _shots(page, "history")

    # Resubmitted: nobody's « Renvoyés par moi » lists it any more.
    for officer in (world.committee_staff, world.zone_manager):
        _as(page, base, officer)
        page.goto(inbox)
        assert name not in _text(page, "#sent-back")
    # The committee passes it on from its inbox; the zone too; the federation approves.
    for officer, level in ((world.committee_staff, "committee"), (world.zone_manager, "zone")):
        _as(page, base, officer)
        page.goto(inbox)
        page.check(f'#waiting-{level} input[aria-label="{name}"]')
        page.click(f"#waiting-{level} [data-test=pass-on]")
        page.wait_for_selector(".message.success")
    link = _mail_link("federation_staff@example.org", base, "à la fédération")
    _as(page, base, world.federation_staff)
    page.goto(home)
    top = page.locator(".topbar-inner").bounding_box()
    assert top["height"] < 60, top  # the federation's top bar on one line at 1280 px
    page.goto(link)
    page.click("[data-test=step-approve]")
    page.wait_for_selector(".message.success")
    _mail_link("club_manager@example.org", base, "Le tournoi est maintenant homologué.")

    # After approval, the club asks a correction; the federation sees it on its home and
    # inbox, and its e-mail's link offers the decision.
    _as(page, base, world.club_manager)
    page.goto(base + reverse("approvals:homologation", args=[Homologation.objects.get().pk]))
    page.fill("#comment-ask_correction", "étui 3 mal reporté")
    page.click("[data-test=step-ask_correction]")
    page.wait_for_selector(".message.success")
    link = _mail_link("federation_staff@example.org", base, "Raison : étui 3 mal reporté")
    _as(page, base, world.federation_staff)
    page.goto(home)
    assert "Corrections demandées : 1" in _text(page, "[data-test=homologation-counts]")
    _shots(page, "federation-home")
    page.goto(inbox)
    assert "correction demandée : étui 3 mal reporté" in _text(page, "#corrections-asked")
    _shots(page, "inbox-federation")
    page.goto(link)
    page.click("[data-test=step-accept_correction]")
    page.wait_for_selector(".message.success")
    assert Homologation.objects.get().level == "organiser"

    # Two re-sendings (to the committee, to the zone): each level counts one fee.
    for officer, due in (
        (world.committee_staff, ["3,20 €", "0,00 €"]),
        (world.zone_manager, ["3,20 €", "0,00 €"]),
        (world.federation_staff, ["3,20 €"]),
    ):
        _as(page, base, officer)
        page.goto(base + reverse("approvals:fees"))
        amounts = page.locator("[data-test=sendings] td.num").all_inner_texts()
        assert sorted(amounts, reverse=True) == due, (officer, amounts)
    _shots(page, "fees-federation")
