"""« Où je joue » on the player's home during play: the position in play and the next
one, with the table, the orientation and the étuis, as the movement seats them."""

import pytest
from django.urls import reverse

from apps.federation.models import Season
from apps.movements.models import Place
from apps.movements.selectors import etuis_text
from apps.scoring.services import play_score_set
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Tournament
from tests.builders import advance_to, generate

pytestmark = pytest.mark.django_db


def _panel(response):
    found = [p for p in response.context["panels"] if p["template"].endswith("_where_i_play.html")]
    return found[0] if found else None


def _own_place(world, position):
    return Place.objects.select_related("table").get(
        registration__licensee=world.licensee, table__position=position
    )


def test_the_player_sees_where_they_play_now_and_next(world, login):
    Registration.objects.create(tournament=world.tournament, licensee=world.licensee)
    movement = generate(world, 19)  # the player and 19 others: 5 tables
    browser = login(world.player)
    home = reverse("tournaments:player_home")
    assert _panel(browser.get(home)) is None  # play has not started

    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    movement = advance_to(world, movement, 1)
    response = browser.get(home)
    spots = _panel(response)["spots"]
    assert [(s.now, s.place.table.position) for s in spots] == [(True, 1), (False, 2)]
    now = _own_place(world, 1)
    assert spots[0].place == now and spots[0].table == str(now.table.table)
    html = response.content.decode()
    expected = f"Table {now.table.table}</strong> · {now.get_seat_display()}"
    assert expected in html and f"étuis {spots[0].etuis}" in html

    advance_to(world, movement, movement.positions)
    spots = _panel(browser.get(home))["spots"]
    assert [(s.now, s.place.table.position) for s in spots] == [(True, movement.positions)]

    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.FINISHED)
    assert _panel(browser.get(home)) is None  # play is over


def test_the_etuis_read_as_the_regulation_prints_them():
    assert (etuis_text([1, 2, 3, 4]), etuis_text([6, 7, 8, 5]), etuis_text([9])) == (
        "1-4",
        "6, 7, 8, 5",
        "9",
    )


def test_the_player_reads_their_own_scores_during_play(world, login):
    Registration.objects.create(tournament=world.tournament, licensee=world.licensee)
    movement = generate(world, 19)
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    movement = advance_to(world, movement, 2)
    place = _own_place(world, 1)
    etui = place.table.etuis[0]
    play_score_set(actor=world.referee, table=place.table, etui=etui, score=-56)
    url = reverse("scoring:my_scores", args=[movement.session.pk])
    browser = login(world.player)
    home = browser.get(reverse("tournaments:player_home")).content.decode()
    assert url in home
    response = browser.get(url)
    lines = response.context["lines"]
    assert [(own.line.table.position, own.line.etui) for own in lines][:1] == [(1, etui)]
    assert len(lines) == 2 * len(place.table.etuis)  # positions 1 and 2, nothing later
    first = lines[0]
    assert first.side_score == (-56 if first.taker else 56)
    assert login(world.outsider).get(url).status_code == 404  # not a player of it


@pytest.mark.parametrize("players", [19, 27])
def test_the_players_pages_cost_the_same_queries_in_any_room(
    world, login, django_assert_max_num_queries, players
):
    """« Où je joue » and « Mes scores » are each player's refresh during play: their
    queries do not grow with the room (5 or 7 tables), and the session is read from the
    cache."""
    Registration.objects.create(tournament=world.tournament, licensee=world.licensee)
    movement = generate(world, players)
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    movement = advance_to(world, movement, 2)
    table = _own_place(world, 1).table
    for etui in table.etuis:
        play_score_set(actor=world.referee, table=table, etui=etui, score=56)
    browser = login(world.player)
    pages = [
        reverse("tournaments:player_home"),
        reverse("scoring:my_scores", args=[movement.session.pk]),
    ]
    Season.objects.create(start_year=2026, is_current=True)  # its panels read too
    # « Où je joue »: the user, roles, licensee, registrations, places; the ranking's panel
    # (the current season, the licensee, the player's lines, the latest publication);
    # « Mes tournois » (the current season, the season's tournaments that count); « Mes
    # parties » (whether the player entered another game running).
    # « Mes scores »: its version first
    for page, queries in zip(pages, (13, 8), strict=True):
        with django_assert_max_num_queries(queries):
            assert browser.get(page).status_code == 200


HTMX = {"HX-Request": "true", "HX-Target": "where-i-play"}


def test_where_i_play_asks_for_itself_and_follows_the_position(world, login, settings):
    """The panel polls every PLAYER_POLL_SECONDS: « not modified » while the player's places
    are unchanged, the panel again when the referee calls the next position, and the whole
    home once play is over."""
    Registration.objects.create(tournament=world.tournament, licensee=world.licensee)
    movement = generate(world, 19)
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    movement = advance_to(world, movement, 1)
    browser = login(world.player)
    url = reverse("movements:where_i_play")
    home = browser.get(reverse("tournaments:player_home")).content.decode()
    assert f'hx-get="{url}" hx-trigger="every {settings.PLAYER_POLL_SECONDS}s"' in home

    part = browser.get(url, headers=HTMX)
    html = part.content.decode()
    assert part.status_code == 200 and "<html" not in html and 'id="where-i-play"' in html
    assert f"Table {_own_place(world, 1).table.table}</strong>" in html
    etag = part.headers["ETag"]
    assert browser.get(url, headers={**HTMX, "If-None-Match": etag}).status_code == 304

    advance_to(world, movement, 2)
    moved = browser.get(url, headers={**HTMX, "If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag
    assert f"Table {_own_place(world, 2).table.table}</strong>" in moved.content.decode()
    assert [s.now for s in moved.context["panel"]["spots"]] == [True, False]

    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.FINISHED)
    over = browser.get(url, headers={**HTMX, "If-None-Match": moved.headers["ETag"]})
    assert over.status_code == 200 and over.headers["HX-Refresh"] == "true"


def test_where_i_play_opened_by_hand_is_the_home(world, login):
    response = login(world.player).get(reverse("movements:where_i_play"))
    assert response.status_code == 302
    assert response.headers["Location"] == reverse("tournaments:player_home")


def test_where_i_play_is_the_players_own(world, login, client):
    url = reverse("movements:where_i_play")
    assert client.get(url, headers=HTMX).status_code == 302  # signed out: the sign-in page
    for persona in (world.referee, world.club_manager, world.outsider):  # no licensee of theirs
        refused = login(persona).get(url, headers=HTMX)
        assert refused.status_code == 403
        assert "Votre compte n’est lié à aucun licencié." in refused.content.decode()  # noqa: RUF001


@pytest.mark.parametrize("players", [19, 27])
def test_a_poll_of_where_i_play_costs_the_same_queries_in_any_room(
    world, login, django_assert_max_num_queries, players
):
    Registration.objects.create(tournament=world.tournament, licensee=world.licensee)
    movement = generate(world, players)
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    advance_to(world, movement, 1)
    browser = login(world.player)
    url = reverse("movements:where_i_play")
    etag = browser.get(url, headers=HTMX).headers["ETag"]
    with django_assert_max_num_queries(3):  # the signed-in user, their roles, their places
        assert browser.get(url, headers={**HTMX, "If-None-Match": etag}).status_code == 304
