"""The tournament file keeps everything: a session with one incident of every fault of the
catalogue (notes, penalties, adjusted scores), a penalty with its reason, deal details and
a line not played exports, imports and exports again as the same document. The same file
is not imported twice; the file is exported from the results page and the API."""

import copy
import json
import random

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.urls import reverse
from rest_framework.test import APIClient

from apps.exchange.domain.schema import schema_problems
from apps.exchange.services import tournament_file_export, tournament_file_import
from apps.federation.models import Role
from apps.movements.domain.etuis import etui_taker
from apps.penalties.models import Incident, Penalised, Penalty
from apps.penalties.selectors import catalogue_for
from apps.penalties.services import incident_record
from apps.scoring.domain.deal import Deal
from apps.scoring.models import Play
from apps.scoring.services import garde_score
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from apps.tournaments.permissions import can_read_referee_notes
from tests import factories as f
from tests.builders import GARDE_SCORES, lines_write, played, ruling, seated_at
from tests.exchange.tournament_file_data import document_build, upload
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db


@pytest.fixture
def session(world):
    """7 tables, every play entered (one in five by its deal's details) but one stated not
    played, an incident of every fault of the catalogue, and a penalty."""
    movement = played(world, 7)
    session = movement.session
    rng = random.Random(3)
    tables = list(movement.movement_tables.filter(position__gte=1).order_by("sequence", "table"))
    plays = [(table, etui) for table in tables for etui in table.etuis]
    scored = []
    for index, (table, etui) in enumerate(plays[:-1]):
        if index % 5 == 0:
            deal = Deal(bouts=2, points=44 + index % 10)
            scored.append((table, etui, garde_score(deal=deal), deal))
        else:
            scored.append((table, etui, rng.choice(GARDE_SCORES), None))
    table, etui = plays[-1]
    lines_write(world.referee, movement, scored, [(table, etui, "étui égaré")])
    faults = catalogue_for(session.tournament).faults.order_by("order")
    for index, fault in enumerate(faults):
        table, etui = plays[index * 3]
        by_seat = {place.seat: place.registration for place in table.places.all()}
        seated = {str(r.pk): r for r in by_seat.values()}
        taker = str(by_seat[etui_taker(etui)].pk)
        defenders = [key for key in seated if key != taker]
        _side, named, options = ruling(fault, taker, defenders)
        at_table = fault.code != "retard"
        incident_record(
            actor=world.referee,
            session=session,
            table=table if at_table else None,
            etui=etui if at_table else None,
            fault=fault,
            players=[seated[key] for key in named]
            if named or fault.penalised != Penalised.TABLE
            else [],
            note=f"note {fault.code}",
            public_reason=f"raison {fault.code}",
            **({"minutes_late": 7} if fault.code == "retard" else options),
        )
    Penalty.objects.create(
        session=session,
        registration=seated_at(tables[0])[1],
        percent="0.75",
        reason="téléphone",
        created_by=world.referee,
    )
    return session


def test_the_exported_file_conforms_to_the_published_schema(session):
    exported = tournament_file_export(session, referee_notes=True)
    assert exported["incidents"] and exported["etuis"] and exported["players"][0]["final"]
    assert schema_problems(json.loads(json.dumps(exported))) == []


def test_export_import_export_gives_the_same_document(world, session):
    exported = tournament_file_export(session, referee_notes=True)
    codes = {incident["fault"] for incident in exported["incidents"]}
    assert codes == set(catalogue_for(session.tournament).faults.values_list("code", flat=True))
    assert all(i["note"].endswith(f"note {i['fault']}") for i in exported["incidents"])
    assert all(i["public_reason"].endswith(f"raison {i['fault']}") for i in exported["incidents"])
    assert {"player", "percent", "reason"} <= set(exported["penalties"][0])
    assert exported["penalties"] == [
        {"player": exported["penalties"][0]["player"], "percent": 0.75, "reason": "téléphone"}
    ]
    assert sum("deal" in r for r in exported["results"]) > 10
    (unplayed,) = [r for r in exported["results"] if r.get("not_played")]
    assert unplayed["note"] == "étui égaré" and "score" not in unplayed
    again = tournament_file_import(actor=None, document=copy.deepcopy(exported), club=world.club)
    assert again.status == Status.FINISHED
    assert tournament_file_export(again.sessions.get(), referee_notes=True) == exported
    renonce = Incident.objects.filter(session__tournament=again, fault__code="renonce_consommee")
    assert renonce.get().note == "note renonce_consommee"  # not « Hésitation »
    assert renonce.get().public_reason == "raison renonce_consommee"
    assert (
        Play.objects.filter(table__movement__session__tournament=again, not_played=True).count()
        == 1
    )


def test_the_same_file_is_not_imported_twice(world, tmp_path):
    document = document_build(5)
    first = tournament_file_import(actor=None, document=copy.deepcopy(document), club=world.club)
    with pytest.raises(ValidationError) as caught:
        tournament_file_import(actor=None, document=copy.deepcopy(document), club=world.club)
    url = reverse("tournaments:detail", args=[first.pk])
    assert caught.value.code == "imported" and url in caught.value.messages[0]
    relaid = json.loads(json.dumps(document, indent=4, sort_keys=True))  # the same content
    with pytest.raises(ValidationError):
        tournament_file_import(actor=None, document=relaid, club=world.club)
    path = tmp_path / "tournoi.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CommandError, match="déjà été importé"):
        call_command("import_tournament", str(path), "--club", world.club.number)
    assert Tournament.objects.filter(name=document["tournament"]["name"]).count() == 1


def test_the_page_and_the_api_lead_to_the_tournament_already_imported(world, login):
    document = document_build(5)
    first = tournament_file_import(actor=None, document=copy.deepcopy(document), club=world.club)
    page = login(world.club_manager).post(reverse("exchange:import"), {"file": upload(document)})
    html = page.content.decode()
    assert 'data-test="existing-tournament"' in html
    assert reverse("tournaments:detail", args=[first.pk]) in html
    errors = page.context["form"].non_field_errors()
    assert errors == [f"Ce fichier a déjà été importé : tournoi « {first.name} »."]
    client = APIClient()
    client.force_authenticate(world.club_manager)
    response = client.post("/api/tournament-files/", document, format="json")
    assert response.status_code == 400
    assert reverse("tournaments:detail", args=[first.pk]) in json.dumps(response.json())


# --- export from the results page and the API ---------------------------------------


@pytest.fixture
def finished(world, session):
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.FINISHED)
    return session


@pytest.mark.parametrize("persona", ["referee", "club_manager", "player", "outsider"])
def test_the_results_page_offers_the_file_to_whoever_sees_the_results(
    world, login, finished, persona
):
    client = login(world.persona(persona))
    page = client.get(reverse("results:session", args=[finished.pk])).content.decode()
    assert reverse("exchange:session_file", args=[finished.pk]) in page
    response = client.get(reverse("exchange:session_file", args=[finished.pk]))
    assert response["Content-Type"] == "application/json"
    notes = persona == "referee"
    assert json.loads(response.content) == tournament_file_export(finished, referee_notes=notes)


# The room's referees and the homologation chain over the tournament read the referee's
# private notes; its club's managers, its players and the others do not.
NOTE_READERS = {"referee", "committee_staff", "zone_manager", "federation_staff"}


def _noted(document: dict) -> bool:
    notes = [incident.get("note") for incident in document["incidents"]]
    assert document["incidents"] and all(i["public_reason"] for i in document["incidents"])
    return all(note and "note " in note for note in notes)


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_referees_notes_are_in_the_file_only_for_the_room_and_the_chain(
    world, login, finished, persona
):
    response = login(world.persona(persona)).get(
        reverse("exchange:session_file", args=[finished.pk])
    )
    document = json.loads(response.content)
    assert _noted(document) is (persona in NOTE_READERS)
    assert "note " not in response.content.decode() or persona in NOTE_READERS


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_api_gives_the_referees_notes_only_to_the_room_and_the_chain(world, finished, persona):
    client = APIClient()
    client.force_authenticate(world.persona(persona))
    document = client.get(f"/api/tournament-files/{world.tournament.pk}/").json()
    assert _noted(document) is (persona in NOTE_READERS)


def test_the_other_chain_and_referees_elsewhere_do_not_read_the_notes(world, finished):
    committee = f.UserFactory()
    f.RoleFactory(user=committee, role=Role.COMMITTEE_STAFF, committee=world.other_club.committee)
    zone = f.UserFactory()
    f.RoleFactory(user=zone, role=Role.ZONE_MANAGER, zone=world.other_club.committee.zone)
    referee = f.UserFactory()
    f.RoleFactory(user=referee, role=Role.REFEREE)
    for user in (committee, zone, referee):
        assert not can_read_referee_notes(user, world.tournament)


def test_before_play_is_over_only_those_who_oversee_get_the_file(world, login, session):
    url = reverse("exchange:session_file", args=[session.pk])
    assert login(world.club_manager).get(url).status_code == 200
    assert login(world.outsider).get(url).status_code == 403


@pytest.mark.parametrize(
    ("persona", "status"),
    [("club_manager", 200), ("federation_staff", 200), ("player", 403), ("outsider", 403)],
)
def test_the_api_exports_the_file_when_the_results_may_be_seen(world, session, persona, status):
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    client = APIClient()
    client.force_authenticate(world.persona(persona))
    response = client.get(f"/api/tournament-files/{world.tournament.pk}/")
    assert response.status_code == status
    if status == 200:
        notes = persona == "federation_staff"
        exported = tournament_file_export(session, referee_notes=notes)
        assert response.json() == json.loads(json.dumps(exported))


def test_the_api_says_when_a_tournament_is_out_of_sight_or_has_no_such_session(world, session):
    client = APIClient()
    client.force_authenticate(world.club_manager)
    assert client.get(f"/api/tournament-files/{world.other_tournament.pk}/").status_code == 404
    url = f"/api/tournament-files/{world.tournament.pk}/"
    assert client.get(url, {"session": 7}).status_code == 404
