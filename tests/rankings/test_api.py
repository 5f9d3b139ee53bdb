"""The national ranking's API, public and read only: publications, their rows filtered as
the pages filter them, what they changed, and a player's history across seasons."""

import datetime

import pytest

from apps.federation.models import Season
from apps.rankings import services
from tests.rankings.awarded import approval_record, approved_with_awards


@pytest.fixture
def published(world):
    season = Season.objects.create(start_year=2026, is_current=True)
    old = Season.objects.create(start_year=2025)
    approval_record(
        world,
        approved_with_awards(world, {world.licensee: (300, 5)}, date=datetime.date(2025, 12, 6)),
    )
    services.ranking_publish(actor=world.federation_staff, season=old)
    first = approved_with_awards(
        world, {world.licensee: (500, 10), world.other_licensee: (600, 12)}
    )
    approval_record(world, first)
    services.ranking_publish(actor=world.federation_staff, season=season)
    later = approved_with_awards(world, {world.licensee: (200, 0)}, date=datetime.date(2027, 2, 1))
    approval_record(world, later)
    return services.ranking_publish(actor=world.federation_staff, season=season), first, later


def test_publications_are_listed_for_anyone_and_filtered_by_season(published, api):
    latest, _first, _later = published
    answer = api.get("/api/ranking-publications/", {"season": 2026})
    assert answer.status_code == 200
    assert [
        (p["id"], p["players"], p["added"], p["changed"]) for p in answer.json()["results"]
    ] == [
        (latest.pk, 2, 0, 2),
        (latest.previous_id, 2, 2, 0),
    ]
    assert api.get("/api/ranking-publications/", {"season": "x"}).status_code == 400


def test_a_publications_rows_and_changes(published, api, world):
    latest, _first, later = published
    rows = api.get(f"/api/ranking-publications/{latest.pk}/rows/").json()["results"]
    assert [(r["rank"], r["licence"], r["pcn"], r["committee_rank"]) for r in rows] == [
        (1, world.licensee.licence_number, 700, 1),
        (2, world.other_licensee.licence_number, 600, 1),
    ]
    narrowed = api.get(
        f"/api/ranking-publications/{latest.pk}/rows/", {"club": world.other_club.pk}
    ).json()["results"]
    assert [r["licence"] for r in narrowed] == [world.other_licensee.licence_number]
    assert (
        api.get(f"/api/ranking-publications/{latest.pk}/rows/", {"series": "Z"}).status_code == 400
    )
    changes = api.get(f"/api/ranking-publications/{latest.pk}/changes/").json()["results"]
    mine = next(c for c in changes if c["licence"] == world.licensee.licence_number)
    assert (mine["pcn_before"], mine["pcn_after"], mine["reasons"]) == (500, 700, later.name)
    assert api.get("/api/ranking-publications/999999/rows/").status_code == 404


def test_a_players_history_across_seasons(published, api, world):
    _latest, first, later = published
    answer = api.get(f"/api/ranking-players/{world.licensee.licence_number}/")
    assert answer.status_code == 200
    body = answer.json()
    assert [(s["season"], s["rank"], s["pcn"], s["published"]) for s in body["seasons"]] == [
        ("2025-2026", 1, 300, True),
        ("2026-2027", 1, 700, True),
    ]
    assert [(a["tournament"], a["pcn"], a["tournament_id"]) for a in body["awards"]] == [
        (later.name, 200, later.pk),
        (first.name, 500, first.pk),
    ]
    assert api.get("/api/ranking-players/0000000/").status_code == 404
