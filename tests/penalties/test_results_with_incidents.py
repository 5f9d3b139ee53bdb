"""The referee's incidents reach the results: penalties come off the overall percentage,
adjusted scores change the notes of the étui."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.penalties.services import incident_cancel
from apps.results.selectors import session_results
from tests.builders import enter_first_etui, record, seated_at, table_at

pytestmark = pytest.mark.django_db


def _by_player(results):
    return {p.player: p for p in results.players}


def test_a_penalty_incident_comes_off_the_overall(world, session):
    enter_first_etui(world, session)
    player = seated_at(table_at(session))[0]
    before = _by_player(session_results(session))[str(player.pk)]
    incident = record(world, session, "fumer_telephone", players=[player])
    after = _by_player(session_results(session))[str(player.pk)]
    assert after.penalty == 5 and after.final == pytest.approx(before.overall - 5)
    incident_cancel(actor=world.referee, incident=incident, reason="erreur de saisie")
    assert _by_player(session_results(session))[str(player.pk)].penalty == 0


def test_an_adjusted_score_changes_the_notes_of_the_etui(world, session):
    etui = enter_first_etui(world, session)
    table = table_at(session)
    record(world, session, "renonce_consommee", table=table, etui=etui, faulty_side="taker")
    notes = [n for n in session_results(session).notes if n.play.etui == etui]
    adjusted = next(n for n in notes if n.play.table == 1)
    # played once so far, the étui gives 50 %; the faulty taker keeps at most 40 %
    assert adjusted.taker_note == 40 and adjusted.adjustment == "40_60"


def test_decisions_cost_a_constant_number_of_queries(world, session):
    """However many decisions (none: they are not read, the stamp counts none). The
    seating, unchanged, is read by the first computation only."""
    session_results(session)
    enter_first_etui(world, session)
    with CaptureQueriesContext(connection) as none:
        session_results(session)
    first, *others = seated_at(table_at(session))
    record(world, session, "fumer_telephone", players=[first])
    with CaptureQueriesContext(connection) as few:
        session_results(session)
    assert len(none) < len(few)
    for player in others:
        record(world, session, "fumer_telephone", players=[player])
    with CaptureQueriesContext(connection) as many:
        session_results(session)
    assert len(many) == len(few)


def test_naming_the_side_the_catalogue_leaves_open_needs_no_reason(world, session):
    incident = record(world, session, "renonce_consommee", faulty_side="defense")
    assert incident.faulty_side == "defense" and incident.override_reason == ""


def test_changing_a_printed_side_needs_a_reason(world, session):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as error:
        record(world, session, "poignee_trop_atouts_defense", faulty_side="taker")
    assert "override_reason" in error.value.message_dict
