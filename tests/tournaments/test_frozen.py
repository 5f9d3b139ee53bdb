"""Submitted means frozen (docs/interpretations.md): from « submitted » on, nothing
that affects the results or the awards changes — tournament fields, registrations,
movement, scores, deal details, incidents, penalties — through services, pages, API or
the admin; federation staff reopen with a reason, audited."""

from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from apps.movements import services as movements
from apps.movements.models import SessionMovement
from apps.movements.selectors import Spot
from apps.penalties.models import Incident
from apps.penalties.services import incident_cancel
from apps.scoring import services as scoring
from apps.scoring.domain.deal import Deal
from apps.scoring.models import Play
from apps.tournaments import services
from apps.tournaments.domain.workflow import FROZEN_STATUSES, Status
from apps.tournaments.models import Tournament
from tests import factories as f
from tests.builders import played, record, seated_at, table_at, table_of
from tests.personas import PERSONAS
from tests.wording import said

pytestmark = pytest.mark.django_db

FROZEN = sorted(FROZEN_STATUSES)


def frozen_message(tournament) -> str:
    return said(
        "This tournament is “%(status)s”: its results are frozen and nothing that affects "
        "them can change.",
        status=Tournament.StatusChoice(tournament.status).label,
    )


@pytest.fixture
def room(world):
    """The world tournament played at 5 tables, étui 1 entered at table 1, an incident."""
    movement = played(world)
    table = table_of(movement, 1, 1)
    scoring.play_score_set(actor=world.referee, table=table, etui=1, score=56)
    session = movement.session
    incident = record(world, session, "faux_ecart", players=seated_at(table_at(session))[:1])
    return movement, table, incident


def freeze(world, status) -> Tournament:
    Tournament.objects.filter(pk=world.tournament.pk).update(status=status)
    world.tournament.refresh_from_db()
    return world.tournament


def refused(write, tournament) -> None:
    with pytest.raises(ValidationError) as caught:
        write()
    assert caught.value.messages == [frozen_message(tournament)]


# --- services --------------------------------------------------------------------


@pytest.mark.parametrize("status", FROZEN)
def test_no_score_deal_or_line_changes_once_submitted(world, room, status):
    _movement, table, _incident = room
    tournament = freeze(world, status)
    common = {"actor": world.referee, "table": table, "reason": "Rature"}
    deal = Deal(bouts=2, points=50)
    for write in (
        lambda: scoring.play_score_set(**common, etui=1, score=62),
        lambda: scoring.play_score_set(**common, etui=1, deal=deal),
        lambda: scoring.play_score_set(**common, etui=2, score=56),
        lambda: scoring.play_check_set(**common, etui=1, score=62),
        lambda: scoring.play_score_clear(**common, etui=1),
        lambda: scoring.play_not_played_set(**common, etui=2, note="arrêt"),
    ):
        refused(write, tournament)
    assert list(Play.objects.values_list("etui", "score", "deal")) == [(1, 56, None)]


@pytest.mark.parametrize("status", FROZEN)
def test_federation_staff_cannot_change_scores_either(world, room, status):
    _movement, table, _incident = room
    tournament = freeze(world, status)
    refused(
        lambda: scoring.play_score_set(
            actor=world.federation_staff, table=table, etui=1, score=62, reason="Erreur"
        ),
        tournament,
    )


@pytest.mark.parametrize("status", FROZEN)
def test_no_incident_is_recorded_or_cancelled_once_submitted(world, room, status):
    movement, _table, incident = room
    tournament = freeze(world, status)
    session = movement.session
    players = seated_at(table_at(session, 2))[:1]
    refused(lambda: record(world, session, "faux_ecart", players=players), tournament)
    refused(
        lambda: incident_cancel(actor=world.referee, incident=incident, reason="Erreur"),
        tournament,
    )
    assert list(Incident.objects.values_list("pk", "cancelled_at")) == [(incident.pk, None)]


@pytest.mark.parametrize("status", FROZEN)
def test_the_movement_and_seating_stay_as_played(world, room, status):
    movement, _table, _incident = room
    tournament = freeze(world, status)
    newcomer = f.LicenseeFactory(club=world.club)
    spot = Spot("Rouge", "N1")
    for write in (
        lambda: movements.movement_generate(actor=world.referee, session=movement.session),
        lambda: movements.movement_advance(
            actor=world.referee, movement=movement, from_position=movement.current_position
        ),
        lambda: movements.player_replace(
            actor=world.referee, movement=movement, spot=spot, licensee=newcomer
        ),
        lambda: movements.late_arrival_seat(
            actor=world.referee, movement=movement, spot=spot, licensee=newcomer
        ),
    ):
        refused(write, tournament)
    assert SessionMovement.objects.get(pk=movement.pk).current_position == movement.positions
    assert not tournament.registrations.filter(licensee=newcomer).exists()


@pytest.mark.parametrize("status", FROZEN)
def test_tournament_fields_and_registrations_stay_once_submitted(world, status):
    tournament = freeze(world, status)
    for data in ({"name": "Autre nom"}, {"index": Decimal("1.8")}, {"venue": "Ailleurs"}):
        refused(
            lambda data=data: services.tournament_update(
                actor=world.club_manager, tournament=tournament, **data
            ),
            tournament,
        )
    registration = f.RegistrationFactory(tournament=tournament)
    with pytest.raises(ValidationError):
        services.registration_create(
            actor=world.club_manager, tournament=tournament, licensee=world.licensee
        )
    with pytest.raises(ValidationError):
        services.registration_delete(actor=world.club_manager, registration=registration)
    tournament.refresh_from_db()
    assert (tournament.name, tournament.index) == (world.tournament.name, world.tournament.index)
    assert list(tournament.registrations.all()) == [registration]


def test_before_submission_the_referee_still_corrects_with_a_reason(world, room):
    _movement, table, _incident = room
    freeze(world, Status.FINISHED)
    play = scoring.play_score_set(
        actor=world.referee, table=table, etui=1, score=62, reason="Rature visée"
    )
    assert play.score == 62


# --- API and pages ---------------------------------------------------------------


@pytest.mark.parametrize("status", FROZEN)
def test_the_api_refuses_to_change_a_submitted_tournament(world, login, status):
    tournament = freeze(world, status)
    client = login(world.club_manager)
    url = reverse("api:tournament-detail", args=[tournament.pk])
    response = client.patch(url, {"name": "Autre", "index": "1.8"}, content_type="application/json")
    assert response.status_code == 400
    assert frozen_message(tournament) in str(response.json())
    tournament.refresh_from_db()
    assert (tournament.name, tournament.index) == (world.tournament.name, world.tournament.index)


@pytest.mark.parametrize("status", FROZEN)
def test_the_edit_page_refuses_to_change_a_submitted_tournament(world, login, status):
    tournament = freeze(world, status)
    response = login(world.club_manager).post(
        reverse("tournaments:edit", args=[tournament.pk]),
        {
            "name": "Autre",
            "date": tournament.date.isoformat(),
            "venue": "",
            "kind": tournament.kind,
            "index": "1.8",
        },
    )
    assert response.status_code == 200
    assert frozen_message(tournament) in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.name == world.tournament.name


@pytest.mark.parametrize("status", FROZEN)
def test_the_score_entry_page_refuses_a_line_once_submitted(world, login, room, status):
    movement, table, _incident = room
    freeze(world, status)
    response = login(world.referee).post(
        reverse("scoring:line", args=[movement.session_id, table.pk, 1]),
        {f"{table.pk}-1-score": "62", "reason": "Rature"},
    )
    assert response.status_code == 400
    assert Play.objects.get(table=table, etui=1).score == 56


# --- the admin -------------------------------------------------------------------


@pytest.mark.parametrize("status", FROZEN)
def test_the_admin_shows_but_does_not_change_a_submitted_tournament(world, login, status):
    tournament = freeze(world, status)
    client = login(world.federation_staff)
    url = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    page = client.get(url)
    assert page.status_code == 200 and not page.context["has_change_permission"]
    response = client.post(url, {"name": "Autre", "index": "1.8"})
    assert response.status_code == 403
    delete = client.post(
        reverse("admin:tournaments_tournament_delete", args=[tournament.pk]), {"post": "yes"}
    )
    assert delete.status_code == 403
    tournament.refresh_from_db()
    assert tournament.name == world.tournament.name


def test_the_admin_cannot_move_a_status_outside_the_workflow(world, login):
    tournament = freeze(world, Status.FINISHED)
    client = login(world.federation_staff)
    url = reverse("admin:tournaments_tournament_change", args=[tournament.pk])
    form = client.get(url).context["adminform"].form
    assert "status" not in form.fields
    data = {name: form[name].value() for name in form.fields if form[name].value() is not None}
    data |= {"status": Status.APPROVED, "date": tournament.date.isoformat()}
    for prefix in ("sessions", "referee_assignments"):
        data |= {f"{prefix}-TOTAL_FORMS": "0", f"{prefix}-INITIAL_FORMS": "0"}
    assert client.post(url, data).status_code == 302
    tournament.refresh_from_db()
    assert tournament.status == Status.FINISHED


def test_registrations_change_only_through_the_pages(world, login):
    page = reverse("admin:tournaments_registration_add")
    assert login(world.federation_staff).get(page).status_code == 403


# --- no way round the homologation chain --------------------------------------------


@pytest.mark.parametrize("status", FROZEN)
@pytest.mark.parametrize("persona", PERSONAS)
def test_nobody_reopens_by_a_transition(world, status, persona):
    """Sent back or corrected through the homologation chain only (apps.approvals)."""
    tournament = freeze(world, status)
    with pytest.raises(PermissionDenied):
        services.tournament_transition(
            actor=world.persona(persona), tournament=tournament, status=Status.FINISHED
        )
    tournament.refresh_from_db()
    assert tournament.status == status
