"""The federation's seasons page (issue 26, point 5): each season's state and what waits
for it: its tournaments at each level of the chain, the files from other software
waiting for a season to create or open, and each season's published ranking."""

import datetime

import pytest
from django.urls import reverse

from apps.approvals.models import Homologation
from apps.federation.models import Season
from apps.rankings import services as ranking_services
from tests.personas import PERSONAS
from tests.rankings.awarded import approval_record, approved_with_awards

PAGE = reverse("federation:seasons")


def _homologation(world, day, level, external=False):
    return Homologation.objects.create(
        club=world.club, name="T", date=day, level=level, external=external
    )


def _section(page: str, test: str) -> str:
    start = page.index(f'data-test="{test}"')
    return page[start : page.index("</section>", start)]


def test_each_season_shows_what_waits_for_it(world, login):
    season = Season.objects.create(start_year=2026, is_current=True)
    _homologation(world, datetime.date(2026, 10, 3), "committee")
    _homologation(world, datetime.date(2026, 11, 7), "committee")
    _homologation(world, datetime.date(2027, 2, 6), "federation")
    _homologation(world, datetime.date(2026, 12, 5), "approved")  # nothing waits
    _homologation(world, datetime.date(2027, 9, 4), "committee", external=True)  # 2027-2028
    approval_record(world, approved_with_awards(world, {world.licensee: (500, 0)}))
    ranking_services.ranking_publish(actor=world.federation_staff, season=season)
    page = login(world.federation_staff).get(PAGE).content.decode()
    waiting = _section(page, "seasons-waiting")
    current = waiting[waiting.index('data-test="season-2026"') :]
    current = current[: current.index("</tr>")]
    cells = [c.split(">", 1)[1].split("<")[0] for c in current.split("<td")[2:]]
    # chez l'organisateur, au comité, à la zone, à la fédération, files waiting
    assert cells[:4] == ["0", "2", "0", "1"]
    coming = waiting[waiting.index('data-test="season-2027"') :]
    assert "à créer" in coming[: coming.index("</tr>")]
    assert "<strong>1</strong>" in coming[: coming.index("</tr>")]
    ranking = _section(page, "seasons-ranking")
    assert "1 joueurs" in ranking or "1 joueur" in ranking
    assert reverse("rankings:staff", args=[2026]) in ranking


@pytest.mark.parametrize("persona", PERSONAS)
def test_the_seasons_page_is_the_federations(world, login, persona):
    response = login(world.persona(persona)).get(PAGE)
    assert response.status_code == (200 if persona == "federation_staff" else 403)
