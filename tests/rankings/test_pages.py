"""The national ranking's pages: the published list (public, filtered, paginated, as
CSV and Excel), the live ranking (federation area and club managers), a club's and a
committee's own players, what a publication changed, a player's seasons with « votre PCN a
changé », and the federation's page (compute with its progress, publish, séries). Every
action is granted and refused per persona; the pages' queries do not grow with players."""

import csv
import datetime
import io

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from apps.federation.models import Licensee, Season
from apps.rankings import services
from apps.rankings.models import Publication, RankingRun, SeriesProposal, SeriesRule
from tests import factories as f
from tests.personas import PERSONAS
from tests.queries import queries_of
from tests.rankings.awarded import approval_record, approved_with_awards


@pytest.fixture
def season(db):
    return Season.objects.create(start_year=2026, is_current=True)


def _publish(world, season, awards: dict, date=datetime.date(2026, 10, 3)) -> Publication:
    """``awards`` {licensee: pcn} approved in one tournament, then the list published."""
    tournament = approved_with_awards(
        world, {who: (pcn, pcn // 10) for who, pcn in awards.items()}, date=date
    )
    approval_record(world, tournament)
    return services.ranking_publish(actor=world.federation_staff, season=season)


def _field(world, count: int) -> dict:
    """``count`` players beside the world's two, half of them in the other club."""
    players = {world.licensee: 700, world.other_licensee: 650}
    for i in range(count):
        club = world.club if i % 2 else world.other_club
        players[f.LicenseeFactory(club=club, last_name=f"Membre{i:03d}")] = 600 - i
    return players


def _url(name, *args):
    return reverse(f"rankings:{name}", args=args)


# --- the published list ----------------------------------------------------------------


def test_the_published_list_is_public_and_marks_the_player(world, season, client, login):
    _publish(world, season, _field(world, 3))
    page = client.get(_url("published", 2026))
    assert page.status_code == 200
    html = page.content.decode()
    assert world.licensee.licence_number in html and "MEMBRE000" in html
    assert 'class="me"' not in html
    html = login(world.player).get(_url("published", 2026)).content.decode()
    assert html.count('class="me"') == 1
    assert client.get(_url("index")).url == _url("published", 2026)


def test_nothing_published_says_so(world, season, client):
    page = client.get(_url("published", 2026))
    assert "encore été publié pour cette saison." in page.content.decode()
    assert client.get(_url("published", 1990)).status_code == 404


@pytest.mark.parametrize(
    "query, expected",
    [
        ({"q": "membre001"}, ["Membre001"]),
        ({"q": "MEMBRE00"}, ["Membre000", "Membre001", "Membre002"]),
        ({"series": "1"}, []),
        ({"club": "other"}, ["other", "Membre000", "Membre002"]),
        ({"committee": "mine"}, ["player", "Membre001"]),
        ({"zone": "mine"}, ["player", "Membre001"]),
        ({"club": "nonsense"}, ["player", "other", "Membre000", "Membre001", "Membre002"]),
    ],
)
def test_the_list_filters_by_name_licence_club_committee_zone_serie(
    world, season, client, query, expected
):
    _publish(world, season, _field(world, 3))
    names = {"player": world.licensee.last_name, "other": world.other_licensee.last_name}
    ids = {
        "club": {"other": world.other_club.pk},
        "committee": {"mine": world.club.committee_id},
        "zone": {"mine": world.club.committee.zone_id},
    }
    params = {k: ids.get(k, {}).get(v, v) for k, v in query.items()}
    page = client.get(_url("published", 2026), params)
    rows = [row.licensee.last_name for row in page.context["page"].object_list]
    assert rows == [names.get(name, name) for name in expected]


def test_the_list_finds_a_licence_number(world, season, client):
    _publish(world, season, _field(world, 3))
    page = client.get(_url("published", 2026), {"q": world.other_licensee.licence_number})
    assert [r.licensee for r in page.context["page"].object_list] == [world.other_licensee]


def test_the_list_is_paginated(world, season, client):
    _publish(world, season, _field(world, 28))  # 30 players, 25 a page
    first = client.get(_url("published", 2026)).context["page"]
    second = client.get(_url("published", 2026), {"page": 2}).context["page"]
    assert (len(first.object_list), len(second.object_list)) == (25, 5)
    assert second.object_list[0].rank == 26


def test_the_list_downloads_as_csv_and_excel_with_its_filters(world, season, client):
    world.other_licensee.last_name = "=HYPERLINK(1)"
    world.other_licensee.save()
    _publish(world, season, _field(world, 3))
    answer = client.get(_url("published", 2026), {"format": "csv", "club": world.other_club.pk})
    assert answer["Content-Type"] == "text/csv; charset=utf-8"
    assert 'filename="classement-2026.csv"' in answer["Content-Disposition"]
    lines = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig")), delimiter=";"))
    assert lines[0][:3] == ["Rang", "Licence", "Nom"]
    assert [line[2] for line in lines[1:]] == ["'=HYPERLINK(1)", "Membre000", "Membre002"]
    assert lines[1][8:11] == ["650", "65", "1"]
    answer = client.get(_url("published", 2026), {"format": "xlsx", "q": "membre"})
    sheet = load_workbook(io.BytesIO(answer.content)).active
    values = list(sheet.values)
    assert values[0][0] == "Rang" and len(values) == 4
    assert values[1][:3] == (3, values[1][1], "Membre000")


def test_an_older_publication_stays_readable(world, season, client):
    first = _publish(world, season, {world.licensee: 500})
    _publish(world, season, {world.other_licensee: 900}, date=datetime.date(2027, 1, 9))
    latest = client.get(_url("published", 2026)).context["page"].object_list
    older = client.get(_url("published", 2026), {"publication": first.pk}).context["page"]
    assert [r.licensee for r in latest] == [world.other_licensee, world.licensee]
    assert [r.licensee for r in older.object_list] == [world.licensee]
    assert client.get(_url("published", 2026), {"publication": 999999}).status_code == 404


# --- live ranking, club and committee pages ----------------------------------------------

LIVE_VIEWERS = {"federation_staff", "zone_manager", "committee_staff", "club_manager"}


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_live_ranking_is_for_the_federation_area_and_club_managers(
    world, season, login, persona
):
    _publish(world, season, {world.licensee: 500})
    page = login(world.persona(persona)).get(_url("live", 2026))
    assert page.status_code == (200 if persona in LIVE_VIEWERS else 403)


def test_the_live_ranking_asks_a_visitor_to_sign_in(season, client):
    assert client.get(_url("live", 2026)).url.startswith(reverse("accounts:login"))


def test_a_club_page_ranks_its_own_players(world, season, client, login):
    _publish(world, season, _field(world, 4))
    page = client.get(_url("club", 2026, world.other_club.pk))
    rows = page.context["page"].object_list
    assert [(r.licensee.club_id, r.club_rank) for r in rows] == [
        (world.other_club.pk, 1),
        (world.other_club.pk, 2),
        (world.other_club.pk, 3),
    ]
    assert [r.rank for r in rows] == [2, 3, 5]
    assert "Rang dans le club" in page.content.decode()
    live = login(world.club_manager).get(_url("club", 2026, world.club.pk), {"direct": "1"})
    assert live.context["live"] and [r.club_rank for r in live.context["page"].object_list] == [
        1,
        2,
        3,
    ]
    # Asking for the live list without the right shows the published one.
    assert not Client().get(_url("club", 2026, world.club.pk), {"direct": "1"}).context["live"]


def test_a_committee_page_ranks_its_own_players(world, season, client):
    _publish(world, season, _field(world, 4))
    page = client.get(_url("committee", 2026, world.club.committee_id))
    rows = page.context["page"].object_list
    assert [r.committee_rank for r in rows] == [1, 2, 3]
    assert {r.committee_id for r in rows} == {world.club.committee_id}
    assert "Rang dans le comité" in page.content.decode()


def test_what_a_publication_changed(world, season, client):
    _publish(world, season, {world.licensee: 500})
    later = approved_with_awards(
        world,
        {world.licensee: (90, 0), world.other_licensee: (40, 0)},
        date=datetime.date(2027, 1, 9),
    )
    approval_record(world, later)
    again = services.ranking_publish(actor=world.federation_staff, season=season)
    html = client.get(_url("changes", again.pk)).content.decode()
    assert "1 ajouté(s), 1 modifié(s), 0 inchangé(s) depuis la liste précédente." in html
    assert "500 → 590" in html and later.name in html


# --- the player's page and home --------------------------------------------------------


def test_a_players_page_shows_totals_awards_chart_and_their_own_news(world, season, client, login):
    old = Season.objects.create(start_year=2025)
    _publish(
        world,
        old,
        {world.licensee: 300, world.other_licensee: 400},
        date=datetime.date(2025, 11, 2),
    )
    first = _publish(world, season, {world.licensee: 500, world.other_licensee: 600})
    later = approved_with_awards(world, {world.licensee: (200, 20)}, date=datetime.date(2027, 2, 1))
    approval_record(world, later)
    services.ranking_publish(actor=world.federation_staff, season=season)
    url = _url("player", world.licensee.licence_number)
    html = client.get(url).content.decode()
    assert 'data-test="pcn">700<' in html
    assert later.name in html and first.run.rows.exists()
    assert html.count("<circle") == 4  # two seasons: PCN and rank points
    assert "2025-2026" in html and "2026-2027" in html
    assert 'data-test="pcn-changed"' not in html  # news is the player's own
    mine = login(world.player).get(url).content.decode()
    assert "Votre PCN a changé" in mine and "500 → 700 PCN" in mine and later.name in mine
    home = login(world.player).get(reverse("tournaments:player_home")).content.decode()
    assert 'data-test="my-rank"' in home and "1<sup>er</sup></strong> / 2" in home
    assert "Votre PCN a changé" in home
    assert client.get(_url("player", "0000000")).status_code == 404


def test_a_players_page_without_a_ranking_says_so(world, season, client):
    html = client.get(_url("player", world.licensee.licence_number)).content.decode()
    assert "Pas encore classé cette saison." in html and "Aucune saison classée" in html


# --- the federation's page -------------------------------------------------------------


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_federation_staff_open_the_federation_page(world, season, login, persona):
    user = world.persona(persona)
    allowed = persona == "federation_staff"
    client = login(user)
    assert client.get(_url("staff", 2026)).status_code == (200 if allowed else 403)
    assert client.post(_url("compute", 2026)).status_code == (302 if allowed else 403)
    assert client.get(_url("publish", 2026)).status_code == (200 if allowed else 403)
    assert client.post(_url("propose", 2026)).status_code == (302 if allowed else 403)
    assert RankingRun.objects.exists() == allowed
    assert not Publication.objects.exists()


def test_the_federation_page_asks_a_visitor_to_sign_in(season, client):
    assert client.get(_url("staff", 2026)).url.startswith(reverse("accounts:login"))


def test_compute_and_follow_the_progress(world, season, login, django_capture_on_commit_callbacks):
    approval_record(world, approved_with_awards(world, {world.licensee: (500, 0)}))
    client = login(world.federation_staff)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(_url("compute", 2026))
    run = RankingRun.objects.get(live=False)
    assert (run.state, run.progress, run.players) == ("done", 100, 1)
    fragment = client.get(_url("run", run.pk)).content.decode()
    assert 'value="100"' in fragment and "hx-get" not in fragment
    RankingRun.objects.filter(pk=run.pk).update(state="running", progress=60)
    fragment = client.get(_url("run", run.pk)).content.decode()
    assert 'value="60"' in fragment and 'hx-trigger="every 1s"' in fragment
    page = client.get(_url("staff", 2026)).content.decode()
    assert 'data-test="run"' in page


def test_publish_through_the_page_after_a_confirmation(world, season, login):
    approval_record(world, approved_with_awards(world, {world.licensee: (500, 0)}))
    client = login(world.federation_staff)
    assert "Publier" in client.get(_url("publish", 2026)).content.decode()
    assert not Publication.objects.exists()
    answer = client.post(_url("publish", 2026), follow=True)
    assert "Classement publié : 1 ajoutés, 0 modifiés, 0 inchangés." in answer.content.decode()
    assert Publication.objects.get().run.players == 1


def _rules_post(rows):
    data = {
        "rules-TOTAL_FORMS": str(len(rows)),
        "rules-INITIAL_FORMS": "0",
        "rules-MIN_NUM_FORMS": "0",
        "rules-MAX_NUM_FORMS": "30",
    }
    for i, row in enumerate(rows):
        data.update({f"rules-{i}-{k}": v for k, v in row.items()})
    return data


def test_the_series_rules_are_edited_on_the_page(world, season, login):
    client = login(world.federation_staff)
    rows = [
        {"series": "2", "purpose": "enter", "measure": "pcn", "threshold": "1000"},
        {"series": "2", "purpose": "keep", "measure": "pcn", "threshold": "100"},
        {},  # a blank row adds nothing
    ]
    assert client.post(_url("rules", 2026), _rules_post(rows)).status_code == 302
    assert list(SeriesRule.objects.values_list("purpose", "threshold")) == [
        ("enter", 1000),
        ("keep", 100),
    ]
    bad = client.post(_url("rules", 2026), _rules_post([{**rows[0], "threshold": "0"}]))
    assert bad.status_code == 400
    assert "supérieure ou égale à 1" in bad.content.decode()
    assert SeriesRule.objects.count() == 2  # nothing lost
    page = client.get(_url("staff", 2026)).content.decode()
    assert 'value="1000"' in page and 'value="100"' in page
    refused = login(world.zone_manager).post(_url("rules", 2026), _rules_post(rows[:1]))
    assert refused.status_code == 403


def test_contradictory_series_rules_are_refused_on_the_page_naming_the_problem(
    world, season, login
):
    client = login(world.federation_staff)
    rows = [
        {"series": "1", "purpose": "enter", "measure": "pcn", "threshold": "500"},
        {"series": "2", "purpose": "enter", "measure": "pcn", "threshold": "800"},
    ]
    answer = client.post(_url("rules", 2026), _rules_post(rows))
    assert answer.status_code == 400
    html = answer.content.decode()
    assert "Entrer en 1ère série (PCN ≥ 500) est plus facile qu&#x27;entrer en 2ème série" in html
    assert not SeriesRule.objects.exists()


def test_a_proposal_is_reviewed_and_applied_on_the_pages(world, season, login):
    client = login(world.federation_staff)
    answer = client.post(_url("propose", 2026), follow=True)
    assert "Publiez le classement avant de proposer" in answer.content.decode()
    client.post(
        _url("rules", 2026),
        _rules_post([{"series": "2", "purpose": "enter", "measure": "pcn", "threshold": "400"}]),
    )
    _publish(world, season, {world.licensee: 500, world.other_licensee: 450})
    answer = client.post(_url("propose", 2026))
    proposal = SeriesProposal.objects.get()
    assert answer.url == _url("proposal", proposal.pk)
    html = client.get(answer.url).content.decode()
    assert "2 changements retenus sur 2" in html and "PCN ≥ 400 (PCN 500)" in html
    change = proposal.changes.get(licensee=world.other_licensee)
    client.post(answer.url, {"change": change.pk, "kept": "0"})
    change.refresh_from_db()
    assert not change.kept
    assert login(world.zone_manager).get(_url("apply", proposal.pk)).status_code == 403
    client = login(world.federation_staff)
    assert "Appliquer" in client.get(_url("apply", proposal.pk)).content.decode()
    client.post(_url("apply", proposal.pk))
    world.licensee.refresh_from_db()
    world.other_licensee.refresh_from_db()
    assert (world.licensee.series, world.other_licensee.series) == ("2", "P")
    again = client.post(_url("apply", proposal.pk), follow=True)
    assert "déjà appliquée" in again.content.decode()


# --- the cost of the pages -------------------------------------------------------------


@pytest.mark.parametrize(
    "page",
    ["published", "club", "committee", "changes", "player", "staff", "live", "csv", "home"],
)
def test_the_pages_queries_do_not_grow_with_the_players(world, season, login, page):
    client = login(world.federation_staff)

    def url(publication):
        return {
            "published": _url("published", 2026),
            "club": _url("club", 2026, world.club.pk),
            "committee": _url("committee", 2026, world.club.committee_id),
            "changes": _url("changes", publication.pk),
            "player": _url("player", world.licensee.licence_number),
            "staff": _url("staff", 2026),
            "live": _url("live", 2026),
            "csv": _url("published", 2026) + "?format=csv",
            "home": reverse("federation:home"),
        }[page]

    counts = []
    for size in (6, 30):
        publication = _publish(world, season, _field(world, size))
        address = url(publication)
        counts.append(queries_of(lambda address=address, client=client: client.get(address)))
    assert counts[0] == counts[1]


@pytest.mark.parametrize(
    "address",
    [
        "/classement/99999999999999999999/",
        "/classement/2026/club/99999999999999999999/",
        "/classement/2026/comite/0/",
        "/classement/joueur/" + "9" * 300 + "/",
        "/classement/publications/99999999999999999999/",
        "/api/ranking-players/99999999/",
    ],
)
def test_odd_addresses_answer_not_found(season, client, address):
    assert client.get(address).status_code == 404


def test_odd_parameters_change_nothing(world, season, client, login):
    _publish(world, season, {world.licensee: 500})
    for query in ({"page": "x"}, {"publication": "abc"}, {"q": "x" * 500}, {"format": "pdf"}):
        answer = client.get(_url("published", 2026), query)
        assert answer.status_code == 200 and len(answer.context["page"].object_list) == 1
    staff = login(world.federation_staff)
    for season_asked in ("9" * 30, "²", "20x6"):
        assert staff.get(_url("staff_index"), {"saison": season_asked}).status_code == 404
    for publication_asked in ("²", "9" * 30):
        answer = client.get(_url("published", 2026), {"publication": publication_asked})
        assert answer.status_code == 200 and len(answer.context["page"].object_list) == 1
    assert staff.get(f"/api/ranking-publications/?season={'9' * 30}").status_code == 400


def test_a_club_page_keeps_the_club_rank_when_searching(world, season, client):
    _publish(world, season, _field(world, 6))
    page = client.get(_url("club", 2026, world.club.pk), {"q": "membre005"})
    rows = page.context["page"].object_list
    assert [(r.licensee.last_name, r.club_rank) for r in rows] == [("Membre005", 4)]


def test_a_published_list_keeps_the_club_a_player_played_for(world, season, client):
    _publish(world, season, _field(world, 2))
    world.licensee.club = world.other_club  # a transfer after publication
    world.licensee.save()
    page = client.get(_url("club", 2026, world.club.pk))
    assert world.licensee in [r.licensee for r in page.context["page"].object_list]
    assert world.licensee not in [
        r.licensee
        for r in client.get(_url("club", 2026, world.other_club.pk)).context["page"].object_list
    ]


def test_a_live_line_is_shown_to_the_player_and_staff_only(
    world, season, login, django_capture_on_commit_callbacks
):
    approval_record(world, approved_with_awards(world, {world.licensee: (500, 0)}))
    with django_capture_on_commit_callbacks(execute=True):
        services.ranking_request(actor=world.federation_staff, season=season)
    url = _url("player", world.licensee.licence_number)
    assert "Pas encore classé cette saison." in Client().get(url).content.decode()
    assert (
        Client().get(f"/api/ranking-players/{world.licensee.licence_number}/").json()["seasons"]
        == []
    )
    for user in (world.player, world.federation_staff, world.club_manager):
        html = login(user).get(url).content.decode()
        assert "Classement en direct, pas encore publié." in html, user
    assert "Pas encore classé" in login(world.outsider).get(url).content.decode()


def test_a_computation_that_changes_nothing_leaves_the_players_line_published(
    world, season, login, django_capture_on_commit_callbacks
):
    """The home and the player's page agree with the published list: a live line is « en
    direct, pas encore publié » only when it shows something the publication does not."""
    _publish(world, season, {world.licensee: 500})
    with django_capture_on_commit_callbacks(execute=True):
        services.ranking_request(actor=world.federation_staff, season=season)
    browser = login(world.player)
    home = browser.get(reverse("tournaments:player_home")).content.decode()
    page = browser.get(_url("player", world.licensee.licence_number)).content.decode()
    assert "pas encore publié" not in home + page and "Tel que publié le" in page
    approval_record(world, approved_with_awards(world, {world.licensee: (300, 0)}))
    with django_capture_on_commit_callbacks(execute=True):
        services.ranking_request(actor=world.federation_staff, season=season)
    home = browser.get(reverse("tournaments:player_home")).content.decode()
    page = browser.get(_url("player", world.licensee.licence_number)).content.decode()
    assert "en direct, pas encore publié" in home
    assert "Classement en direct, pas encore publié." in page


def test_the_home_panels_name_the_season(world, season, login):
    _publish(world, season, {world.licensee: 500})
    for user, home in (
        (world.federation_staff, "federation:home"),
        (world.committee_staff, "federation:home"),
        (world.club_manager, "tournaments:club_home"),
    ):
        html = login(user).get(reverse(home)).content.decode()
        assert "Classement national 2026-2027" in html, user


def test_the_api_refuses_writes(world, season, api_as):
    publication = _publish(world, season, {world.licensee: 500})
    client = api_as("federation_staff")
    assert client.post("/api/ranking-publications/", {}).status_code == 405
    assert client.delete(f"/api/ranking-publications/{publication.pk}/").status_code == 405
    assert (
        client.put(f"/api/ranking-players/{world.licensee.licence_number}/", {}).status_code == 405
    )


@pytest.mark.parametrize(
    "endpoint", ["rows", "changes", "player", "proposal", "xlsx", "player_home"]
)
def test_more_pages_queries_do_not_grow_with_the_players(world, season, login, endpoint):
    client = login(world.federation_staff)
    client.post(
        _url("rules", 2026),
        {
            "rules-TOTAL_FORMS": "1",
            "rules-INITIAL_FORMS": "0",
            "rules-0-series": "2",
            "rules-0-purpose": "enter",
            "rules-0-measure": "pcn",
            "rules-0-threshold": "1",
        },
    )
    _publish(world, season, {world.licensee: 1})  # each list measured has a previous one
    counts = []
    for size in (6, 30):
        publication = _publish(world, season, _field(world, size))
        client = login(world.player if endpoint == "player_home" else world.federation_staff)
        if endpoint == "proposal":
            client.post(_url("propose", 2026))
        address = {
            "rows": f"/api/ranking-publications/{publication.pk}/rows/",
            "changes": f"/api/ranking-publications/{publication.pk}/changes/",
            "player": f"/api/ranking-players/{world.licensee.licence_number}/",
            "proposal": _url("proposal", SeriesProposal.objects.order_by("-pk").first().pk)
            if endpoint == "proposal"
            else "",
            "xlsx": _url("published", 2026) + "?format=xlsx",
            "player_home": reverse("tournaments:player_home"),
        }[endpoint]
        counts.append(queries_of(lambda address=address, client=client: client.get(address)))
    assert counts[0] == counts[1]


# --- a published list as it was published ------------------------------------------------


def _shown(client, url, **query) -> str:
    answer = client.get(url, query)
    assert answer.status_code == 200
    return answer.content.decode("utf-8-sig")


def test_a_published_list_shows_each_player_as_published(world, season, client):
    publication = _publish(world, season, _field(world, 1))
    before = (world.licensee.licence_number, world.licensee.last_name, world.club.name)
    world.licensee.last_name, world.licensee.first_name = "Renommée", "Zoé"
    world.licensee.licence_number = "7777777"
    world.licensee.club = world.other_club
    world.licensee.save()
    world.club.name = "Club rebaptisé"
    world.club.save()
    html = _shown(client, _url("published", 2026))
    html = html[html.index("<tbody>") :]  # the rows (the filters name today's clubs)
    assert before[0] in html and before[1].upper() in html and before[2] in html
    assert "RENOMMÉE" not in html and "Club rebaptisé" not in html, html
    assert _url("player", "7777777") in html  # the link leads to the player today
    text = _shown(client, _url("published", 2026), format="csv")
    assert f"{before[0]};{before[1]};" in text and "Renommée" not in text
    rows = client.get(f"/api/ranking-publications/{publication.pk}/rows/").json()["results"]
    mine = next(row for row in rows if row["licence"] == before[0])
    assert mine["name"].startswith(before[1].upper()) and mine["club"] == before[2]


def test_what_a_publication_changed_shows_each_player_as_published(world, season, client):
    _publish(world, season, {world.licensee: 500, world.other_licensee: 400})
    publication = _publish(world, season, {world.licensee: 100}, date=datetime.date(2027, 1, 9))
    before = (world.licensee.licence_number, world.licensee.last_name.upper(), world.club.name)
    Licensee.objects.filter(pk=world.licensee.pk).update(
        last_name="Renommée", licence_number="7777777", club=world.other_club
    )
    html = _shown(client, _url("changes", publication.pk))
    html = html[html.index("<tbody>") :]
    assert before[1] in html and before[2] in html and "RENOMMÉE" not in html
    changes = client.get(f"/api/ranking-publications/{publication.pk}/changes/").json()
    mine = next(c for c in changes["results"] if c["licence"] == before[0])
    assert mine["name"].startswith(before[1])


def test_a_licensee_without_a_licence_any_more_breaks_no_page(world, season, client, login):
    publication = _publish(world, season, _field(world, 1))
    Licensee.objects.filter(pk=world.licensee.pk).update(licence_number=None, guest=True)
    for name, args in (("published", (2026,)), ("changes", (publication.pk,))):
        assert client.get(_url(name, *args)).status_code == 200
    assert login(world.player).get(reverse("tournaments:home")).status_code == 200
    assert client.get(f"/api/ranking-publications/{publication.pk}/rows/").status_code == 200


def test_a_club_gone_breaks_no_page(world, season, client):
    gone = f.ClubFactory(name="Club dissous", committee=world.club.committee)
    player = f.LicenseeFactory(club=gone, last_name="Orphelin")
    publication = _publish(world, season, {player: 800, world.licensee: 700})
    Licensee.objects.filter(pk=player.pk).update(club=world.other_club)
    with connection.cursor() as cursor:  # the rows keep no database constraint on it
        cursor.execute("DELETE FROM federation_club WHERE id = %s", [gone.pk])
    html = _shown(client, _url("published", 2026))
    assert "ORPHELIN" in html and "Club dissous" in html
    assert "Club dissous" in _shown(client, _url("published", 2026), format="csv")
    assert client.get(_url("changes", publication.pk)).status_code == 200
    assert client.get(_url("player", player.licence_number)).status_code == 200
