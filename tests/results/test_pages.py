"""The results pages: who sees the rankings, the topage sheets and the feuilles de route
before and after play is over, what they show on the regulation's example, the live
ranking's htmx refresh, the total ranking of several sessions, and queries that do not
grow with the room."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils.translation import gettext

from apps.results import memo
from apps.results.selectors import session_results
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Session, Tournament
from tests.builders import ETUI_1, enter, enter_all, played
from tests.personas import PERSONAS
from tests.queries import queries_of

pytestmark = pytest.mark.django_db

OVERSEERS = {"federation_staff", "zone_manager", "committee_staff", "club_manager", "referee"}
OTHERS = set(PERSONAS) - OVERSEERS
SESSION_PAGES = ["session", "topage", "pdf", "xlsx"]
HTMX = {"HX-Request": "true", "HX-Target": "ranking"}
PAGE_QUERIES = 8


def _url(name, session, *args):
    return reverse(f"results:{name}", args=[session.pk, *args])


def finish(tournament) -> None:
    Tournament.objects.filter(pk=tournament.pk).update(status=Status.FINISHED)
    tournament.refresh_from_db()


@pytest.fixture
def room(world):
    """The 5-table example with the player persona registered, étui 1 entered."""
    Registration.objects.create(tournament=world.tournament, licensee=world.licensee)
    movement = played(world)
    enter(world, movement, 1, [score for _p, _t, score, _a, _d in ETUI_1])
    return movement.session


def _own(world) -> Registration:
    return Registration.objects.get(tournament=world.tournament, licensee=world.licensee)


def _other(world) -> Registration:
    return world.tournament.registrations.exclude(licensee=world.licensee).first()


# --- who sees what ---------------------------------------------------------------


@pytest.mark.parametrize("name", SESSION_PAGES)
@pytest.mark.parametrize("persona", PERSONAS)
def test_while_play_goes_on_only_overseers_see_the_results(world, login, room, persona, name):
    response = login(world.persona(persona)).get(_url(name, room))
    assert response.status_code == (200 if persona in OVERSEERS else 403)


def test_a_player_opening_live_results_is_told_when_they_will_be_public(world, login, room):
    client = login(world.persona("player"))
    for url in (_url("session", room), reverse("results:tournament", args=[room.tournament_id])):
        response = client.get(url)
        assert response.status_code == 403
        told = "seront publics dès que l&#x27;arbitre aura déclaré le tournoi terminé."
        assert told in response.content.decode()


@pytest.mark.parametrize("name", SESSION_PAGES)
@pytest.mark.parametrize("persona", PERSONAS)
def test_once_play_is_over_everyone_sees_the_results(world, login, room, persona, name):
    finish(world.tournament)
    assert login(world.persona(persona)).get(_url(name, room)).status_code == 200


def test_anonymous_visitors_see_finished_results_and_sign_in_before(world, client, room):
    response = client.get(_url("session", room))
    assert response.status_code == 302 and response.url.startswith(reverse("accounts:login"))
    finish(world.tournament)
    assert client.get(_url("session", room)).status_code == 200
    assert client.get(_url("sheet", room, _own(world).pk)).status_code == 302


@pytest.mark.parametrize("persona", ["player", "outsider", "zone_manager"])
def test_a_hidden_tournament_gives_not_found(world, login, persona):
    other = world.other_tournament.sessions.get()
    assert login(world.persona(persona)).get(_url("session", other)).status_code == 404


@pytest.mark.parametrize("persona", PERSONAS)
def test_feuilles_de_route_while_play_goes_on(world, login, room, persona):
    browser = login(world.persona(persona))
    for registration in (_own(world), _other(world)):
        for name in ("sheet", "sheet_pdf"):
            response = browser.get(_url(name, room, registration.pk))
            awaited = persona == "player" and registration == _own(world)
            assert response.status_code == (200 if persona in OVERSEERS or awaited else 403)
            assert (b'data-test="sheet-awaited"' in response.content) == awaited


def test_a_player_asking_for_their_own_sheet_during_play_is_told_when_it_opens(world, login, room):
    browser = login(world.player)
    for name in ("sheet", "sheet_pdf"):
        response = browser.get(_url(name, room, _own(world).pk))
        html = response.content.decode()
        assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
        told = "sera disponible dès que l'arbitre aura déclaré le tournoi terminé"
        assert told in html and "sheet" not in response.context


@pytest.mark.parametrize("persona", PERSONAS)
def test_feuilles_de_route_once_play_is_over(world, login, room, persona):
    finish(world.tournament)
    browser = login(world.persona(persona))
    own = browser.get(_url("sheet", room, _own(world).pk)).status_code
    other = browser.get(_url("sheet", room, _other(world).pk)).status_code
    assert own == (200 if persona in OVERSEERS | {"player"} else 403)
    assert other == (200 if persona in OVERSEERS else 403)


def test_a_registration_outside_the_session_is_not_found(world, login, room):
    stranger = Registration.objects.create(tournament=world.draft, licensee=world.other_licensee)
    assert login(world.referee).get(_url("sheet", room, stranger.pk)).status_code == 404


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_rooms_feuilles_de_route_are_for_overseers(world, login, room, persona):
    finish(world.tournament)
    response = login(world.persona(persona)).get(_url("room_sheets", room))
    assert response.status_code == (200 if persona in OVERSEERS else 403)


# --- what the pages show ---------------------------------------------------------


def test_the_ranking_shows_the_regulations_etui(world, login, room):
    response = login(world.referee).get(_url("session", room))
    rows = response.context["rows"]
    top = rows[0]
    assert (top.result.rank, top.result.attack, top.result.overall) == (1, 100.0, 100.0)
    html = response.content.decode()
    assert top.person.name in html and top.person.licence in html
    assert "100,00" in html and 'data-test="live"' in html
    assert 'hx-trigger="every 5s"' in html
    assert _url("sheet", room, top.person.registration_id) in html  # overseers open sheets


def test_the_alternate_ranking_takes_the_firsts_of_each_line(world, login, room):
    enter_all(world, room.movement)
    response = login(world.referee).get(_url("session", room), {"classement": "alterne"})
    rows = response.context["rows"]
    assert [row.result.rank_alternate for row in rows[:4]] == [1, 2, 3, 4]
    assert len({row.result.line for row in rows[:4]}) == 4


def test_the_public_ranking_links_no_one_elses_sheet(world, login, room):
    finish(world.tournament)
    response = login(world.player).get(_url("session", room))
    html = response.content.decode()
    assert response.context["own_sheet"] == _own(world).pk
    assert html.count(_url("room_sheets", room)) == 1  # the player's own sheet only
    assert 'data-test="live"' not in html and "hx-trigger" not in html


def test_the_topage_sheet_of_etui_1(world, login, room):
    response = login(world.referee).get(_url("topage", room))
    etui = response.context["etuis"][0]
    lines = [
        (line.note.play.position, line.note.play.table, line.note.play.score) for line in etui.lines
    ]
    assert lines == [(p, t, s) for p, t, s, _a, _d in ETUI_1]
    html = response.content.decode()
    for _p, _t, _s, attack, defence in ETUI_1:
        assert f"{attack:.2f}".replace(".", ",") in html
        assert f"{defence:.2f}".replace(".", ",") in html


def test_a_feuille_de_route_page(world, login, room):
    finish(world.tournament)
    response = login(world.player).get(_url("sheet", room, _own(world).pk))
    sheet = response.context["sheet"]
    assert sheet.person.licence == world.licensee.licence_number
    assert len(sheet.rows) == room.movement.positions * 4  # 4 étuis a position
    html = response.content.decode()
    assert world.licensee.full_name in html and sheet.line_name in html
    assert _url("sheet_pdf", room, _own(world).pk) in html
    # The rank out of the players ranked, and each étui's score as the player's side's.
    rank = sheet.result.rank
    place = "1<sup>er</sup>" if rank == 1 else f"{rank}<sup>e</sup>"
    assert f"{place}</strong> / 20" in html
    first = next(row.line for row in sheet.rows if row.line.score is not None)
    side = first.score if first.role == "taker" else -first.score
    assert first.side_score == side
    assert f'<td class="num">{side}</td>' in html


def test_the_players_own_row_is_marked_in_the_rankings(world, login, room):
    finish(world.tournament)
    browser = login(world.player)
    html = browser.get(_url("session", room)).content.decode()
    assert html.count('class="me" aria-current="true"') == 1
    Session.objects.create(tournament=world.tournament, number=2)
    total = browser.get(reverse("results:tournament", args=[world.tournament.pk]))
    assert total.content.decode().count('class="me" aria-current="true"') == 1
    other = login(world.referee).get(_url("session", room)).content.decode()
    assert 'class="me"' not in other


@pytest.mark.parametrize("name", [*SESSION_PAGES, "room_sheets"])
def test_a_session_without_movement_has_empty_pages(world, login, name):
    response = login(world.referee).get(_url(name, world.tournament.sessions.get()))
    assert response.status_code == 200


def test_the_live_ranking_refreshes_its_block_alone(world, login, room):
    browser = login(world.referee)
    before = browser.get(_url("session", room), headers=HTMX)
    names = {template.name for template in before.templates}
    assert "results/_ranking.html" in names and "results/session.html" not in names
    assert before.context["display"].results.missing == 95  # étui 1 alone is entered
    enter_all(world, room.movement, skip=3)
    after = browser.get(_url("session", room), headers=HTMX)
    assert after.context["display"].results.missing == 3
    assert 'id="ranking"' in after.content.decode()
    finish(world.tournament)
    final = browser.get(_url("session", room), headers=HTMX).content.decode()
    assert "hx-trigger" not in final  # play is over: the polling stops


def test_the_live_ranking_is_rendered_once_per_change_of_its_results(world, login, room):
    """Hundreds of phones poll the live ranking: its table is rendered once per change of
    the results (and per way of reading it), then served as kept, without reading the
    players again; a new score shows at the next read."""
    browser = login(world.referee)

    def read(**params):
        with CaptureQueriesContext(connection) as queries:
            response = browser.get(_url("session", room), params, headers=HTMX)
        names = {template.name for template in response.templates}
        return response, "results/_ranking_table.html" in names, len(queries)

    first, rendered, first_queries = read()
    assert rendered
    again, rendered, again_queries = read()
    assert not rendered and again_queries < first_queries
    assert again.content.decode().split("</p>", 1)[1] == first.content.decode().split("</p>", 1)[1]
    alternate, rendered, _ = read(classement="alterne")
    assert rendered and alternate.context["alternate"]
    enter_all(world, room.movement, skip=3)
    after, rendered, _ = read()
    assert rendered and after.context["display"].results.missing == 3
    assert after.content.decode() != first.content.decode()


def test_while_another_worker_updates_the_ranking_readers_get_the_previous_one(world, login, room):
    """One worker computes the new results; the others serve the previous ranking, say it
    is being updated, and keep polling."""
    browser = login(world.referee)
    before = browser.get(_url("session", room), headers=HTMX).content.decode()
    assert 'data-test="updating"' not in before
    enter_all(world, room.movement, skip=3)
    assert cache.add(memo._lock_key(room.pk), True)  # another worker is computing
    during = browser.get(_url("session", room), headers=HTMX)
    page = during.content.decode()
    assert during.context["updating"] and "Classement en cours de mise à jour…" in page
    assert "hx-trigger" in page
    assert during.context["display"].results.missing != 3
    cache.delete(memo._lock_key(room.pk))  # its results stored
    after = browser.get(_url("session", room), headers=HTMX)
    assert not after.context["updating"] and after.context["display"].results.missing == 3
    assert 'data-test="updating"' not in after.content.decode()


def test_a_poll_of_an_unchanged_ranking_is_answered_not_modified(world, login, room):
    """The browser sends back the ranking's ETag: the same results answer 304 without
    rendering the page; a new score, another reader or the end of play answer it whole."""
    browser = login(world.referee)
    first = browser.get(_url("session", room), headers=HTMX)
    etag = first["ETag"]
    assert first.status_code == 200 and "no-cache" in first["Cache-Control"]
    with CaptureQueriesContext(connection) as queries:
        again = browser.get(_url("session", room), headers={**HTMX, "If-None-Match": etag})
    assert again.status_code == 304 and again["ETag"] == etag and not again.content
    assert len(queries) < PAGE_QUERIES
    whole = browser.get(_url("session", room), headers={"If-None-Match": etag})
    assert whole.status_code == 200 and whole["ETag"] != etag  # the page, not its part
    other = login(world.club_manager).get(
        _url("session", room), headers={**HTMX, "If-None-Match": etag}
    )
    assert other.status_code == 200  # their own page: another reader's version
    enter_all(world, room.movement, skip=3)
    changed = browser.get(_url("session", room), headers={**HTMX, "If-None-Match": etag})
    assert changed.status_code == 200 and changed.context["display"].results.missing == 3
    finish(world.tournament)
    final = browser.get(_url("session", room), headers={**HTMX, "If-None-Match": etag})
    assert final.status_code == 200 and not final.has_header("ETag")


def test_an_etag_opens_nothing_to_those_refused(world, login, room):
    etag = login(world.referee).get(_url("session", room), headers=HTMX)["ETag"]
    refused = login(world.player).get(_url("session", room), headers={"If-None-Match": etag})
    assert refused.status_code == 403


def test_several_sessions_have_a_total_ranking(world, login):
    second = Session.objects.create(tournament=world.tournament, number=2, coefficient=2)
    enter(world, played(world), 1, [56, 62, -56, -52, 50])
    enter(world, played(world, session=second), 1, [50, 50, 50, 50, 62])
    response = login(world.referee).get(reverse("results:tournament", args=[world.tournament.pk]))
    rows = response.context["rows"]
    assert len(rows) == 20 and rows[0].rank == 1
    assert rows[0].total == pytest.approx(rows[0].sessions[0] + 2 * rows[0].sessions[1])
    html = response.content.decode()
    assert _url("session", second) in html and gettext("Total ranking") in html


def test_one_session_sends_to_its_ranking(world, client, room):
    finish(world.tournament)
    response = client.get(reverse("results:tournament", args=[world.tournament.pk]))
    assert response.status_code == 302 and response.url == _url("session", room)


# --- queries ---------------------------------------------------------------------


@pytest.mark.parametrize("persona", ["referee", "club_manager"])
@pytest.mark.parametrize("tables", [5, 7])
@pytest.mark.parametrize("name", ["session", "topage", "sheet", "room_sheets"])
def test_queries_do_not_grow_with_the_room(
    world, login, django_assert_max_num_queries, persona, tables, name
):
    """The page's own queries (sign-in, permissions, players) on top of those of the
    results, the same at 5 tables as at 7."""
    movement = played(world, tables)
    enter_all(world, movement)
    results = queries_of(lambda: session_results(movement.session))
    browser = login(world.persona(persona))
    args = [_other(world).pk] if name == "sheet" else []
    job = name == "room_sheets"  # the job's row, once
    # The awards' rows, once (the room's sheets: for the fingerprint of the results).
    awards = {"session": 3, "sheet": 1, "room_sheets": 1}.get(name, 0)
    with django_assert_max_num_queries(results + PAGE_QUERIES + job + awards):
        response = browser.get(_url(name, movement.session, *args))
    assert response.status_code == 200
    assert len(response.context["tournament"].registrations.all()) == 4 * tables


# --- links to the results --------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_tournament_page_links_the_results_when_they_may_be_seen(world, login, persona):
    browser = login(world.persona(persona))
    url, link = reverse("tournaments:detail", args=[world.tournament.pk]), _results_link(world)
    assert (link in browser.get(url).content.decode()) is (persona in OVERSEERS)
    finish(world.tournament)
    assert link in browser.get(url).content.decode()


def _results_link(world) -> str:
    return f'href="{reverse("results:tournament", args=[world.tournament.pk])}"'


def test_the_referee_room_and_the_movement_page_link_each_sessions_results(world, login, room):
    browser = login(world.referee)
    link = f'href="{_url("session", room)}"'
    room_page = browser.get(reverse("tournaments:referee_room", args=[world.tournament.pk]))
    assert link in room_page.content.decode()
    assert link in browser.get(reverse("movements:page", args=[room.pk])).content.decode()


# --- help and ties -----------------------------------------------------------------


def test_the_help_page_is_open_to_all_and_lists_the_bareme(client, db):
    from apps.penalties.models import CatalogueVersion

    page = client.get(reverse("results:help"))
    assert page.status_code == 200
    html = page.content.decode()
    for anchor in ("soiree", "saisie", "tops", "classements", "ex-aequo", "marques-ajustees"):
        assert f'id="{anchor}"' in html
    catalogue = CatalogueVersion.objects.get(published=True)  # shipped by the migrations
    assert catalogue.name in html
    codes = list(catalogue.faults.values_list("code", flat=True))
    assert len(codes) > 20 and all(f'<td class="mono">{code}</td>' in html for code in codes)


def test_the_help_says_what_the_phones_confirmation_does_not_guarantee(client, db):
    html = client.get(reverse("results:help")).content.decode()
    table_entry = html.split('id="a-la-table"')[1].split("</section>")[0]
    [paragraph] = re.findall(r'<p data-test="two-phones">(.*?)</p>', table_entry)
    assert "cookies" in paragraph and "devient un autre téléphone" in paragraph
    assert "que deux personnes" in paragraph and "vérifié" in paragraph


def test_every_page_links_to_the_help_at_its_own_section(world, login, room):
    browser = login(world.referee)
    help_url = reverse("results:help")
    home = browser.get(reverse("tournaments:referee_home")).content.decode()
    assert f'href="{help_url}" data-test="help"' in home
    for page, section in (
        (_url("session", room), "classements"),
        (reverse("scoring:traveller", args=[room.pk, 1]), "saisie"),
        (reverse("penalties:incidents", args=[room.pk]), "bareme"),
    ):
        html = browser.get(page).content.decode()
        assert f'href="{help_url}#{section}" data-test="help"' in html, page


def test_the_rankings_label_shared_ranks_and_link_to_their_rule(world, login, room):
    """Étui 1 alone entered: players with the same notes share their ranks."""
    response = login(world.referee).get(_url("session", room))
    rows = response.context["rows"]
    ranks = [row.result.rank for row in rows]
    shared = [row for row in rows if row.result.rank and ranks.count(row.result.rank) > 1]
    assert shared and all(row.tie == "ex æquo" for row in shared)
    assert all(not row.tie for row in rows if row not in shared)
    html = response.content.decode()
    assert html.count(f'href="{reverse("results:help")}#ex-aequo">ex æquo</a>') == len(shared)


def test_the_help_page_links_the_projects_documents(client):
    page = client.get(reverse("results:help")).content.decode()
    for name in ("architecture", "interpretations", "tournament-file"):
        assert reverse("results:document", args=[name]) in page


@pytest.mark.parametrize(
    ("name", "heading", "shown"),
    [
        ("architecture", ">Architecture</h1>", "apps/results/domain/topage.py"),
        ("interpretations", ">Interpretations</h1>", "Only what was played is ranked"),
    ],
)
def test_a_document_is_rendered_from_docs(client, name, heading, shown):
    response = client.get(reverse("results:document", args=[name]))
    page = response.content.decode()
    assert response.status_code == 200
    assert heading in page and shown in page
    assert "<table>" in page or name == "interpretations"


def test_links_between_documents_lead_to_their_pages(client):
    page = client.get(reverse("results:document", args=["architecture"])).content.decode()
    assert f'href="{reverse("results:document", args=["interpretations"])}"' in page
    assert 'href="interpretations.md' not in page
    page = client.get(reverse("results:document", args=["tournament-file"])).content.decode()
    assert f'href="{reverse("api:tournament-file-schema")}"' in page
    page = client.get(reverse("results:document", args=["interpretations"])).content.decode()
    assert 'href="#shorter-readings"' in page and 'id="shorter-readings"' in page


def test_only_the_projects_documents_are_served(client):
    for name in ("readme", "settings", "etc-passwd"):
        assert client.get(reverse("results:document", args=[name])).status_code == 404
