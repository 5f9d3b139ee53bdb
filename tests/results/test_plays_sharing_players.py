"""The tournaments whose results a file of some players may hold
(apps.results.selectors.plays_sharing_players): those in play or over that registered at
least half of them, each with its plays (licence, étui, score), in three queries whatever
their number."""

import pytest

from apps.exchange.domain.document import file_played_lines, tournament_file_parse
from apps.exchange.services import tournament_file_import
from apps.results.domain.same_results import licensed_plays
from apps.results.selectors import plays_sharing_players
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests.exchange.tournament_file_data import document_build
from tests.queries import queries_of

pytestmark = pytest.mark.django_db


def imported(world, seed: int) -> tuple[Tournament, dict]:
    document = document_build(5, seed=seed)
    return tournament_file_import(actor=None, document=document, club=world.club), document


def licences_of(document: dict) -> list[str]:
    return [player["licence"] for player in document["players"]]


def test_a_tournament_of_the_players_comes_with_its_plays(world):
    tournament, document = imported(world, 1)
    plays = licensed_plays(file_played_lines(tournament_file_parse(document)))
    assert plays_sharing_players(set(licences_of(document))) == {tournament: plays}


def test_a_tournament_of_half_of_the_players_is_a_candidate_and_of_fewer_is_not(world):
    tournament, document = imported(world, 1)
    licences = licences_of(document)
    others = [str(int(licence) + 1000) for licence in licences]
    assert tournament in plays_sharing_players(set(licences[:10] + others[:10]))
    assert plays_sharing_players(set(licences[:9] + others[:11])) == {}


def test_a_tournament_before_play_is_not_a_candidate(world):
    tournament, document = imported(world, 1)
    Tournament.objects.filter(pk=tournament.pk).update(status=Status.REGISTRATION_OPEN)
    assert plays_sharing_players(set(licences_of(document))) == {}


def test_the_queries_do_not_grow_with_the_candidates(world):
    _first, document = imported(world, 1)
    licences = set(licences_of(document))
    assert queries_of(lambda: plays_sharing_players(licences)) == 3
    imported(world, 2)
    assert len(plays_sharing_players(licences)) == 2
    assert queries_of(lambda: plays_sharing_players(licences)) == 3
