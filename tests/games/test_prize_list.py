"""The prize list (issue 27, point 6): the room writes the prizes place by place on the
game's page, and prints them with whoever ranks at each place (tied players share it),
pinochle's drawings with them; refused beyond its bounds and to anyone but the room."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from apps.games import services
from apps.games.models import GamePrize
from apps.games.selectors import PrizeLine, prize_list
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests import factories as f
from tests.games.conftest import WIN
from tests.pdf import pdf_text, spaceless


def _prizes(*labels):
    return [GamePrize(place=place, label=label) for place, label in enumerate(labels, start=1)]


def test_each_prize_goes_to_whoever_ranks_at_its_place():
    ranked = [(1, "Anne"), (2, "Bruno"), (2, "Chloé"), (4, "Denis")]
    lines = prize_list(_prizes("Jambon", "Bouteille", "Fleurs"), ranked)
    assert lines == [
        PrizeLine(1, "Jambon", ("Anne",)),
        PrizeLine(2, "Bouteille", ("Bruno", "Chloé")),  # tied: they share the place
        PrizeLine(3, "Fleurs", ()),  # the place after a tie is nobody's
    ]


needs_db = pytest.mark.django_db


@needs_db
def test_the_room_writes_the_prize_list_and_prints_it_with_the_winners(world, login, match):
    for _ in range(4):
        services.belote_deal_add(actor=world.referee, match=match, **WIN)
    services.belote_match_submit(actor=world.referee, match=match)
    browser = login(world.referee)
    page = reverse("games:belote", args=[match.tournament_id])
    assert 'data-test="prizes-form"' in browser.get(page).content.decode()
    browser.post(
        reverse("games:prizes", args=[match.tournament_id]),
        {"prizes": "Un jambon\n\n  Une bouteille  \n"},
    )
    assert [p.label for p in GamePrize.objects.order_by("place")] == ["Un jambon", "Une bouteille"]
    html = browser.get(page).content.decode()
    assert 'data-test="prizes-pdf"' in html
    response = browser.get(reverse("games:belote_prizes_pdf", args=[match.tournament_id]))
    text = spaceless(pdf_text(response.content))
    winner = match.first.licensee.full_name
    assert spaceless("Palmarès") in text and spaceless(f"1 Un jambon {winner}") in text


@needs_db
def test_a_prize_list_out_of_bounds_changes_nothing(world, match):
    tournament = match.tournament
    services.game_prizes_set(actor=world.referee, tournament=tournament, labels=["Jambon"])
    for labels in (["x"] * 31, ["x" * 121]):
        with pytest.raises(ValidationError):
            services.game_prizes_set(actor=world.referee, tournament=tournament, labels=labels)
    assert [p.label for p in GamePrize.objects.all()] == ["Jambon"]
    duplicate = f.TournamentFactory(club=world.club, status=Status.RUNNING)
    f.RefereeAssignmentFactory(tournament=duplicate, referee=world.referee)
    with pytest.raises(ValidationError, match="autres jeux"):
        services.game_prizes_set(actor=world.referee, tournament=duplicate, labels=["x"])


@needs_db
@pytest.mark.parametrize("persona", ["club_manager", "player", "outsider"])
def test_only_the_room_writes_the_prize_list(world, login, match, persona):
    login(world.persona(persona)).post(
        reverse("games:prizes", args=[match.tournament_id]), {"prizes": "Jambon"}
    )
    assert not GamePrize.objects.exists()


@needs_db
def test_the_pinochle_prize_list_shows_its_drawings(world, login, pinochle_game):
    tournament = pinochle_game.tournament
    services.pinochle_extras_set(
        actor=world.referee, tournament=tournament, set_cup_cents=50, specials=True,
        fifty_fifty=True,
    )  # fmt: skip
    services.pinochle_tickets_sell(
        actor=world.referee, tournament=tournament, buyer="Mme Roux", bundle=20, bundles=1,
        round_number=1,
    )  # fmt: skip
    services.game_prizes_set(actor=world.referee, tournament=tournament, labels=["Coupe"])
    response = login(world.referee).get(reverse("games:pinochle_prizes_pdf", args=[tournament.pk]))
    text = spaceless(pdf_text(response.content))
    assert spaceless("Tirage 50/50") in text and spaceless("Au fonds des prix : 2,50 €") in text
    assert spaceless("Pas encore tiré") in text
    assert Tournament.objects.get(pk=tournament.pk).game == Tournament.Game.PINOCHLE
