"""Belote pages per persona: the tournament's rounds and standings, a match's sheet,
writing a deal through the form (and its refusal shown beside it), the confirmations of
taking a deal off, submitting and reopening, the panels, and queries that do not grow
with the field."""

import pytest
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from apps.games import services
from apps.games.models import BeloteDeal, BeloteMatch
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests.factories import register
from tests.games.conftest import WIN
from tests.pdf import pdf_text, spaceless
from tests.personas import PERSONAS
from tests.queries import queries_of
from tests.wording import said

pytestmark = pytest.mark.django_db

OVERSEERS = {"federation_staff", "zone_manager", "committee_staff", "club_manager", "referee"}
RUNNERS = {"federation_staff", "referee"}
FORM_WIN = {
    "number": "1",
    "contract": "no_trumps",
    "chooser": "0",
    "tricks_first": "116",
    "tricks_second": "0",
    "last_trick": "0",
    "combinations_by": "",
    "combinations": "0",
    "belotes_first": "0",
    "belotes_second": "0",
    "finish": "",
}


def _page(belote):
    return reverse("games:belote", args=[belote.pk])


def _sheet(match):
    return reverse("games:belote_match", args=[match.pk])


@pytest.mark.parametrize("persona", PERSONAS)
def test_during_play_those_who_oversee_read_the_sheets(world, login, match, persona):
    browser = login(world.persona(persona))
    for url in (_page(match.tournament), _sheet(match)):
        response = browser.get(url)
        assert response.status_code == (200 if persona in OVERSEERS else 403)


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_room_sees_the_draw_and_the_deal_form(world, login, belote, persona):
    browser = login(world.persona(persona))
    if persona not in OVERSEERS:
        return
    page = browser.get(_page(belote)).content.decode()
    assert ('data-test="draw"' in page) == (persona in RUNNERS)
    services.belote_rounds_draw(
        actor=world.referee, tournament=belote, pairing=services.ROUND_ROBIN
    )
    match = BeloteMatch.objects.filter(tournament=belote).first()
    sheet = browser.get(_sheet(match)).content.decode()
    assert ('data-test="deal-form"' in sheet) == (persona in RUNNERS)


def test_the_draw_is_offered_while_rounds_remain_to_draw(world, login, belote):
    browser = login(world.referee)
    services.belote_rounds_draw(actor=world.referee, tournament=belote, pairing=services.STANDINGS)
    assert 'data-test="draw"' not in browser.get(_page(belote)).content.decode()  # sheets out
    for match in BeloteMatch.objects.filter(tournament=belote):
        for _ in range(4):
            services.belote_deal_add(actor=world.referee, match=match, **WIN)
        services.belote_match_submit(actor=world.referee, match=match)
    assert 'data-test="draw"' in browser.get(_page(belote)).content.decode()


def test_a_round_robin_drawn_leaves_nothing_to_draw(world, login, match):
    browser = login(world.referee)
    BeloteMatch.objects.filter(tournament=match.tournament).update(submitted_at=timezone.now())
    assert 'data-test="draw"' not in browser.get(_page(match.tournament)).content.decode()


@pytest.mark.parametrize("persona", PERSONAS)
def test_a_deal_posted_by_someone_else_than_the_room_is_refused(world, login, match, persona):
    if persona in RUNNERS:
        return
    browser = login(world.persona(persona))
    response = browser.post(reverse("games:belote_deal_add", args=[match.pk]), FORM_WIN)
    assert response.status_code == 403
    assert not BeloteDeal.objects.exists()


def test_once_play_is_over_everyone_reads_them(world, client, match):
    Tournament.objects.filter(pk=match.tournament_id).update(status=Status.FINISHED)
    assert client.get(_page(match.tournament)).status_code == 200
    assert client.get(_sheet(match)).status_code == 200


def test_anonymous_visitors_are_asked_to_sign_in_during_play(client, match):
    response = client.get(_page(match.tournament))
    assert response.status_code == 302 and response.url.startswith(reverse("accounts:login"))


def test_another_games_tournament_has_no_belote_page(world, login):
    browser = login(world.referee)
    assert browser.get(reverse("games:belote", args=[world.tournament.pk])).status_code == 404


def test_the_referee_writes_a_deal_and_reads_the_sheet(world, login, match):
    browser = login(world.referee)
    response = browser.post(reverse("games:belote_deal_add", args=[match.pk]), FORM_WIN)
    assert response.status_code == 302
    html = browser.get(_sheet(match)).content.decode()
    assert "252 \N{EN DASH} 0" in html and said("no trumps (doubled)") in html


def test_a_refused_deal_comes_back_with_its_error_and_what_was_typed(world, login, match):
    browser = login(world.referee)
    data = {**FORM_WIN, "belotes_first": "1"}
    response = browser.post(reverse("games:belote_deal_add", args=[match.pk]), data)
    html = response.content.decode()
    assert response.status_code == 400
    assert escape("Trop de belotes pour ce contrat.") in html
    assert 'name="tricks_first" value="116"' in html
    assert not BeloteDeal.objects.exists()


def test_submitting_and_reopening_ask_first(world, login, match):
    browser = login(world.referee)
    for _ in range(4):
        services.belote_deal_add(actor=world.referee, match=match, **WIN)
    submit = reverse("games:belote_submit", args=[match.pk])
    assert (
        said("Submit this sheet? It is locked once submitted.")
        in browser.get(submit).content.decode()
    )
    match.refresh_from_db()
    assert match.submitted_at is None
    browser.post(submit)
    match.refresh_from_db()
    assert match.submitted_at is not None
    assert 'data-test="deal-form"' not in browser.get(_sheet(match)).content.decode()
    reopen = reverse("games:belote_reopen", args=[match.pk])
    assert 'name="reason"' in browser.get(reopen).content.decode()
    browser.post(reopen, {"reason": ""})
    match.refresh_from_db()
    assert match.submitted_at is not None  # no reason, nothing done
    browser.post(reopen, {"reason": "Erreur de report"})
    match.refresh_from_db()
    assert match.submitted_at is None


def test_taking_the_last_deal_off_asks_first(world, login, match):
    browser = login(world.referee)
    services.belote_deal_add(actor=world.referee, match=match, **WIN)
    url = reverse("games:belote_deal_delete", args=[match.pk])
    assert browser.get(url).status_code == 200 and BeloteDeal.objects.count() == 1
    browser.post(url)
    assert not BeloteDeal.objects.exists()


def test_the_tournament_page_and_the_referee_room_link_the_belote_page(world, login, match):
    browser = login(world.referee)
    for url in (
        reverse("tournaments:detail", args=[match.tournament_id]),
        reverse("tournaments:referee_room", args=[match.tournament_id]),
    ):
        html = browser.get(url).content.decode()
        assert _page(match.tournament) in html
        assert reverse("movements:page", args=[match.tournament.sessions.get().pk]) not in html


def test_the_belote_page_costs_the_same_whatever_the_field(world, login):
    counts = []
    browser = login(world.referee)
    for players in (6, 12):
        tournament = Tournament.objects.create(
            club=world.club,
            name=f"Belote {players}",
            date=world.tournament.date,
            game=Tournament.Game.BELOTE,
            status=Status.RUNNING,
        )
        tournament.referee_assignments.create(referee=world.referee)
        register(tournament, players)
        services.belote_rounds_draw(
            actor=world.referee, tournament=tournament, pairing=services.ROUND_ROBIN
        )
        for match in BeloteMatch.objects.filter(tournament=tournament, round=1):
            services.belote_deal_add(actor=world.referee, match=match, **WIN)
        counts.append(queries_of(lambda t=tournament: browser.get(_page(t))))
    assert counts[0] == counts[1]


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_round_assignments_print_for_those_who_read_the_sheets(world, login, match, persona):
    response = login(world.persona(persona)).get(
        reverse("games:belote_pdf", args=[match.tournament_id])
    )
    if persona not in OVERSEERS:
        assert response.status_code == 403
        return
    text = spaceless(pdf_text(response.content))
    for number in range(1, 6):
        assert spaceless(said("Round %(number)s", number=number)) in text
    for player in (match.first, match.second):
        assert spaceless(player.licensee.full_name) in text


def test_the_notes_say_where_points_came_from(world, login, match):
    """A bide pendante leaves 60 waiting; the next deal's winner takes them (« dont 60 de
    litige »); a « fini » declared with 40 points misses, and the match is lost."""
    for chooser, tricks, last, finish in (
        (0, (60, 50), 1, None),
        (1, (20, 80), 1, None),
        (0, (30, 0), 0, 0),
    ):
        services.belote_deal_add(actor=world.referee, match=match, contract="trump",
                                 chooser=chooser, tricks=tricks, last_trick=last,
                                 finish=finish)  # fmt: skip
    html = login(world.referee).get(_sheet(match)).content.decode()
    assert '<span data-test="collected">dont 60 de litige</span>' in html
    assert '<span data-test="finish">fini annoncé et manqué</span>' in html


def test_the_sheet_asks_who_writes_the_combinations(world, login, match):
    browser = login(world.referee)
    url = reverse("games:belote_deal_add", args=[match.pk])
    nobody = browser.post(url, {**FORM_WIN, "combinations": "50"})
    assert nobody.status_code == 400 and not BeloteDeal.objects.exists()
    assert escape("Indiquez le joueur qui marque les combinaisons") in nobody.content.decode()
    browser.post(url, {**FORM_WIN, "combinations_by": "1", "combinations": "50"})
    deal = BeloteDeal.objects.get()
    assert (deal.combinations_first, deal.combinations_second) == (0, 50)


def test_an_all_pass_round_ticks_who_took_a_trick(world, login, match):
    browser = login(world.referee)
    data = {**FORM_WIN, "contract": "all_pass", "chooser": "", "tricks_first": "80"}
    browser.post(
        reverse("games:belote_deal_add", args=[match.pk]), {**data, "took_trick_second": "on"}
    )
    deal = BeloteDeal.objects.get()
    assert (deal.took_trick_first, deal.took_trick_second) == (True, True)
