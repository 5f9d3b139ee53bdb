"""/api/homologations/: the homologation chain through the API (fascicule 3, ch. 5,
« Transmission »): submitting, passing on, the steps with their comment, what waits for
each level, every step to its level only, on the same permission layer as the pages."""

from datetime import date

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework import serializers
from rest_framework.exceptions import NotFound

from apps.approvals import services
from apps.approvals.domain.chain import Action, Level
from apps.approvals.models import Homologation, HomologationStep
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

URL = "/api/homologations/"
# The personas who see the world club's homologations; the others get 404 for them.
IN_SIGHT = {"federation_staff", "zone_manager", "committee_staff", "club_manager"}


def _homologation(world) -> Homologation:
    return Homologation.objects.get(tournament=world.tournament)


def _submit(client, tournament_id):
    return client.post(f"{URL}submit/", {"tournament": tournament_id}, format="json")


def _step(client, homologation, action, comment=None):
    payload = {"action": action} if comment is None else {"action": action, "comment": comment}
    return client.post(f"{URL}{homologation.pk}/step/", payload, format="json")


def _pass_on(client, homologation):
    return client.post(f"{URL}{homologation.pk}/pass_on/", format="json")


def _ok(response) -> dict:
    assert response.status_code == 200, response.content
    return response.json()


# --- the chain walked through ----------------------------------------------------------


def test_the_chain_through_the_api(world, finished, api_as, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    with capture(execute=True):
        body = _ok(_submit(api_as("club_manager"), world.tournament.pk))
    homologation = _homologation(world)
    assert (body["id"], body["tournament"], body["level"]) == (
        homologation.pk,
        world.tournament.pk,
        Level.COMMITTEE,
    )
    assert body["club_number"] == world.club.number
    assert [s["action"] for s in body["steps"]] == ["submit"]
    # Sending back needs a reason: refused without one, in French, and nothing changes.
    refused = _step(api_as("committee_staff"), homologation, Action.SEND_BACK, "  ")
    assert refused.status_code == 400
    assert refused.json() == {"non_field_errors": ["renvoi : donnez la raison"]}
    assert _homologation(world).level == Level.COMMITTEE
    with capture(execute=True):
        body = _ok(
            _step(api_as("committee_staff"), homologation, Action.SEND_BACK, "arbitre absent")
        )
    assert body["level"] == Level.ORGANISER
    assert body["steps"][-1] == {
        **body["steps"][-1],
        "action": "send_back",
        "from_level": "committee",
        "to_level": "organiser",
        "actor": "committee_staff",
        "comment": "arbitre absent",
    }
    assert "Raison : arbitre absent" in mail.outbox[-1].body
    assert Tournament.objects.get(pk=world.tournament.pk).status == Status.FINISHED
    # Sent again, passed on by the committee, the zone, approved by the federation.
    with capture(execute=True):
        _ok(_submit(api_as("club_manager"), world.tournament.pk))
        assert _ok(_pass_on(api_as("committee_staff"), homologation))["level"] == Level.ZONE
        assert _ok(_pass_on(api_as("zone_manager"), homologation))["level"] == Level.FEDERATION
        body = _ok(_step(api_as("federation_staff"), homologation, Action.APPROVE))
    assert body["level"] == Level.APPROVED
    assert Tournament.objects.get(pk=world.tournament.pk).status == Status.APPROVED
    history = _ok(api_as("zone_manager").get(f"{URL}{homologation.pk}/"))["steps"]
    assert [(s["action"], s["from_level"], s["to_level"], s["actor"]) for s in history] == [
        ("submit", "organiser", "committee", "club_manager"),
        ("send_back", "committee", "organiser", "committee_staff"),
        ("submit", "organiser", "committee", "club_manager"),
        ("pass_on", "committee", "zone", "committee_staff"),
        ("pass_on", "zone", "federation", "zone_manager"),
        ("approve", "federation", "approved", "federation_staff"),
    ]
    # Nothing further to pass on, nor to submit: refused with the chain's French message.
    refused = _pass_on(api_as("federation_staff"), homologation)
    assert refused.status_code == 400
    assert refused.json() == {
        "non_field_errors": ["transmission impossible : le tournoi est homologué"]
    }
    refused = _submit(api_as("club_manager"), world.tournament.pk)
    assert refused.json() == {"non_field_errors": ["Seul un tournoi terminé part en homologation."]}


def test_a_correction_asked_and_refused_with_comments(
    world, finished, api_as, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        homologation = _climb(world, Level.APPROVED)
        body = _ok(
            _step(api_as("club_manager"), homologation, Action.ASK_CORRECTION, "score inversé")
        )
        assert body["correction_reason"] == "score inversé"
        assert _step(api_as("federation_staff"), homologation, "refuse_correction").json() == {
            "non_field_errors": ["correction refusée : donnez la raison"]
        }
        body = _ok(_step(api_as("federation_staff"), homologation, "refuse_correction", "délai"))
    assert (body["level"], body["correction_reason"]) == (Level.APPROVED, "")
    assert body["steps"][-1]["comment"] == "délai"


@pytest.mark.parametrize("action", ["submit", "pass_on", "cancel", ""])
def test_a_step_must_be_one_of_the_steps(world, finished, api_as, action):
    homologation = _climb(world, Level.COMMITTEE)
    response = _step(api_as("committee_staff"), homologation, action, "raison")
    assert response.status_code == 400
    assert list(response.json()) == ["action"]
    assert _homologation(world).level == Level.COMMITTEE


def test_the_comment_has_a_limit(world, finished, api_as):
    homologation = _climb(world, Level.COMMITTEE)
    response = _step(api_as("committee_staff"), homologation, Action.SEND_BACK, "x" * 1001)
    assert response.status_code == 400
    assert list(response.json()) == ["comment"]


def test_steps_need_post(world, finished, api_as):
    homologation = _climb(world, Level.COMMITTEE)
    client = api_as("committee_staff")
    assert client.get(f"{URL}{homologation.pk}/step/").status_code == 405
    assert client.get(f"{URL}{homologation.pk}/pass_on/").status_code == 405
    assert client.get(f"{URL}submit/").status_code == 405


# --- every step to its level only ------------------------------------------------------


def _climb(world, level: Level) -> Homologation:
    """The world tournament submitted and carried up to ``level`` by the services."""
    services.tournament_submit(actor=world.club_manager, tournament=world.tournament)
    for climber in ("committee_staff", "zone_manager"):
        if _homologation(world).level in (level, Level.APPROVED):
            break
        services.homologations_pass_on(
            actor=world.persona(climber), homologations=[_homologation(world)]
        )
    if level == Level.APPROVED:
        services.homologation_step(
            actor=world.federation_staff, homologation=_homologation(world), action=Action.APPROVE
        )
    homologation = _homologation(world)
    assert homologation.level == level
    return homologation


STEPS = [  # (level reached first, the step, who takes it)
    (Level.COMMITTEE, Action.PASS_ON, "committee_staff"),
    (Level.COMMITTEE, Action.SEND_BACK, "committee_staff"),
    (Level.ZONE, Action.PASS_ON, "zone_manager"),
    (Level.ZONE, Action.SEND_BACK, "zone_manager"),
    (Level.FEDERATION, Action.APPROVE, "federation_staff"),
    (Level.FEDERATION, Action.SEND_BACK, "federation_staff"),
    (Level.APPROVED, Action.ASK_CORRECTION, "club_manager"),
]
# « une nouvelle demande du club ou du comité »: the committee may ask too.
ALSO_ALLOWED = {Action.ASK_CORRECTION: {"committee_staff"}}


@pytest.mark.parametrize(("level", "action", "allowed"), STEPS)
def test_each_step_to_its_level_only(world, finished, api_as, level, action, allowed):
    homologation = _climb(world, level)
    steps = HomologationStep.objects.count()

    def take(persona):
        client = api_as(persona)
        if action == Action.PASS_ON:
            return _pass_on(client, homologation)
        return _step(client, homologation, action, "raison")

    for persona in PERSONAS:
        if persona == allowed or persona in ALSO_ALLOWED.get(action, ()):
            continue
        response = take(persona)
        assert response.status_code == (403 if persona in IN_SIGHT else 404), persona
        assert set(response.json()) == {"detail"}
        assert (_homologation(world).level, HomologationStep.objects.count()) == (level, steps)
    assert _ok(take(allowed))["steps"][-1]["action"] == action
    assert HomologationStep.objects.count() == steps + 1


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_the_organiser_submits(world, finished, api_as, persona):
    response = _submit(api_as(persona), world.tournament.pk)
    if persona == "club_manager":
        assert _ok(response)["level"] == Level.COMMITTEE
        return
    assert response.status_code == 403
    assert response.json() == {"detail": "Vous n'organisez pas ce tournoi."}
    assert not Homologation.objects.exclude(level=Level.ORGANISER).exists()
    assert Tournament.objects.get(pk=world.tournament.pk).status == Status.FINISHED


def test_a_hidden_tournament_is_answered_like_a_missing_one(world, api_as):
    client = api_as("club_manager")
    hidden = _submit(client, world.other_tournament.pk)
    missing = _submit(client, world.other_tournament.pk + 1000)
    assert hidden.status_code == missing.status_code == 400
    assert list(hidden.json()) == ["tournament"]
    assert hidden.json()["tournament"][0].replace(str(world.other_tournament.pk), "") == (
        missing.json()["tournament"][0].replace(str(world.other_tournament.pk + 1000), "")
    )


@pytest.mark.parametrize("method, path", [("get", ""), ("post", "step/"), ("post", "pass_on/")])
def test_a_hidden_homologation_is_answered_like_a_missing_one(world, api_as, method, path):
    hidden = _external(world.other_club, Level.COMMITTEE)
    client = api_as("club_manager")
    answers = [
        getattr(client, method)(f"{URL}{pk}/{path}", {"action": "send_back"}, format="json")
        for pk in (hidden.pk, hidden.pk + 1000)
    ]
    assert [answer.status_code for answer in answers] == [404, 404]
    assert answers[0].json() == answers[1].json() == {"detail": str(NotFound.default_detail)}


ANONYMOUS = [
    ("get", ""),
    ("get", "{pk}/"),
    ("post", "{pk}/step/"),
    ("post", "{pk}/pass_on/"),
    ("post", "submit/"),
]


@pytest.mark.parametrize("method, path", ANONYMOUS)
def test_anonymous_requests_are_refused(world, api, method, path):
    homologation = _external(world.club, Level.COMMITTEE)
    payload = {"action": "send_back", "comment": "x", "tournament": world.tournament.pk}
    response = getattr(api, method)(URL + path.format(pk=homologation.pk), payload, format="json")
    assert response.status_code in (401, 403)
    assert set(response.json()) == {"detail"}
    assert not HomologationStep.objects.exists()


# --- what waits for me -----------------------------------------------------------------


def _external(club, level: Level, name: str = "") -> Homologation:
    """A tournament received from other software, at ``level``."""
    return Homologation.objects.create(
        club=club,
        level=level,
        name=name or f"{club.number} {level}",
        date=date(2025, 11, 16),
        external=True,
    )


@pytest.fixture
def chain(world) -> dict[str, Homologation]:
    """The world club's tournaments at every level, the other club's at two."""
    rows = {f"club_{level}": _external(world.club, level) for level in Level}
    rows["other_committee"] = _external(world.other_club, Level.COMMITTEE)
    rows["other_federation"] = _external(world.other_club, Level.FEDERATION)
    return rows


CLUB_ALL = {f"club_{level}" for level in Level}
SEEN = {
    "federation_staff": CLUB_ALL | {"other_committee", "other_federation"},
    "zone_manager": CLUB_ALL,
    "committee_staff": CLUB_ALL,
    "club_manager": CLUB_ALL,
    "referee": set(),
    "player": set(),
    "outsider": set(),
}
WAITING = {
    "federation_staff": {"club_federation", "other_federation"},
    "zone_manager": {"club_zone"},
    "committee_staff": {"club_committee"},
    "club_manager": set(),
    "referee": set(),
    "player": set(),
    "outsider": set(),
}


def _names(chain, response) -> set[str]:
    ids = {row["id"] for row in _ok(response)["results"]}
    return {name for name, homologation in chain.items() if homologation.pk in ids}


@pytest.mark.parametrize("persona", PERSONAS)
def test_what_each_persona_sees_and_what_waits_for_them(world, chain, api_as, persona):
    client = api_as(persona)
    assert _names(chain, client.get(URL)) == SEEN[persona]
    assert _names(chain, client.get(URL, {"waiting": "true"})) == WAITING[persona]
    assert _names(chain, client.get(URL, {"waiting": "false"})) == SEEN[persona] - WAITING[persona]
    at_zone = {name for name in SEEN[persona] if name.endswith("_zone")}
    assert _names(chain, client.get(URL, {"level": "zone"})) == at_zone


def test_the_filters_combine(world, chain, api_as):
    client = api_as("federation_staff")
    assert _names(chain, client.get(URL, {"waiting": "true", "level": "federation"})) == {
        "club_federation",
        "other_federation",
    }
    assert _names(chain, client.get(URL, {"waiting": "true", "level": "committee"})) == set()


@pytest.mark.parametrize("query", [{"waiting": "maybe"}, {"level": "nowhere"}])
def test_unknown_filters_are_refused(world, api_as, query):
    response = api_as("federation_staff").get(URL, query)
    assert response.status_code == 400
    assert list(response.json()) == list(query)


def test_homologation_fields_with_its_history(world, api_as):
    homologation = _external(world.club, Level.ZONE, name="Open d'automne")
    first = HomologationStep.objects.create(
        homologation=homologation,
        action=Action.PASS_ON,
        from_level=Level.COMMITTEE,
        to_level=Level.ZONE,
        actor=world.committee_staff,
    )
    second = HomologationStep.objects.create(
        homologation=homologation,
        action=Action.SEND_BACK,
        from_level=Level.FEDERATION,
        to_level=Level.ZONE,
        actor=world.federation_staff,
        comment="bordereau illisible",
    )
    at = serializers.DateTimeField().to_representation
    response = api_as("committee_staff").get(f"{URL}{homologation.pk}/")
    assert _ok(response) == {
        "id": homologation.pk,
        "tournament": None,
        "name": "Open d'automne",
        "date": "2025-11-16",
        "club_number": world.club.number,
        "level": "zone",
        "external": True,
        "correction_reason": "",
        "steps": [
            {
                "action": "pass_on",
                "from_level": "committee",
                "to_level": "zone",
                "actor": "committee_staff",
                "at": at(first.at),
                "comment": "",
            },
            {
                "action": "send_back",
                "from_level": "federation",
                "to_level": "zone",
                "actor": "federation_staff",
                "at": at(second.at),
                "comment": "bordereau illisible",
            },
        ],
    }


# --- the list's cost -------------------------------------------------------------------


def _add_homologations(world, n):
    for i in range(n):
        homologation = _external(world.club, Level.FEDERATION, name=f"Tournoi {i}")
        for actor in (world.committee_staff, world.zone_manager):
            HomologationStep.objects.create(
                homologation=homologation,
                action=Action.PASS_ON,
                from_level=Level.COMMITTEE,
                to_level=Level.ZONE,
                actor=actor,
            )


@pytest.mark.parametrize("query", [{}, {"waiting": "true"}])
def test_the_list_costs_the_same_for_1_and_5_homologations(world, api_as, query):
    client = api_as("federation_staff")
    _add_homologations(world, 1)
    with CaptureQueriesContext(connection) as one:
        assert _ok(client.get(URL, query))["count"] == 1
    _add_homologations(world, 4)
    with CaptureQueriesContext(connection) as five:
        assert _ok(client.get(URL, query))["count"] == 5
    assert len(five) == len(one)
