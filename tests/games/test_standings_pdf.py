"""The standings as a PDF (issue 27, point 6), to pin up and read at the prize-giving:
belote, pinochle and free play, with the page's figures, marked provisional while play
goes on; pinochle's only once announced (to the director before)."""

import pytest
from django.urls import reverse

from apps.games import services
from apps.scoring.domain.deal import Deal
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests.games.conftest import WIN, running
from tests.pdf import pdf_text, spaceless

pytestmark = pytest.mark.django_db


def test_the_belote_standings_print_with_their_figures(world, login, match):
    for _ in range(4):  # 252 a deal: 1008 after four
        services.belote_deal_add(actor=world.referee, match=match, **WIN)
    services.belote_match_submit(actor=world.referee, match=match)
    url = reverse("games:belote_standings_pdf", args=[match.tournament_id])
    response = login(world.referee).get(url)
    assert response["Content-Type"] == "application/pdf"
    text = spaceless(pdf_text(response.content))
    winner = match.first.licensee.full_name
    assert spaceless("Classement") in text and spaceless("provisoire : le jeu continue") in text
    assert spaceless(f"1 {winner} 1 1 1008 1008") in text


def test_the_pinochle_standings_wait_for_the_end_except_for_the_director(
    world, login, pinochle_game
):
    url = reverse("games:pinochle_standings_pdf", args=[pinochle_game.tournament_id])
    assert login(world.referee).get(url).status_code == 200
    assert login(world.club_manager).get(url).status_code == 403
    Tournament.objects.filter(pk=pinochle_game.tournament_id).update(status=Status.FINISHED)
    finished = login(world.club_manager).get(url)
    assert finished.status_code == 200
    assert "provisoire" not in pdf_text(finished.content)


def test_the_free_play_standings_print(world, login):
    tournament = running(world, Tournament.Game.FREE_TAROT, 4)
    table = services.free_round_draw(actor=world.referee, tournament=tournament, seed=1)[0]
    taker = table.seats.order_by("order").first().registration
    services.free_deal_add(actor=world.referee, table=table, taker=taker, partner=None,
                           deal=Deal(2, 45))  # fmt: skip
    url = reverse("games:free_standings_pdf", args=[tournament.pk])
    text = spaceless(pdf_text(login(world.referee).get(url).content))
    assert spaceless(f"1 {taker.licensee.full_name}") in text


def test_the_pages_link_to_the_standings_pdf(world, login, match):
    page = login(world.referee).get(reverse("games:belote", args=[match.tournament_id]))
    assert reverse("games:belote_standings_pdf", args=[match.tournament_id]) in (
        page.content.decode()
    )
