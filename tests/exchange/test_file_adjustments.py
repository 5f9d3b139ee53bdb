"""Adjusted scores in the tournament file: read with their errors, imported as incidents
of the tournament's code d'arbitrage, exported back."""

import copy
from decimal import Decimal

import pytest
from django.contrib.contenttypes.models import ContentType

from apps.core.models import AuditLog
from apps.exchange.domain.document import (
    IMPORT_REASON,
    TournamentFileInvalid,
    tournament_file_parse,
)
from apps.exchange.services import tournament_file_export, tournament_file_import
from apps.penalties.domain.effects import AdjustmentKind, Side, lateness_penalty
from apps.penalties.models import Incident
from apps.penalties.selectors import catalogue_for
from tests.builders import held_elsewhere
from tests.exchange.tournament_file_data import comparable, document_build

ADJUSTMENTS = (
    {"etui": 4, "table": 2, "kind": "neutralized"},
    {"etui": 6, "table": 1, "kind": "zero_collectif"},
    {"etui": 9, "table": 3, "kind": "40_60", "faulty": "taker"},
)


def document_with(*adjustments) -> dict:
    return document_build(7, adjustments=adjustments)


def errors_of(document) -> list[str]:
    with pytest.raises(TournamentFileInvalid) as caught:
        tournament_file_parse(document)
    return [str(error) for error in caught.value.errors]


def test_adjustments_name_their_play_kind_and_faulty_side():
    parsed = tournament_file_parse(document_with(*ADJUSTMENTS))
    assert [(a.etui, a.table, a.kind, a.faulty) for a in parsed.adjustments] == [
        (4, 2, AdjustmentKind.NEUTRALIZED, None),
        (6, 1, AdjustmentKind.ZERO_COLLECTIF, None),
        (9, 3, AdjustmentKind.FORTY_SIXTY, Side.TAKER),
    ]
    assert parsed.complete  # the neutralised and zéro-collectif plays need no score
    assert len(parsed.results) == 7 * 7 * 4 - 2


def test_a_set_aside_play_may_still_give_its_score():
    document = document_build(7)
    document["adjustments"] = [dict(ADJUSTMENTS[0])]
    assert len(tournament_file_parse(document).results) == 7 * 7 * 4


def test_a_played_adjusted_play_needs_its_score():
    document = document_with(ADJUSTMENTS[2])
    document["results"] = [r for r in document["results"] if (r["etui"], r["table"]) != (9, 3)]
    assert not tournament_file_parse(document).complete


@pytest.mark.parametrize(
    "adjustment, message",
    [
        (
            {"etui": 4, "table": 2, "kind": "annulée"},
            "adjustments[0].kind : « annulée » inconnu : neutralized, zero_collectif, 40_60, "
            "40_40, forgotten_card",
        ),
        (
            {"etui": 9, "table": 3, "kind": "40_60"},
            "adjustments[0].faulty : camp fautif manquant pour « 40_60 » : « taker » ou "
            "« defense »",
        ),
        (
            {"etui": 9, "table": 3, "kind": "40_60", "faulty": "preneur"},
            "adjustments[0].faulty : « preneur » inconnu : taker, defense",
        ),
        (
            {"etui": 4, "table": 2, "kind": "neutralized", "faulty": "taker"},
            "adjustments[0].faulty : pas de camp fautif pour « neutralized » : « taker » ou "
            "« defense »",
        ),
        (
            {"etui": 30, "table": 3, "kind": "neutralized"},
            "adjustments[0] : la table 3 ne joue pas l'étui 30",
        ),
        ({"table": 2, "kind": "neutralized"}, "adjustments[0].etui : champ obligatoire manquant"),
        (
            {"etui": 9, "table": 3, "kind": "40_60", "faulty": "taker", "zero_players": ["N3"]},
            "adjustments[0].zero_players : une note individuelle ne se donne que sur une donne "
            "neutralisée (« neutralized »)",
        ),
        (
            {"etui": 9, "table": 3, "kind": "neutralized", "forty_players": ["N1"]},
            "adjustments[0].forty_players[0] : ce joueur ne joue pas cet étui à cette table",
        ),
        (
            {"etui": 1, "table": 1, "kind": "forgotten_card", "faulty": "defense"},
            "adjustments[0].players : nommer le seul défenseur qui a oublié sa carte",
        ),
        (
            {
                "etui": 1,
                "table": 1,
                "kind": "forgotten_card",
                "faulty": "defense",
                "players": ["N1"],  # the taker of étui 1
            },
            "adjustments[0].players : nommer le seul défenseur qui a oublié sa carte",
        ),
    ],
)
def test_errors_of_an_adjustment(adjustment, message):
    assert errors_of(document_with(adjustment)) == [message]


def test_one_adjustment_per_play():
    document = document_with(ADJUSTMENTS[0])
    document["adjustments"].append({**ADJUSTMENTS[0], "kind": "zero_collectif"})
    assert errors_of(document) == [
        "adjustments[1] : marque ajustée déjà donnée pour ce jeu en adjustments[0]"
    ]


def test_a_neutralised_play_without_adjustment_misses_its_score():
    document = document_with(ADJUSTMENTS[0])
    document["adjustments"] = []
    assert tournament_file_parse(document).complete is False


def test_players_notes_on_a_neutralised_play():
    adjustment = {**ADJUSTMENTS[0], "zero_players": ["N2"], "forty_players": ["S2"]}
    document = document_with(adjustment)
    # étui 4 at table 2: position 7 seats N2, and S2 elsewhere; name who sits there
    (section,) = tournament_file_parse(document_build(7)).room.sections
    table = next(t for p in section.positions for t in p.tables if t.table == 2 and 4 in t.etuis)
    adjustment.update(zero_players=[table.north], forty_players=[table.south])
    assert errors_of(document) == [
        "adjustments[0] : donner soit « zero_players », soit « forty_players », pas les deux"
    ]
    del adjustment["forty_players"]
    (parsed,) = tournament_file_parse(document).adjustments
    assert (parsed.players, parsed.players_note) == (((section.name, table.north),), "zero")


# --- import and export -------------------------------------------------------------


@pytest.mark.django_db
def test_adjustments_are_imported_as_incidents_of_the_catalogue(world):
    document = document_with(*ADJUSTMENTS)
    tournament = tournament_file_import(actor=None, document=document, club=world.club)
    session = tournament.sessions.get()
    incidents = Incident.objects.filter(session=session).order_by("pk")
    assert [
        (i.table.table, i.etui, i.adjustment, i.faulty_side, i.fault.code, i.override_reason)
        for i in incidents
    ] == [
        (2, 4, "neutralized", "", "lenteur_donne_neutralisee", IMPORT_REASON),
        (1, 6, "zero_collectif", "", "feuille_ambulante_non_rectifiable", ""),
        (3, 9, "40_60", "taker", "hesitation", ""),
    ]
    assert all(i.penalty_percent is None and i.created_by is None for i in incidents)
    audits = AuditLog.objects.filter(content_type=ContentType.objects.get_for_model(Incident))
    assert sorted(int(audit.object_id) for audit in audits) == [i.pk for i in incidents]
    assert all(audit.changes["source"] == [None, "donne-tournament/1"] for audit in audits)
    exported = tournament_file_export(session)
    assert "adjustments" not in exported  # the incidents carry them, with their faults
    assert [
        {"etui": i["etui"], "table": i["table"], "kind": i["adjustment"]}
        | ({"faulty": i["faulty"]} if "faulty" in i else {})
        for i in exported["incidents"]
    ] == list(ADJUSTMENTS)
    notes = {(e["etui"], e["table"]): e for e in exported["etuis"]}
    assert notes[4, 2]["taker_note"] is None and notes[4, 2]["adjustment"] == "neutralized"
    assert notes[6, 1]["taker_note"] == 0
    assert notes[9, 3]["taker_note"] <= 40


@pytest.mark.django_db
def test_export_then_import_keeps_the_adjustments_and_incident_penalties(world):
    document = document_with(*ADJUSTMENTS)
    session = tournament_file_import(actor=None, document=document, club=world.club)
    session = session.sessions.get()
    late = Incident.objects.create(  # a ruling of the referee's pages: 12 minutes late
        session=session,
        fault=catalogue_for(session.tournament).faults.get(code="retard"),
        penalty_percent=Decimal(str(lateness_penalty(12))),
        override_reason="12 minutes",
    )
    late.players.set([session.tournament.registrations.order_by("pk").first()])
    exported = tournament_file_export(session)
    held_elsewhere(session.tournament)
    again = tournament_file_import(
        actor=None, document=copy.deepcopy(exported), club=world.club
    ).sessions.get()
    assert comparable(again) == comparable(session)
    assert tournament_file_export(again) == exported
    assert exported["incidents"][-1] == {
        "fault": "retard",
        "players": ["N1"],
        "penalty": 1.5,
        "override_reason": "12 minutes",
    }
    assert not [p for p in exported["penalties"] if p["reason"] == "incidents arbitrés"]
