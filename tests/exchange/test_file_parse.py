"""Reading a tournament file without a database: what it describes, every error with its
JSON path, and the export built from the results."""

import copy
from decimal import Decimal

import pytest

from apps.exchange.domain.document import (
    TournamentFileInvalid,
    club_number,
    export_document,
    tournament_file_parse,
)
from apps.results.domain.compute import session_results_compute
from apps.results.domain.model import PlayRecord
from apps.scoring.domain.deal import Deal
from tests.exchange.tournament_file_data import document_build

EXAMPLE = {
    "format": "donne-tournament/1",
    "tournament": {"name": "Open", "date": "2026-11-19", "indice": 1.0},
    "movement": {"type": "ligne", "tables": 7, "positions": 7},
    "players": [
        {"id": "N1", "licence": "1001001", "name": "DUCARD Lionel"},
        {"id": "o3", "licence": "1001002", "name": "LE GALL Jean Pierre"},
        {"id": "S3", "licence": "1001003", "name": "Camille Martin"},
    ],
    "results": [
        {"etui": 1, "table": 1, "score": 56},
        {
            "etui": 1,
            "table": 2,
            "deal": {
                "bouts": 2,
                "points": 44,
                "poignees": ["simple"],
                "petit_au_bout": "taker",
                "chelem": None,
            },
        },
    ],
    "penalties": [{"player": "S3", "percent": 0.5, "reason": "lenteur"}],
}


def errors_of(document) -> list[str]:
    with pytest.raises(TournamentFileInvalid) as caught:
        tournament_file_parse(document)
    return [str(error) for error in caught.value.errors]


def paths_of(document) -> list[str]:
    with pytest.raises(TournamentFileInvalid) as caught:
        tournament_file_parse(document)
    return [error.path for error in caught.value.errors]


def changed(**parts) -> dict:
    document = copy.deepcopy(EXAMPLE)
    document.update(parts)
    return document


# --- what the file describes -------------------------------------------------------


def test_the_example_reads_as_a_tournament():
    parsed = tournament_file_parse(EXAMPLE)
    assert parsed.tournament.name == "Open"
    assert str(parsed.tournament.date) == "2026-11-19"
    assert parsed.tournament.index == Decimal("1.0")
    assert parsed.movement_type == "ligne"
    assert (parsed.room.tables, len(parsed.room.sections[0].positions)) == (7, 7)
    assert not parsed.complete


def test_players_are_named_by_their_place_with_licence_and_name():
    first, second, third = tournament_file_parse(EXAMPLE).players
    assert (first.id, first.spot, first.licence) == ("N1", ("Rouge", "N1"), "1001001")
    assert (first.last_name, first.first_name) == ("DUCARD", "Lionel")
    # Ouest written O, a name without capitals
    assert (second.id, second.licence) == ("W3", "1001002")
    assert (second.last_name, second.first_name) == ("LE GALL", "Jean Pierre")
    assert (third.licence, third.last_name, third.first_name) == ("1001003", "Camille", "Martin")


def test_results_find_their_position_and_deals_their_garde_score():
    by_score, by_deal = tournament_file_parse(EXAMPLE).results
    assert (by_score.position, by_score.score, by_score.deal) == (1, 56, None)
    assert (by_deal.section, by_deal.position, by_deal.table) == ("Rouge", 7, 2)
    assert by_deal.deal == Deal(2, 44, poignees=("simple",), petit_au_bout="taker")
    assert by_deal.score == (25 + 3 + 10) * 2 + 20


def test_penalties_name_the_players_place():
    (penalty,) = tournament_file_parse(EXAMPLE).penalties
    assert (penalty.spot, penalty.percent, penalty.reason) == (
        ("Rouge", "S3"),
        Decimal("0.5"),
        "lenteur",
    )


def test_a_complete_file_has_every_etui_of_every_table():
    parsed = tournament_file_parse(document_build(7))
    assert parsed.complete
    assert len(parsed.results) == 7 * 7 * 4
    assert len(parsed.players) == 28


def test_optional_parts_take_their_defaults():
    document = changed(movement={"tables": 4}, penalties=None)
    del document["results"]
    document["players"] = [{"id": 16, "licence": "1234", "name": "A B"}]
    document["tournament"] = {"name": "Open", "date": "2026-11-19", "club": 700001}
    parsed = tournament_file_parse(document)
    assert (parsed.movement_type, parsed.room.sections[0].type) == (None, "howell")
    assert parsed.players[0].id == "16"
    assert (parsed.results, parsed.penalties) == ((), ())
    assert (parsed.tournament.index, parsed.tournament.club) == (Decimal("1.0"), "700001")
    assert club_number(document) == "700001"
    assert club_number([]) is None


def test_several_tournaments_name_their_section_when_needed():
    document = document_build(10, penalties=())  # Rouge and Vert, 5 tables each
    parsed = tournament_file_parse(document)
    assert parsed.players[20].id == "Vert N1"
    assert {result.section for result in parsed.results} == {"Rouge", "Vert"}
    document["penalties"] = [{"player": "vert e2", "percent": 1}]
    assert tournament_file_parse(document).penalties[0].spot == ("Vert", "E2")


def test_howell_numbers_are_unique_in_the_room_so_the_section_may_be_left_out():
    document = document_build(8, type="howell", penalties=(("17", 1, ""),))
    assert tournament_file_parse(document).penalties[0].spot == ("Vert", "17")


# --- errors ------------------------------------------------------------------------


def test_a_document_that_is_not_an_object():
    assert errors_of([1, 2]) == ["un objet JSON est attendu : { … }"]


def test_every_error_is_listed_with_its_path():
    document = {
        "format": "donne-tournament/2",
        "tournament": {"date": "19/11/2026", "indice": 1.25},
        "movement": {"tables": 7, "type": "suisse"},
        "players": [{"id": "N1", "licence": "12a", "name": "Solo"}, {"id": "N1"}],
        "results": [{"etui": 1, "table": 1, "score": 56, "deal": {"bouts": 2, "points": 44}}, "56"],
        "penalties": [{"player": "S3", "percent": 120}],
    }
    assert errors_of(document) == [
        "format : format « donne-tournament/2 » inconnu : « donne-tournament/1 » attendu",
        "tournament.name : champ obligatoire manquant",
        "tournament.date : date « 19/11/2026 » : écrire AAAA-MM-JJ, par exemple 2026-11-19",
        "tournament.indice : de 1 à 3, une décimale au plus (reçu : 1,25)",
        "movement.type : « suisse » inconnu : ligne, howell",
        "players[0].licence : numéro de licence « 12a » : chiffres uniquement",
        "players[0].name : « Solo » : écrire le nom puis le prénom, « DUCARD Lionel »",
        "players[1].licence : champ obligatoire manquant",
        "players[1].name : champ obligatoire manquant",
        "results[0] : donner soit « score », soit « deal », pas les deux",
        "results[1] : un objet JSON est attendu : { … }",
        "penalties[0].percent : de 0,01 à 100, 2 décimales au plus (reçu : 120)",
    ]


def test_missing_parts():
    assert paths_of({}) == ["format", "tournament", "movement", "players"]
    assert paths_of(changed(players=[], penalties=[])) == ["players"]
    assert paths_of(changed(results={}, penalties="none")) == ["results", "penalties"]


@pytest.mark.parametrize(
    ("movement", "message"),
    [
        ({"tables": 2}, "movement : 2 tables : un tournoi se joue à 3 tables au moins"),
        ({"tables": "7"}, "movement.tables : un nombre entier est attendu (reçu : '7')"),
        ({"tables": 7, "positions": 9}, "movement : 9 positions demandées"),
        ({"tables": 5, "type": "howell"}, "movement : pas de mouvement Howell à 5 tables"),
    ],
)
def test_unknown_movements(movement, message):
    (error,) = errors_of(changed(movement=movement))
    assert error.startswith(message)


def test_player_ids_must_name_a_place_once():
    players = [
        {"id": "N1", "licence": "1001", "name": "A B"},
        {"id": "N1", "licence": "1002", "name": "A B"},
        {"id": "N8", "licence": "1003", "name": "A B"},
        {"id": "", "licence": "1004", "name": "A B"},
        {"id": "N2", "licence": "1001", "name": "A B"},
    ]
    errors = errors_of(changed(players=players, penalties=[]))
    assert errors[0] == "players[1].id : place déjà donnée à players[0]"
    assert errors[1].startswith("players[2].id : « N8 » ne nomme aucune place du mouvement")
    assert errors[2] == "players[3].id : un texte non vide est attendu (reçu : '')"
    assert errors[3] == "players[4].licence : licence 1001 déjà donnée à players[0]"


def test_several_tournaments_need_the_tournament_in_ambiguous_ids_and_results():
    document = document_build(10, penalties=())
    document["players"][0]["id"] = "S3"
    document["players"][1]["id"] = "Bleu S3"
    document["results"][0].pop("section")
    document["results"][1]["section"] = "Vert"
    assert errors_of(document)[:3] == [
        "players[0].id : la place « S3 » existe dans les tournois Rouge, Vert : "
        "écrire par exemple « Vert S3 »",
        "players[1].id : tournoi « Bleu » inconnu : Rouge, Vert",
        "results[0] : la table 1 joue l'étui 1 dans les tournois Rouge, Vert : "
        "préciser lequel (« section »)",
    ]


def test_results_must_be_plays_of_the_movement_given_once():
    results = [
        {"etui": 5, "table": 2, "score": 56},
        {"etui": 29, "table": 1, "score": 56},
        {"etui": 1, "table": 1, "score": 56},
        {"etui": 1, "table": 1, "score": 60},
        {"etui": 1, "table": 9, "score": 56},
        {"table": 1, "score": 56},
    ]
    assert errors_of(changed(results=results)) == [
        "results[1] : la table 1 ne joue pas l'étui 29",
        "results[3] : résultat déjà donné en results[2]",
        "results[4] : la table 9 ne joue pas l'étui 1",
        "results[5].etui : champ obligatoire manquant",
    ]


def test_scores_must_be_garde_scores():
    results = [
        {"etui": 1, "table": 1, "score": 57},
        {"etui": 2, "table": 1, "score": 2000},
        {"etui": 3, "table": 1, "score": "56"},
        {"etui": 4, "table": 1},
    ]
    errors = errors_of(changed(results=results))
    assert errors[0].startswith("results[0].score : 57 : un score de Garde est pair")
    assert errors[1].startswith("results[1].score : 2000 : un score de Garde vaut au plus")
    assert errors[2] == "results[2].score : un nombre entier est attendu (reçu : '56')"
    assert errors[3] == (
        "results[3] : il manque le score (« score ») ou le détail de la donne (« deal »)"
    )


def test_deals_must_be_garde_deals_the_cards_allow():
    deals = [
        {"bouts": 4, "points": 44},
        {"bouts": 2, "points": 44, "poignee": ["simple"]},
        {"points": 44},
        {"bouts": 2, "points": 44, "poignees": "simple"},
        {"bouts": 2, "points": 44, "contract": "garde_sans"},
        {"bouts": 0, "points": 91},
        {"bouts": 2, "points": 44, "chelem": "grand"},
    ]
    results = [{"etui": etui, "table": 1, "deal": deal} for etui, deal in enumerate(deals, 1)]
    errors = errors_of(changed(results=results))
    assert errors[0] == "results[0].deal.bouts : au plus 3 (reçu : 4)"
    assert errors[1].startswith("results[1].deal.poignee : champ inconnu")
    assert errors[2] == "results[2].deal.bouts : champ obligatoire manquant"
    assert errors[3].startswith("results[3].deal.poignees : une liste JSON est attendue")
    assert errors[4] == (
        "results[4].deal : en duplicate, le contrat est une Garde imposée, à 4 joueurs"
    )
    assert errors[5].startswith("results[5].deal : points impossibles")
    assert errors[6] == (
        "results[6].deal.chelem : « grand » inconnu : "
        "announced_made, made, announced_failed, defense"
    )


def test_penalties_need_a_seated_player_and_a_percent_in_range():
    penalties = [
        {"player": "E5", "percent": 1},
        {"player": "S3", "percent": 0.125},
        {"player": "S3", "percent": 0},
        {"player": "S3", "percent": True, "reason": 3},
        {"percent": 1},
    ]
    assert errors_of(changed(penalties=penalties)) == [
        "penalties[0].player : aucun joueur de « players » à cette place",
        "penalties[1].percent : de 0,01 à 100, 2 décimales au plus (reçu : 0,125)",
        "penalties[2].percent : de 0,01 à 100, 2 décimales au plus (reçu : 0)",
        "penalties[3].percent : un nombre est attendu (reçu : True)",
        "penalties[4].player : champ obligatoire manquant",
    ]


def test_names_and_texts_have_limits():
    tournament = {"name": "x" * 151, "date": "2026-02-30", "venue": 5 * "salle " * 40}
    players = [{"id": "N1", "licence": "1001", "name": "A " + "b" * 101}]
    assert errors_of(changed(tournament=tournament, players=players, penalties=[])) == [
        "tournament.name : 150 caractères au plus",
        "tournament.date : date « 2026-02-30 » : écrire AAAA-MM-JJ, par exemple 2026-11-19",
        "tournament.venue : 200 caractères au plus",
        "players[0].name : nom et prénom de 100 caractères au plus",
    ]


def _line(**fields) -> dict:
    return {"etui": 1, "table": 1, **fields}


@pytest.mark.parametrize(
    ("parts", "expected"),
    [
        ({"results": [_line(etui=0, score=56)]}, "results[0].etui : au moins 1 (reçu : 0)"),
        (
            {"results": [_line(deal={"bouts": 1, "points": 40.3})]},
            "results[0].deal.points : un multiple de 0,5 (reçu : 40,3)",
        ),
        (
            {"results": [_line(deal={"bouts": 1, "points": 40, "poignees": ["dix"]})]},
            "results[0].deal.poignees[0] : « dix » inconnu : simple, double, triple",
        ),
        (
            {"results": [_line(score=56, not_played="oui")]},
            "results[0].not_played : true ou false est attendu (reçu : 'oui')",
        ),
        (
            {"results": [_line(score=56, section=3)]},
            "results[0].section : un texte est attendu (reçu : 3)",
        ),
        (
            {"results": [_line(score=56, note="x" * 2001)]},
            "results[0].note : 2000 caractères au plus",
        ),
        (
            {"movement": {"tables": 7, "type": "suisse"}},
            "movement.type : « suisse » inconnu : ligne, howell",
        ),
        (
            {"tournament": {"name": "Open", "date": "2026-11-19", "indice": "1.2"}},
            "tournament.indice : un nombre est attendu (reçu : '1.2')",
        ),
        ({"format": 3}, "format : format « 3 » inconnu : « donne-tournament/1 » attendu"),
        (
            {"incidents": [{"fault": "retard", "players": "S3"}]},
            "incidents[0].players : une liste JSON est attendue : [ … ]",
        ),
        (
            {"adjustments": [{"etui": 1, "table": 1}]},
            "adjustments[0].kind : champ obligatoire manquant",
        ),
        ({"players": [None]}, "players[0] : un objet JSON est attendu : { … }"),
        (
            {"players": [{"id": "N1", "guest": "oui", "name": "A B"}]},
            "players[0].guest : true ou false est attendu (reçu : 'oui')",
        ),
        (
            {"players": [{"id": "N1", "guest": True, "licence": "1001", "name": "A B"}]},
            "players[0].licence : un invité (« guest ») n'a pas de licence",
        ),
    ],
)
def test_the_declared_shape_refuses_in_french(parts, expected):
    """Each refusal of the file's declaration (apps.exchange.domain.schema) is worded in
    French at its path, pydantic's own words never shown."""
    errors = errors_of(changed(**parts))
    assert expected in errors
    assert not any("should" in error or "Field required" in error for error in errors)


# --- export ------------------------------------------------------------------------


def test_the_export_adds_percentages_ranks_and_notes_to_the_document():
    plays = [
        PlayRecord(1, "Rouge", 1, 1, "a", "N", ("b", "c", "d"), 56),
        PlayRecord(1, "Rouge", 2, 2, "b", "N", ("a", "c", "d"), 60),
        PlayRecord(1, "Rouge", 3, 3, "c", "N", ("a", "b", "d"), None),
    ]
    results = session_results_compute(plays, {"a": "N", "b": "S", "c": "E", "d": "W"}, {"b": 1 / 3})
    document = {
        "format": "donne-tournament/1",
        "players": [{"id": code, "licence": "1", "name": "A B"} for code in ("N1", "S1", "E1")],
    }
    exported = export_document(document, results, {"a": "N1", "b": "S1", "c": "E1"})
    assert exported["format"] == "donne-tournament/1"
    assert [player["id"] for player in exported["players"]] == ["S1", "E1", "N1"]
    assert exported["players"][0] == {
        "id": "S1",
        "licence": "1",
        "name": "A B",
        "attack": 100.0,
        "defense": 100.0,
        "global": 100.0,
        "penalty": 0.33,
        "final": 99.67,
        "tops": 2,
        "rank": 1,
        "rank_alternate": 1,
    }
    assert exported["players"][1]["attack"] is None
    assert exported["etuis"] == [
        {"etui": 1, "position": 1, "table": 1, "score": 56, "taker_note": 0.0},
        {"etui": 1, "position": 2, "table": 2, "score": 60, "taker_note": 100.0},
        {"etui": 1, "position": 3, "table": 3, "score": None, "taker_note": None},
    ]


def test_an_index_the_regulation_does_not_grant_is_refused():
    document = changed(tournament={"name": "Open", "date": "2026-11-19", "indice": 2.3})
    assert errors_of(document) == [
        "tournament.indice : L'indice 2,3 n'est pas un indice du règlement : 1, 1,2, 1,5, 1,8 ou 3."
    ]
