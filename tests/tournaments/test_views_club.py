"""Club area: the managed clubs' tournaments and the tournament creation form."""

import datetime
import uuid

import pytest
from django.urls import reverse
from django.utils.translation import gettext

from apps.core.models import AuditLog
from apps.tournaments import services
from apps.tournaments.models import Tournament
from tests import factories as f
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

CLUB_AREA = {"federation_staff", "club_manager"}
CLUB_PAGES = ["tournaments:club_home", "tournaments:create"]


@pytest.mark.parametrize("page", CLUB_PAGES)
@pytest.mark.parametrize("persona", PERSONAS)
def test_club_pages_are_for_club_managers_and_federation(world, login, persona, page):
    response = login(world.persona(persona)).get(reverse(page))
    assert response.status_code == (200 if persona in CLUB_AREA else 403)


@pytest.mark.parametrize("page", CLUB_PAGES)
def test_club_pages_send_anonymous_users_to_login(client, page):
    response = client.get(reverse(page))
    assert response.status_code == 302
    assert response.url.startswith(reverse("accounts:login"))


def test_club_home_lists_the_managed_clubs_tournaments_with_counts(world, login):
    f.RegistrationFactory.create_batch(3, tournament=world.tournament)
    response = login(world.club_manager).get(reverse("tournaments:club_home"))
    listed = {t.pk: t.registered for t in response.context["page"].object_list}
    assert listed == {world.tournament.pk: 3, world.draft.pk: 0}
    html = response.content.decode()
    assert world.other_tournament.name not in html
    assert reverse("federation:import_new") in html
    assert reverse("federation:club_licensees") in html


@pytest.mark.parametrize("rows", [5, 60])
def test_club_home_queries_do_not_grow_with_tournaments(
    world, login, django_assert_max_num_queries, rows
):
    for tournament in f.TournamentFactory.create_batch(rows, club=world.club):
        f.RegistrationFactory(tournament=tournament)
    client = login(world.club_manager)
    with django_assert_max_num_queries(8):
        response = client.get(reverse("tournaments:club_home"))
    assert len(response.context["page"].object_list) == min(rows + 2, 25)


def _form(club, **overrides):
    data = {
        "club": club.pk,
        "name": "Tournoi de printemps",
        "date": (datetime.date.today() + datetime.timedelta(days=30)).isoformat(),
        "venue": "Salle Voltaire",
        "kind": Tournament.Kind.INDIVIDUAL,
        "index": "1.2",
        "sessions": "3",
    }
    return {**data, **overrides}


DUPLICATE_ONLY = ("id_kind", "id_index", "id_sessions", "id_etuis_per_table")


def test_the_create_form_asks_duplicate_tarot_its_formule_index_and_sessions(world, login):
    html = login(world.club_manager).get(reverse("tournaments:create")).content.decode()
    assert all(f'id="{field}"' in html for field in DUPLICATE_ONLY)
    assert '<input type="hidden" name="game" value="duplicate_tarot"' in html
    assert 'href="?jeu=belote"' in html and 'aria-current="page">Tarot duplicate' in html


@pytest.mark.parametrize("game", ["belote", "pinochle", "free_tarot"])
def test_another_games_create_form_asks_nothing_of_duplicate_tarot(world, login, game):
    browser = login(world.club_manager)
    html = browser.get(reverse("tournaments:create"), {"jeu": game}).content.decode()
    assert not any(f'id="{field}"' in html for field in DUPLICATE_ONLY)
    assert "Indice" not in html and "Formule" not in html and "étuis" not in html
    data = {k: v for k, v in _form(world.club).items() if f"id_{k}" not in DUPLICATE_ONLY}
    response = browser.post(reverse("tournaments:create"), {**data, "game": game})
    tournament = Tournament.objects.get(name="Tournoi de printemps")
    assert response.status_code == 302 and tournament.game == game
    assert tournament.sessions.count() == 1
    edit = browser.get(reverse("tournaments:edit", args=[tournament.pk])).content.decode()
    assert not any(f'id="{field}"' in edit for field in DUPLICATE_ONLY)
    assert 'id="id_game"' in edit  # the game changes until play starts


def test_an_unknown_game_asked_for_is_duplicate_tarot(world, login):
    html = login(world.club_manager).get(reverse("tournaments:create"), {"jeu": "poker"})
    assert '<input type="hidden" name="game" value="duplicate_tarot"' in html.content.decode()


def test_create_form_offers_only_the_managed_clubs(world, login):
    response = login(world.club_manager).get(reverse("tournaments:create"))
    choices = list(response.context["form"].fields["club"].queryset)
    assert choices == [world.club]


def test_the_create_form_key_is_a_hidden_input_with_no_label(world, login):
    response = login(world.club_manager).get(reverse("tournaments:create"))
    html = response.content.decode()
    key = response.context["form"]["request_key"]
    assert f'<input type="hidden" name="request_key" value="{key.value()}"' in html
    assert 'for="id_request_key"' not in html
    assert "Request key" not in html
    assert '<div class="field"><input type="hidden"' not in html


def test_create_tournament_with_its_sessions(world, login):
    response = login(world.club_manager).post(reverse("tournaments:create"), _form(world.club))
    tournament = Tournament.objects.get(name="Tournoi de printemps")
    assert response.status_code == 302
    assert response.url == reverse("tournaments:detail", args=[tournament.pk])
    assert tournament.club == world.club
    assert tournament.sessions.count() == 3
    assert AuditLog.objects.filter(action="create", object_id=str(tournament.pk)).exists()


def test_the_create_form_sent_twice_creates_one_tournament(world, login):
    browser = login(world.club_manager)
    key = browser.get(reverse("tournaments:create")).context["form"]["request_key"].value()
    data = _form(world.club, request_key=str(key))
    first = browser.post(reverse("tournaments:create"), data)
    second = browser.post(reverse("tournaments:create"), data, follow=True)
    tournament = Tournament.objects.get(name="Tournoi de printemps")
    assert first.url == reverse("tournaments:detail", args=[tournament.pk])
    assert second.redirect_chain[-1][0] == first.url
    assert [str(m) for m in second.context["messages"]][-1] == gettext(
        "This tournament was already created by the same form."
    )
    assert tournament.sessions.count() == 3
    assert AuditLog.objects.filter(action="create", object_id=str(tournament.pk)).count() == 1


def test_each_opening_of_the_create_form_has_its_own_key(world, login):
    browser = login(world.club_manager)
    keys = {
        browser.get(reverse("tournaments:create")).context["form"]["request_key"].value()
        for _ in range(2)
    }
    assert len(keys) == 2
    for key in keys:
        browser.post(reverse("tournaments:create"), _form(world.club, request_key=str(key)))
    assert Tournament.objects.filter(name="Tournoi de printemps").count() == 2


def test_the_same_key_sent_concurrently_creates_one_tournament(world):
    """The race the page check cannot see: the unique key answers it in the service."""
    key = uuid.uuid4()
    values = {
        "club": world.club,
        "name": "Tournoi de printemps",
        "date": datetime.date.today(),
        "request_key": key,
    }
    first = services.tournament_create(actor=world.club_manager, **values)
    again = services.tournament_create(actor=world.club_manager, **values)
    assert again == first and Tournament.objects.filter(request_key=key).count() == 1


def test_create_refuses_a_club_the_user_does_not_manage(world, login):
    response = login(world.club_manager).post(
        reverse("tournaments:create"), _form(world.other_club)
    )
    assert response.status_code == 200
    assert "club" in response.context["form"].errors
    assert not Tournament.objects.filter(name="Tournoi de printemps").exists()


@pytest.mark.parametrize(
    "field, value",
    [("name", ""), ("date", "31/02/2026"), ("index", "5"), ("sessions", "0"), ("kind", "poker")],
)
def test_create_with_bad_input_keeps_the_form_and_creates_nothing(world, login, field, value):
    before = Tournament.objects.count()
    response = login(world.club_manager).post(
        reverse("tournaments:create"), _form(world.club, **{field: value})
    )
    assert response.status_code == 200
    assert field in response.context["form"].errors
    assert "Salle Voltaire" in response.content.decode()  # nothing typed is lost
    assert Tournament.objects.count() == before


def test_the_create_form_takes_the_etuis_per_table(world, login):
    login(world.club_manager).post(
        reverse("tournaments:create"), _form(world.club, etuis_per_table="2")
    )
    assert Tournament.objects.get(name="Tournoi de printemps").etuis_per_table == 2
