"""Tournament page: who sees it, who sees the registrations, who gets the controls."""

import pytest
from django.urls import reverse

from tests import factories as f
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

# Which of the world's tournaments each persona may open (others: 404).
VISIBLE = {
    "federation_staff": {"tournament", "draft", "other_tournament"},
    "zone_manager": {"tournament", "draft"},
    "committee_staff": {"tournament", "draft"},
    "club_manager": {"tournament", "draft"},
    "referee": {"tournament"},
    "player": {"tournament"},
    "outsider": {"tournament"},
}
OVERSEERS = {"federation_staff", "zone_manager", "committee_staff", "club_manager", "referee"}
MANAGERS = {"federation_staff", "club_manager"}


def _detail(tournament):
    return reverse("tournaments:detail", args=[tournament.pk])


@pytest.mark.parametrize("which", ["tournament", "draft", "other_tournament"])
@pytest.mark.parametrize("persona", PERSONAS)
def test_tournament_page_is_shown_to_those_who_may_see_it(world, login, persona, which):
    response = login(world.persona(persona)).get(_detail(getattr(world, which)))
    assert response.status_code == (200 if which in VISIBLE[persona] else 404)


def test_anonymous_visitors_see_public_tournaments_only(world, client):
    assert client.get(_detail(world.tournament)).status_code == 200
    assert client.get(_detail(world.draft)).status_code == 404


def test_page_shows_the_tournament_facts_and_sessions(world, client):
    f.RegistrationFactory.create_batch(2, tournament=world.tournament)
    response = client.get(_detail(world.tournament))
    html = response.content.decode()
    for text in (world.tournament.name, world.club.name, world.tournament.venue):
        assert text in html
    assert 'id="sessions"' in html
    assert response.context["tournament"].registered == 2


@pytest.mark.parametrize("persona", [*PERSONAS, "anonymous"])
def test_only_overseers_see_the_registration_list(world, client, login, persona):
    f.RegistrationFactory(tournament=world.tournament, licensee=world.other_licensee)
    browser = client if persona == "anonymous" else login(world.persona(persona))
    html = browser.get(_detail(world.tournament)).content.decode()
    sees_list = world.other_licensee.licence_number in html
    assert sees_list == (persona in OVERSEERS)
    assert ('id="registrations"' in html) == (persona in OVERSEERS)
    assert 'data-test="registered-count">1<' in html  # everyone sees how many


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_managers_get_the_edit_registration_and_referee_controls(world, login, persona):
    response = login(world.persona(persona)).get(_detail(world.tournament))
    html = response.content.decode()
    manager = persona in MANAGERS
    assert (reverse("tournaments:edit", args=[world.tournament.pk]) in html) == manager
    assert ('id="registration-q"' in html) == manager
    assert (reverse("tournaments:referee_assign", args=[world.tournament.pk]) in html) == manager


@pytest.mark.parametrize(
    "persona, which, expected",
    [
        ("club_manager", "draft", ["registration_open"]),
        ("club_manager", "tournament", ["running", "draft"]),
        ("federation_staff", "tournament", ["running", "draft"]),
        ("referee", "tournament", ["running"]),
        ("zone_manager", "tournament", []),
        ("committee_staff", "draft", []),
        ("player", "tournament", []),
    ],
)
def test_status_buttons_follow_the_workflow(world, login, persona, which, expected):
    response = login(world.persona(persona)).get(_detail(getattr(world, which)))
    assert [step["status"] for step in response.context["transitions"]] == expected
    html = response.content.decode()
    for status in expected:
        assert f'data-status="{status}"' in html


def test_finishing_is_not_the_primary_button_while_play_runs(world, login):
    """Forward steps are primary; « Terminer le tournoi » during play is not."""
    opened = login(world.referee).get(_detail(world.tournament)).content.decode()
    assert 'class="button" data-status="running"' in opened
    world.tournament.status = "running"
    world.tournament.save()
    response = login(world.referee).get(_detail(world.tournament))
    steps = {step["status"]: step["primary"] for step in response.context["transitions"]}
    assert steps.get("finished") is False
    html = response.content.decode()
    assert 'class="button secondary" data-status="finished"' in html
    assert 'class="button" data-status' not in html


def test_no_registration_box_once_registrations_are_closed(world, login):
    finished = f.TournamentFactory(club=world.club, status="finished")
    html = login(world.club_manager).get(_detail(finished)).content.decode()
    assert 'id="registration-q"' not in html
    assert 'id="registrations"' in html


def test_search_in_the_address_works_without_script(world, login):
    response = login(world.club_manager).get(
        _detail(world.tournament), {"q": world.other_licensee.last_name}
    )
    assert list(response.context["candidates"]) == [world.other_licensee]
    assert reverse("tournaments:registration_add", args=[world.tournament.pk]) in (
        response.content.decode()
    )


@pytest.mark.parametrize("rows", [5, 60])
@pytest.mark.parametrize("persona", ["club_manager", "player", "anonymous"])
def test_page_queries_do_not_grow_with_registrations(
    world, client, login, django_assert_max_num_queries, rows, persona
):
    f.RegistrationFactory.create_batch(rows, tournament=world.tournament)
    f.LicenseeFactory.create_batch(rows, last_name="Martin")
    browser = client if persona == "anonymous" else login(world.persona(persona))
    with django_assert_max_num_queries(12):
        response = browser.get(_detail(world.tournament), {"q": "Martin"})
    assert response.status_code == 200


@pytest.mark.parametrize(
    ("status", "said", "not_said"),
    [
        ("submitted", "En homologation : les résultats sont figés", "Homologué :"),
        ("approved", "Homologué : les résultats ne changent plus", "En homologation"),
    ],
)
def test_a_frozen_tournament_says_where_it_is_in_the_chain(world, login, status, said, not_said):
    """Sent for homologation, the results wait for the chain; homologated, they are final
    (but for an accepted correction): the page does not call them « en homologation »."""
    type(world.tournament).objects.filter(pk=world.tournament.pk).update(status=status)
    page = login(world.club_manager).get(_detail(world.tournament)).content.decode()
    assert said in page and not_said not in page
