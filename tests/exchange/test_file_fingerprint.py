"""What a tournament file played, as its fingerprint reads it (file_played_lines): the
same plays under another name, club, date, index or layout are the same results; a score
or a seat changed are others. A guest is known by their place. No database."""

import copy

from apps.exchange.domain.document import file_played_lines, tournament_file_parse
from apps.results.domain.fingerprint import played_fingerprint
from apps.scoring.domain.deal import Deal, duplicate_score
from tests.exchange.tournament_file_data import document_build


def fingerprint(document: dict) -> str | None:
    return played_fingerprint(file_played_lines(tournament_file_parse(document)))


def test_another_name_club_date_index_or_layout_is_the_same_results():
    document = document_build(5, club="0101")
    other = copy.deepcopy(document)
    other["tournament"] |= {"name": "Autre nom", "date": "2027-01-09", "club": "0202"}
    other["tournament"] |= {"indice": 1.5, "venue": "Salle des fêtes"}
    other["players"].reverse()
    other["results"].reverse()
    other["penalties"] = []
    for result in other["results"]:  # the deals' details given as their scores
        if "deal" in result:
            result["score"] = duplicate_score(Deal(**result.pop("deal")))
    assert fingerprint(other) == fingerprint(document) is not None


def test_a_score_changed_is_other_results():
    document = document_build(5)
    other = copy.deepcopy(document)
    (result,) = [r for r in other["results"] if "score" in r][:1]
    result["score"] += 10
    assert fingerprint(other) != fingerprint(document)


def test_two_players_swapping_their_places_is_other_results():
    document = document_build(5)
    other = copy.deepcopy(document)
    first, second = other["players"][:2]
    first["licence"], second["licence"] = second["licence"], first["licence"]
    assert fingerprint(other) != fingerprint(document)


def test_a_guest_is_known_by_their_place_not_their_name():
    document = document_build(5)
    guest = document["players"][3]
    document["players"][3] = {"id": guest["id"], "guest": True, "name": "INVITÉ Paul"}
    renamed = copy.deepcopy(document)
    renamed["players"][3]["name"] = "AUTRE Nom"
    assert fingerprint(renamed) == fingerprint(document)
    moved = copy.deepcopy(document)  # the guest and a licensee exchange their places
    moved["players"][3]["id"], moved["players"][4]["id"] = (
        document["players"][4]["id"],
        document["players"][3]["id"],
    )
    assert fingerprint(moved) != fingerprint(document)


def test_a_file_with_no_score_has_no_fingerprint():
    document = document_build(5)
    document["results"] = []
    assert fingerprint(document) is None
