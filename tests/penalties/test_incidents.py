"""Incidents: the referee rules on a fault of the tournament's catalogue (services, with
their rules, audit rows and permissions), and the results read the penalties and adjusted
scores of the incidents not cancelled (selectors)."""

import inspect
from datetime import date
from decimal import Decimal

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from django.utils.translation import gettext

from apps.core.models import AuditLog
from apps.movements import services as movements
from apps.movements.models import MovementTable
from apps.penalties.domain import ruling
from apps.penalties.domain.effects import AdjustedScore
from apps.penalties.models import Incident
from apps.penalties.selectors import (
    catalogue_for,
    session_adjustments,
    session_incident_penalties,
)
from apps.penalties.services import (
    RULING_PROBLEMS,
    catalogue_version_copy,
    incident_cancel,
    incident_record,
)
from tests import factories as f
from tests.builders import fault, record, seated_at, table_at
from tests.factories import register
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

REFEREES = ["federation_staff", "referee"]


def incident_audits(incident: Incident) -> list[tuple[str, dict]]:
    return list(
        AuditLog.objects.filter(
            content_type=ContentType.objects.get_for_model(Incident),
            object_id=str(incident.pk),
        )
        .order_by("id")
        .values_list("action", "changes")
    )


# --- recording -------------------------------------------------------------------


def test_an_incident_takes_the_catalogues_sanction(world, session):
    table = table_at(session)
    taker = seated_at(table)[0]
    incident = record(world, session, "faux_ecart", players=[taker], note=" écart de 7 cartes ")
    assert (
        incident.penalty_percent,
        incident.adjustment,
        incident.faulty_side,
        incident.players_note,
        incident.note,
        incident.override_reason,
        incident.created_by,
    ) == (Decimal("0.5"), "neutralized", "taker", "zero", "écart de 7 cartes", "", world.referee)
    assert list(incident.players.all()) == [taker]
    [(action, changes)] = incident_audits(incident)
    assert action == "create"
    assert changes["penalty_percent"] == [None, "0.50"]
    assert changes["adjustment"] == [None, "neutralized"]
    assert changes["players"] == [None, [taker.pk]]
    assert changes["etui"] == [None, table.etuis[0]]


def test_a_fault_of_the_table_falls_on_its_four_players_unless_named(world, session):
    table = table_at(session)
    incident = record(world, session, "feuille_ambulante_rectifiable")
    assert set(incident.players.all()) == set(seated_at(table))
    named = record(world, session, "feuille_ambulante_rectifiable", players=seated_at(table)[:1])
    assert list(named.players.all()) == seated_at(table)[:1]


def test_a_session_fault_needs_no_table(world, session):
    late = seated_at(table_at(session, 3))[2]
    incident = incident_record(
        actor=world.referee, session=session, fault=fault(session, "retard"), players=[late]
    )
    assert (incident.table, incident.etui, incident.penalty_percent) == (None, None, Decimal("0.5"))


@pytest.mark.parametrize(
    "departure",
    [
        {"penalty_percent": "1"},
        {"penalty_percent": 0},
        {"adjustment": "40_60", "faulty_side": "defense", "players_note": ""},
        {"faulty_side": "defense"},
        {"players_note": ""},
    ],
)
def test_departing_from_the_catalogue_needs_a_reason(world, session, departure):
    players = seated_at(table_at(session))[:1]
    with pytest.raises(ValidationError) as caught:
        record(world, session, "faux_ecart", players=players, **departure)
    assert "override_reason" in caught.value.message_dict
    incident = record(
        world, session, "faux_ecart", players=players, override_reason=" récidive ", **departure
    )
    assert incident.override_reason == "récidive"


def test_a_penalty_given_where_the_catalogue_leaves_it_to_the_referee(world, session):
    player = seated_at(table_at(session))[1]
    incident = record(
        world,
        session,
        "faute_ethique",
        players=[player],
        penalty_percent=Decimal("3"),
        override_reason="propos injurieux",
    )
    assert incident.penalty_percent == Decimal("3")
    assert session_incident_penalties(session) == {str(player.pk): 3.0}


@pytest.mark.parametrize("percent", ["-0.5", "100.01", "0.001", "beaucoup"])
def test_a_penalty_is_from_0_to_100_in_hundredths(world, session, percent):
    with pytest.raises(ValidationError) as caught:
        record(
            world,
            session,
            "lenteur",
            players=seated_at(table_at(session))[:1],
            penalty_percent=percent,
            override_reason="x",
        )
    assert "penalty_percent" in caught.value.message_dict


def test_the_fault_comes_from_the_catalogue_the_tournament_is_played_under(world, session):
    copy = catalogue_version_copy(
        actor=world.federation_staff, version=catalogue_for(world.tournament)
    )
    stranger = copy.faults.get(code="lenteur")
    with pytest.raises(ValidationError) as caught:
        incident_record(
            actor=world.referee,
            session=session,
            fault=stranger,
            players=seated_at(table_at(session))[:1],
        )
    assert "fault" in caught.value.message_dict
    copy.valid_from = world.tournament.date
    copy.published = True
    copy.save()
    incident = incident_record(
        actor=world.referee,
        session=session,
        fault=stranger,
        players=seated_at(table_at(session))[:1],
    )
    assert incident.fault == stranger


def test_a_tournament_before_every_catalogue_has_none(world, session):
    lenteur = fault(session, "lenteur")
    world.tournament.date = date(2020, 1, 1)
    world.tournament.save()
    with pytest.raises(ValidationError):
        incident_record(actor=world.referee, session=session, fault=lenteur, players=[])


def test_the_table_the_etui_and_the_position_are_the_sessions(world, session):
    table = table_at(session)
    elsewhere = f.TournamentFactory(club=world.club)
    register(elsewhere, 20)
    movements.movement_generate(
        actor=world.federation_staff, session=elsewhere.sessions.get(), seed=1
    )
    foreign = MovementTable.objects.filter(movement__session__tournament=elsewhere).first()
    unplayed = next(etui for etui in range(1, 99) if etui not in table.etuis)
    cases = [
        ({"table": foreign}, "table"),
        ({"table": table_at(session, sequence=2)}, "table"),
        ({"table": table, "etui": unplayed}, "etui"),
    ]
    for options, field in cases:
        with pytest.raises(ValidationError) as caught:
            record(world, session, "lenteur", players=seated_at(table)[:1], **options)
        assert field in caught.value.message_dict
    with pytest.raises(ValidationError) as caught:
        incident_record(
            actor=world.referee,
            session=session,
            etui=table.etuis[0],
            fault=fault(session, "lenteur"),
            players=seated_at(table)[:1],
        )
    assert "table" in caught.value.message_dict


def test_an_adjusted_score_needs_the_table_the_etui_and_the_faulty_side(world, session):
    with pytest.raises(ValidationError) as caught:
        incident_record(
            actor=world.referee,
            session=session,
            table=table_at(session),
            fault=fault(session, "renonce_consommee"),
            players=[],
            faulty_side="taker",
            override_reason="le preneur a renoncé",
        )
    assert "etui" in caught.value.message_dict
    with pytest.raises(ValidationError) as caught:
        record(world, session, "renonce_consommee")
    assert "faulty_side" in caught.value.message_dict
    incident = record(
        world, session, "renonce_consommee", faulty_side="taker", override_reason="le preneur"
    )
    assert (incident.adjustment, incident.faulty_side) == ("40_60", "taker")


def test_one_adjusted_score_per_etui_at_a_table_until_cancelled(world, session):
    first = record(world, session, "feuille_ambulante_non_rectifiable")
    with pytest.raises(ValidationError) as caught:
        record(world, session, "renonce_sur_renonce", players=seated_at(table_at(session))[:2])
    assert "adjustment" in caught.value.message_dict
    record(world, session, "lenteur", players=seated_at(table_at(session))[:1])
    incident_cancel(actor=world.referee, incident=first, reason="erreur de saisie")
    record(world, session, "renonce_sur_renonce", players=seated_at(table_at(session))[:2])


def test_the_players_are_seated_in_the_session_and_named_for_a_penalty(world, session):
    stranger = f.RegistrationFactory(tournament=world.tournament)
    with pytest.raises(ValidationError) as caught:
        record(world, session, "lenteur", players=[stranger])
    assert "players" in caught.value.message_dict
    with pytest.raises(ValidationError) as caught:
        record(world, session, "lenteur")
    assert "players" in caught.value.message_dict
    previous = seated_at(table_at(session, 2))
    incident = record(world, session, "mr_table_precedente_jouable", players=previous[:2])
    assert set(incident.players.all()) == set(previous[:2])


def test_a_forgotten_card_by_a_defender_names_that_defender(world, session):
    defenders = seated_at(table_at(session))[1:]
    with pytest.raises(ValidationError) as caught:
        record(world, session, "carte_oubliee_defenseur", players=defenders[:2])
    assert "players" in caught.value.message_dict
    record(world, session, "carte_oubliee_defenseur", players=defenders[:1])


def test_a_players_note_goes_only_with_a_cancelled_board(world, session):
    with pytest.raises(ValidationError) as caught:
        record(
            world,
            session,
            "renonce_sur_renonce",
            players=seated_at(table_at(session))[:2],
            players_note="zero",
            override_reason="x",
        )
    assert "players_note" in caught.value.message_dict


@pytest.mark.parametrize(
    "options",
    [{"adjustment": "70_30"}, {"faulty_side": "nord"}, {"players_note": "dix"}],
)
def test_unknown_choices_are_refused(world, session, options):
    with pytest.raises(ValidationError):
        record(world, session, "faux_ecart", players=[], override_reason="x", **options)


def test_a_refused_incident_changes_nothing(world, session):
    audits = AuditLog.objects.count()
    with pytest.raises(ValidationError):
        record(world, session, "lenteur", players=[], penalty_percent="2", override_reason="x")
    assert (Incident.objects.count(), AuditLog.objects.count()) == (0, audits)


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_referee_and_federation_staff_record_incidents(world, session, persona):
    actor = world.persona(persona)
    players = seated_at(table_at(session))[:1]
    if persona in REFEREES:
        incident = record(world, session, "lenteur", players=players, actor=actor)
        assert incident.created_by == actor
    else:
        with pytest.raises(PermissionDenied):
            record(world, session, "lenteur", players=players, actor=actor)
        assert not Incident.objects.exists()


def test_a_referee_of_another_tournament_records_nothing(world, session):
    other_referee = f.UserFactory(username="autre_arbitre")
    f.RoleFactory(user=other_referee, role="referee")
    f.RefereeAssignmentFactory(tournament=world.draft, referee=other_referee)
    with pytest.raises(PermissionDenied):
        record(world, session, "lenteur", players=[], actor=other_referee)


# --- cancelling ------------------------------------------------------------------


def test_cancelling_keeps_the_incident_with_who_when_and_why(world, session):
    incident = record(world, session, "lenteur", players=seated_at(table_at(session))[:1])
    cancelled = incident_cancel(
        actor=world.federation_staff, incident=incident, reason="  joueur mal identifié "
    )
    assert cancelled.cancelled
    assert (cancelled.cancelled_by, cancelled.cancel_reason) == (
        world.federation_staff,
        "joueur mal identifié",
    )
    assert incident_audits(incident)[-1] == (
        "update",
        {"cancelled": [False, True], "cancel_reason": [None, "joueur mal identifié"]},
    )
    with pytest.raises(ValidationError):
        incident_cancel(actor=world.referee, incident=incident, reason="encore")


def test_cancelling_needs_a_reason(world, session):
    incident = record(world, session, "lenteur", players=seated_at(table_at(session))[:1])
    with pytest.raises(ValidationError) as caught:
        incident_cancel(actor=world.referee, incident=incident, reason="  ")
    assert "cancel_reason" in caught.value.message_dict
    incident.refresh_from_db()
    assert not incident.cancelled
    assert len(incident_audits(incident)) == 1


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_referee_and_federation_staff_cancel_incidents(world, session, persona):
    incident = record(world, session, "lenteur", players=seated_at(table_at(session))[:1])
    actor = world.persona(persona)
    if persona in REFEREES:
        assert incident_cancel(actor=actor, incident=incident, reason="erreur").cancelled
    else:
        with pytest.raises(PermissionDenied):
            incident_cancel(actor=actor, incident=incident, reason="erreur")
        incident.refresh_from_db()
        assert not incident.cancelled


# --- what the results read -------------------------------------------------------


def test_penalties_add_up_except_non_cumulative_faults_on_one_etui(world, session):
    table = table_at(session)
    north, south, east, west = seated_at(table)
    first, second = table.etuis[:2]
    record(world, session, "lenteur", players=[north])
    record(world, session, "lenteur", players=[north])
    record(world, session, "carte_exposee_defense_jouable", players=[south], etui=first)
    record(world, session, "jeu_hors_tour_defenseur", players=[south], etui=first)
    record(world, session, "mr_table_precedente_non_jouable", players=[south], etui=first)
    record(world, session, "poignee_desordre", players=[south], etui=second)
    record(world, session, "poignee_desordre", players=[east, west], etui=first)
    incident_record(
        actor=world.referee, session=session, fault=fault(session, "retard"), players=[east]
    )
    assert session_incident_penalties(session) == {
        str(north.pk): 1.0,
        str(south.pk): 2.0,  # 1.5 once on the first étui, and 0.5 on the second
        str(east.pk): 1.0,
        str(west.pk): 0.5,
    }


def test_cancelled_incidents_and_lifted_penalties_count_for_nothing(world, session):
    table = table_at(session)
    north, south = seated_at(table)[:2]
    cancelled = record(world, session, "fumer_telephone", players=[north])
    incident_cancel(actor=world.referee, incident=cancelled, reason="erreur")
    record(
        world,
        session,
        "consultation_diagramme",
        players=[south],
        penalty_percent=0,
        override_reason="doute",
    )
    assert session_incident_penalties(session) == {}
    cancelled = record(
        world, session, "renonce_consommee", faulty_side="defense", override_reason="x"
    )
    incident_cancel(actor=world.referee, incident=cancelled, reason="erreur")
    assert session_adjustments(session) == {}


def test_adjusted_scores_by_section_table_and_etui(world, session):
    one, two, three = (table_at(session, number) for number in (1, 2, 3))
    taker = seated_at(one)[0]
    defender = seated_at(two)[2]
    slow = seated_at(three)[1:3]
    record(world, session, "faux_ecart", table=one, players=[taker])
    record(world, session, "carte_oubliee_defenseur", table=two, players=[defender])
    record(world, session, "lenteur_donne_neutralisee", table=three, players=slow)
    record(
        world,
        session,
        "renonce_consommee",
        table=one,
        etui=one.etuis[1],
        faulty_side="defense",
        override_reason="défense",
    )
    adjustments = session_adjustments(session)
    none = {"faulty": None, "faulty_player": None, "zero_players": [], "forty_players": []}
    assert adjustments == {
        (one.section, 1, one.etuis[0]): {
            **none,
            "kind": "neutralized",
            "zero_players": [str(taker.pk)],
        },
        (two.section, 2, two.etuis[0]): {
            **none,
            "kind": "forgotten_card",
            "faulty": "defense",
            "faulty_player": str(defender.pk),
        },
        (three.section, 3, three.etuis[0]): {
            **none,
            "kind": "neutralized",
            "forty_players": sorted(str(player.pk) for player in slow),
        },
        (one.section, 1, one.etuis[1]): {**none, "kind": "40_60", "faulty": "defense"},
    }
    for adjustment in adjustments.values():
        AdjustedScore(**adjustment)


def queries(read) -> int:
    with CaptureQueriesContext(connection) as captured:
        read()
    return len(captured)


def test_the_reads_cost_the_same_whatever_the_number_of_incidents(world, session):
    def reads():
        session_incident_penalties(session)
        session_adjustments(session)

    record(world, session, "faux_ecart", players=seated_at(table_at(session))[:1])
    few = queries(reads)
    for number in (2, 3, 4, 5):
        table = table_at(session, number)
        record(world, session, "erreur_placement", table=table, players=seated_at(table)[:2])
        record(world, session, "lenteur", table=table, players=seated_at(table)[2:])
    assert queries(reads) == few == 3


# --- lateness (article 18) -------------------------------------------------------


@pytest.mark.parametrize(
    ("minutes", "penalty"),
    [(1, "0.5"), (5, "0.5"), (6, "1"), (12, "1.5"), (15, "1.5")],
)
def test_lateness_costs_half_a_point_per_started_five_minutes(world, session, minutes, penalty):
    late = seated_at(table_at(session, 2))[1]
    incident = incident_record(
        actor=world.referee,
        session=session,
        fault=fault(session, "retard"),
        players=[late],
        minutes_late=minutes,
    )
    assert incident.penalty_percent == Decimal(penalty)
    assert incident.override_reason == ""
    assert incident.note == gettext("%(minutes)s minutes late") % {"minutes": minutes}
    assert session_incident_penalties(session) == {str(late.pk): float(penalty)}


def test_beyond_fifteen_minutes_the_player_is_forfeit_and_replaced(world, session):
    late = seated_at(table_at(session, 2))[1]
    with pytest.raises(ValidationError) as caught:
        incident_record(
            actor=world.referee,
            session=session,
            fault=fault(session, "retard"),
            players=[late],
            minutes_late=16,
        )
    [message] = caught.value.message_dict["minutes_late"]
    assert message == gettext(
        "%(minutes)s minutes late: after 15 minutes the player is declared forfeit "
        "and must be replaced (movement page, « Replace a player »)."
    ) % {"minutes": 16}
    assert caught.value.error_dict["minutes_late"][0].code == "forfeit"
    assert not Incident.objects.exists()


def test_minutes_late_are_for_lateness_only(world, session):
    players = seated_at(table_at(session))[:1]
    with pytest.raises(ValidationError) as caught:
        record(world, session, "fumer_telephone", players=players, minutes_late=3)
    assert "minutes_late" in caught.value.message_dict


def test_a_penalty_given_with_the_minutes_departs_from_them(world, session):
    late = seated_at(table_at(session, 2))[1]
    options = {"session": session, "fault": fault(session, "retard"), "players": [late]}
    with pytest.raises(ValidationError) as caught:
        incident_record(actor=world.referee, minutes_late=7, penalty_percent="0.5", **options)
    assert "override_reason" in caught.value.message_dict
    incident = incident_record(
        actor=world.referee, minutes_late=7, penalty_percent="1", note="bouchons", **options
    )
    late_note = gettext("%(minutes)s minutes late") % {"minutes": 7}
    assert (incident.penalty_percent, incident.note) == (Decimal(1), f"{late_note} · bouchons")


@pytest.mark.parametrize(
    ("code", "points"), [("erreur_chien_jouable", 0.5), ("erreur_chien_non_jouable", 1.5)]
)
def test_an_error_on_the_dog_penalises_the_four_players_of_the_table(world, session, code, points):
    """« Les quatre joueurs de la table sont responsables du chien : … les quatre joueurs
    sont pénalisés » (chapter 4, « Points particuliers »)."""
    table = table_at(session)
    incident = record(world, session, code, etui=table.etuis[0])
    four = seated_at(table)
    assert set(incident.players.all()) == set(four)
    assert session_incident_penalties(session) == {str(player.pk): points for player in four}


def test_every_problem_of_a_ruling_is_worded_in_french():
    source = inspect.getsource(ruling)
    assert {code for code in RULING_PROBLEMS if f'"{code}"' in source} == set(RULING_PROBLEMS)
    for message in RULING_PROBLEMS.values():
        with translation.override("en"):
            english = str(message)
        with translation.override("fr"):
            assert str(message) != english
