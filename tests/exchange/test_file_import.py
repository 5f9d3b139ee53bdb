"""The tournament file service: an import writes the whole tournament or nothing, and an
export imports back as the same tournament."""

import copy
from decimal import Decimal

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils.translation import gettext

from apps.core.models import AuditLog
from apps.exchange.services import (
    club_by_number,
    document_decode,
    tournament_file_export,
    tournament_file_import,
)
from apps.federation.models import Licensee
from apps.movements.models import Place, SessionMovement
from apps.penalties.models import Penalty
from apps.results.selectors import session_results
from apps.scoring.models import Play
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Tournament
from tests import factories as f
from tests.builders import enter_all, held_elsewhere, played
from tests.exchange.tournament_file_data import FIRST_LICENCE, comparable, document_build

pytestmark = pytest.mark.django_db


def counts() -> dict:
    models = (Tournament, Licensee, Registration, SessionMovement, Place, Play, Penalty, AuditLog)
    return {model.__name__: model.objects.count() for model in models}


@pytest.fixture
def document():
    return document_build(5)


def imported(world, document, actor=None):
    tournament = tournament_file_import(
        actor=actor or world.club_manager, document=document, club=world.club
    )
    return tournament, tournament.sessions.get()


def test_the_tournament_and_its_session_are_created_finished(world, document):
    tournament, session = imported(world, document)
    assert (tournament.club, tournament.name) == (world.club, "Open de la Saint-Martin")
    assert str(tournament.date) == "2026-11-19"
    assert tournament.index == Decimal("1.2")
    assert tournament.kind == Tournament.Kind.INDIVIDUAL
    assert tournament.status == Status.FINISHED
    assert session.number == 1


def test_a_file_with_results_missing_leaves_the_tournament_running(world, document):
    document["results"] = document["results"][:-1]
    tournament, _session = imported(world, document)
    assert tournament.status == Status.RUNNING


def test_unknown_licensees_are_created_in_the_club_and_known_ones_matched(world, document):
    known = f.LicenseeFactory(club=world.other_club, licence_number=str(FIRST_LICENCE))
    document["players"][0]["name"] = "AUTRE Nom"  # the licence number decides
    document["players"][1]["name"] = "LE GALL Jean-Pierre"
    tournament, _session = imported(world, document)
    licensees = {r.licensee.licence_number: r.licensee for r in tournament.registrations.all()}
    assert len(licensees) == 20
    assert licensees[str(FIRST_LICENCE)] == known
    assert known.last_name != "AUTRE"
    created = licensees[str(FIRST_LICENCE + 1)]
    assert (created.last_name, created.first_name, created.club) == (
        "LE GALL",
        "Jean-Pierre",
        world.club,
    )


def test_every_player_sits_where_their_id_says_at_every_position(world, document):
    _tournament, session = imported(world, document)
    movement = session.movement
    assert (movement.tables, movement.positions, movement.current_position) == (5, 5, 5)
    licence = {player["id"]: player["licence"] for player in document["players"]}
    places = Place.objects.filter(table__movement=movement).select_related("registration__licensee")
    assert places.count() == 5 * 5 * 4
    for place in places:
        assert place.registration.licensee.licence_number == licence[place.player_code]


def test_scores_and_deals_are_stored_on_the_travellers(world, document):
    _tournament, session = imported(world, document)
    plays = {
        (play.table.table, play.etui): play
        for play in Play.objects.filter(table__movement__session=session).select_related("table")
    }
    assert len(plays) == len(document["results"])
    for result in document["results"]:
        play = plays[(result["table"], result["etui"])]
        if "deal" in result:
            assert play.deal == result["deal"]
        else:
            assert (play.score, play.deal) == (result["score"], None)
        assert play.entered_by == world.club_manager
    assert session_results(session).missing == 0


def test_penalties_are_stored_for_the_player_at_their_place(world, document):
    _tournament, session = imported(world, document)
    penalty = Penalty.objects.get(session=session)
    assert (penalty.percent, penalty.reason) == (Decimal("0.5"), "lenteur")
    assert penalty.registration.places.filter(player_code="S3").exists()
    assert penalty.created_by == world.club_manager


def test_every_write_is_audited(world, document):
    before = AuditLog.objects.count()
    _tournament, session = imported(world, document)
    # tournament, 20 licensees, 20 registrations, the movement, its lines, the penalty
    assert AuditLog.objects.count() - before == 1 + 20 + 20 + 1 + 1 + 1
    created, lines = AuditLog.objects.filter(
        content_type=ContentType.objects.get_for_model(SessionMovement),
        object_id=str(session.movement.pk),
    ).order_by("pk")
    assert created.changes["source"] == [None, "donne-tournament/1"]
    assert lines.changes["plays"] == [0, len(document["results"])]
    assert {created.actor, lines.actor} == {world.club_manager}


def test_a_bad_file_lists_every_error_and_writes_nothing(world, document):
    document["format"] = "autre/2"
    document["players"][3]["licence"] = "12x"
    document["results"][1]["score"] = 57
    document["penalties"][0]["player"] = "S9"
    before = counts()
    with pytest.raises(ValidationError) as caught:
        tournament_file_import(actor=world.club_manager, document=document, club=world.club)
    paths = [message.split(" : ")[0] for message in caught.value.messages]
    assert paths == ["format", "players[3].licence", "results[1].score", "penalties[0].player"]
    assert counts() == before


def test_a_failure_while_writing_leaves_nothing(world, document, monkeypatch):
    from apps.exchange import services as tournament_files

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(tournament_files, "penalty_record", broken)
    before = counts()
    with pytest.raises(RuntimeError):
        imported(world, document)
    assert counts() == before


@pytest.mark.parametrize(
    "persona", ["zone_manager", "committee_staff", "referee", "player", "outsider"]
)
def test_only_the_clubs_managers_and_federation_staff_may_import(world, document, persona):
    before = counts()
    with pytest.raises(PermissionDenied):
        imported(world, document, actor=world.persona(persona))
    assert counts() == before


def test_federation_staff_and_the_command_line_may_import(world, document):
    assert imported(world, document, actor=world.federation_staff)[0].club == world.club
    document = document_build(5, licence_from=4_000_001)
    tournament = tournament_file_import(actor=None, document=document, club=world.other_club)
    assert tournament.club == world.other_club
    rows = AuditLog.objects.filter(content_type=ContentType.objects.get_for_model(Tournament))
    assert rows.get(object_id=str(tournament.pk)).actor is None


def test_a_howell_file_gives_a_howell_tournament(world):
    document = document_build(4, type="howell", penalties=(("16", 1, ""),))
    tournament, session = imported(world, document)
    assert tournament.kind == Tournament.Kind.HOWELL
    assert session.movement.requested_type == "howell"


# --- the organising club -----------------------------------------------------------


def test_by_default_the_club_is_the_files(world, document):
    document["tournament"]["club"] = world.club.number
    tournament = tournament_file_import(actor=world.federation_staff, document=document)
    assert tournament.club == world.club


def test_else_the_only_club_the_importer_manages(world, document):
    tournament = tournament_file_import(actor=world.club_manager, document=document)
    assert tournament.club == world.club


def test_a_file_naming_a_club_the_importer_does_not_manage_is_refused(world, document):
    document["tournament"]["club"] = world.other_club.number
    with pytest.raises(PermissionDenied):
        tournament_file_import(actor=world.club_manager, document=document)


@pytest.mark.parametrize("persona", ["referee", "outsider"])
def test_who_manages_no_club_is_refused_before_anything_else(world, document, persona):
    with pytest.raises(PermissionDenied):
        tournament_file_import(actor=world.persona(persona), document=document)


def test_no_club_or_an_unknown_number_is_refused(world, document):
    with pytest.raises(ValidationError) as caught:
        tournament_file_import(actor=world.federation_staff, document=document)
    assert caught.value.messages == [gettext("Give the number of the organising club.")]
    document["tournament"]["club"] = "999"
    with pytest.raises(ValidationError) as caught:
        tournament_file_import(actor=world.federation_staff, document=document)
    assert caught.value.messages == [
        gettext("No club has the number “%(number)s”.") % {"number": "999"}
    ]
    assert club_by_number(f" {world.club.number} ") == world.club


def test_a_file_that_is_not_json_is_refused():
    with pytest.raises(ValidationError) as caught:
        document_decode(b"{oops")
    assert caught.value.messages == [
        gettext("The file is not a JSON document (line %(line)s, column %(column)s).")
        % {"line": 1, "column": 2}
    ]
    with pytest.raises(ValidationError) as caught:
        document_decode(b"\xff\xfe{}")
    assert caught.value.messages == [
        gettext("The file is not a JSON document: it is not UTF-8 text.")
    ]
    assert document_decode('\ufeff{"a": "é"}'.encode()) == {"a": "é"}


# --- export ------------------------------------------------------------------------


def test_the_export_holds_the_file_and_the_results(world, document):
    _tournament, session = imported(world, document)
    exported = tournament_file_export(session)
    assert exported["format"] == "donne-tournament/1"
    assert exported["tournament"] == {
        **document["tournament"],
        "venue": "",
        "club": world.club.number,
    }
    assert exported["movement"] == {"type": "ligne", "tables": 5, "positions": 5}

    def ordered(results):
        return sorted(results, key=lambda result: (result["etui"], result["table"]))

    assert ordered(exported["results"]) == ordered(document["results"])
    assert exported["penalties"] == document["penalties"]
    results = session_results(session)
    assert [p["rank"] for p in exported["players"]] == [p.rank for p in results.players]
    first = exported["players"][0]
    assert set(first) >= {"id", "licence", "name", "attack", "defense", "global", "penalty"}
    assert first["global"] == round(results.players[0].overall, 2)
    assert len(exported["etuis"]) == len(document["results"])
    assert set(exported["etuis"][0]) == {"etui", "position", "table", "score", "taker_note"}


def test_the_penalty_is_taken_off_the_players_global_percentage(world, document):
    _tournament, session = imported(world, document)
    players = {player["id"]: player for player in tournament_file_export(session)["players"]}
    assert players["S3"]["penalty"] == 0.5
    assert players["S3"]["final"] == pytest.approx(players["S3"]["global"] - 0.5, abs=0.01)
    assert players["N1"]["penalty"] == 0.0


def test_export_then_import_gives_the_same_results(world, document):
    _tournament, session = imported(world, document)
    exported = tournament_file_export(session)
    held_elsewhere(session.tournament)
    again = tournament_file_import(
        actor=world.club_manager, document=copy.deepcopy(exported), club=world.club
    )
    assert tournament_file_export(again.sessions.get()) == exported
    assert Licensee.objects.filter(licence_number__startswith="30000").count() == 20


def test_a_session_entered_on_the_pages_exports_and_imports_back(world):
    movement = played(world)
    enter_all(world, movement, skip=3)
    registration = movement.session.tournament.registrations.first()
    Penalty.objects.create(session=movement.session, registration=registration, percent=2)
    exported = tournament_file_export(movement.session)
    assert len(exported["results"]) == 5 * 5 * 4 - 3
    again = tournament_file_import(actor=world.club_manager, document=exported, club=world.club)
    assert again.status == Status.RUNNING
    assert comparable(again.sessions.get()) == comparable(movement.session)


def test_a_session_without_movement_has_nothing_to_export(world):
    with pytest.raises(ValidationError):
        tournament_file_export(world.tournament.sessions.get())
