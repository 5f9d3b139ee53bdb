"""What waits for each level in the championships: the zone's regulations awaiting its
« aval » (art. 3, 8, 13), the organiser's stages whose qualified players are to be named,
and the season's quotas set by federation staff in one grid; counted on the area's home."""

from types import SimpleNamespace

import pytest
from django.core.exceptions import ValidationError
from django.template.loader import render_to_string
from django.urls import reverse

from apps.competitions import services
from apps.competitions.domain.regulation import RegulationRow
from apps.competitions.models import Stage
from apps.competitions.selectors import stages_to_close
from apps.federation.models import Role
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from tests import factories as f
from tests.competitions import championship as c


@pytest.fixture
def stages(league) -> tuple[Stage, Stage, Stage]:
    """The national final, committee 0's approved regional final, and its semi-final whose
    regulation awaits the zone."""
    competition = services.competition_create(
        actor=league.federation_staff, season=league.season, kind="P"
    )
    final = c.national_final(league, competition)
    regional = c.local_final(
        league, competition, 0, level=Stage.Level.REGIONAL_FINAL, next_stage=final
    )
    waiting = services.stage_create(
        actor=league.committee_staff[0],
        competition=competition,
        level=Stage.Level.REGIONAL_SEMI_FINAL,
        name="Demi-finale en attente",
        date=c.DAY.replace(day=1),
        club=league.clubs[0],
        committee=league.committees[0],
        regulation=[RegulationRow(15, 40)],
        next_stage=regional,
    )
    return final, regional, waiting


URL = "/championnats/a-traiter/"


def test_the_zone_sees_the_regulations_awaiting_its_approval(client, league, stages):
    _final, regional, waiting = stages
    client.force_login(league.zone_manager)
    page = client.get(URL).content.decode()
    section = page.split('data-test="regulations"', 1)[1].split("</section>", 1)[0]
    assert waiting.name in section and regional.name not in section
    home = client.get(reverse("federation:home")).content.decode()
    assert "Règlements en attente d’aval : 1" in home  # noqa: RUF001
    services.stage_regulation_approve(actor=league.zone_manager, stage=waiting)
    assert waiting.name not in client.get(URL).content.decode()
    # another zone sees none of them
    other = f.RoleFactory(role=Role.ZONE_MANAGER, zone=f.ZoneFactory()).user
    client.force_login(other)
    assert "Aucun règlement n’attend d’aval." in client.get(URL).content.decode()  # noqa: RUF001


def test_federation_staff_set_the_seasons_quotas_in_one_grid(client, league, stages):
    _final, regional, waiting = stages
    client.force_login(league.federation_staff)
    home = client.get(reverse("federation:home")).content.decode()
    assert "Quotas à fixer cette saison : 2" in home
    page = client.get(URL).content.decode()
    assert page.count('data-test="quota-row"') == 2  # the stages that qualify for another
    response = client.post(URL, {f"quota-{regional.pk}": "6", f"quota-{waiting.pk}": ""})
    assert response.status_code == 302
    regional.refresh_from_db()
    waiting.refresh_from_db()
    assert (regional.quota, waiting.quota) == (6, None)
    refused = client.post(URL, {f"quota-{regional.pk}": "4", f"quota-{waiting.pk}": "-1"})
    assert "Assurez-vous que cette valeur est supérieure ou égale à 0." in refused.content.decode()
    regional.refresh_from_db()
    assert regional.quota == 6  # nothing saved
    home = client.get(reverse("federation:home")).content.decode()
    assert "Quotas à fixer cette saison : 1" in home


def test_a_stage_whose_qualified_are_named_keeps_its_quota(league, stages):
    _final, regional, _waiting = stages
    services.stage_quota_set(actor=league.federation_staff, stage=regional, quota=4)
    Stage.objects.filter(pk=regional.pk).update(closed_at="2027-03-14T20:00Z")
    regional.refresh_from_db()
    with pytest.raises(ValidationError, match="déjà désignés"):
        services.stage_quotas_set(actor=league.federation_staff, quotas={regional: 8})
    regional.refresh_from_db()
    assert regional.quota == 4


def test_the_organiser_sees_the_stages_to_close(client, league, stages):
    _final, _regional, semi = stages
    staff = league.committee_staff[0]
    c.approve(league, semi)
    services.stage_referee_assign(actor=staff, stage=semi, referee=league.referee, grade="regional")
    for licensee in league.players(0, 16):
        services.stage_register(actor=staff, stage=semi, licensee=licensee)
    c.start(league, semi)
    c.play_session(league, services.stage_seat_first(actor=league.referee, stage=semi), 1)
    c.finish(league, semi)
    client.force_login(staff)
    page = client.get(URL).content.decode()
    section = page.split('data-test="to-close"', 1)[1].split("</section>", 1)[0]
    assert semi.name in section
    assert 'data-test="quotas"' not in page  # the grid is the federation's
    assert "Qualifiés à désigner : 1" in client.get(reverse("federation:home")).content.decode()
    client.force_login(league.committee_staff[1])
    assert semi.name not in client.get(URL).content.decode().split('data-test="to-close"')[1]


def test_who_may_open_the_worklist(client, league, stages):
    _final, regional, _waiting = stages
    for user in (f.UserFactory(), league.referee, f.UserFactory(licensee=league.players(0, 1)[0])):
        client.force_login(user)
        assert client.get(URL).status_code == 403
    for user in (league.committee_staff[0], league.zone_manager):
        client.force_login(user)
        assert client.get(URL).status_code == 200
        assert client.post(URL, {f"quota-{regional.pk}": "9"}).status_code == 403
    regional.refresh_from_db()
    assert regional.quota is None


def test_a_stage_qualifying_by_another_ranking_waits_once_that_one_is_over(league, stages):
    """Art. 1: such a stage is not played; it is to close once its source stage is."""
    _final, regional, semi = stages
    Stage.objects.filter(pk=semi.pk).update(ranking_source=regional)
    Tournament.objects.filter(pk=regional.tournament_id).update(status=Status.FINISHED)
    Stage.objects.filter(pk=regional.pk).update(closed_at="2027-03-14T20:00Z")
    assert semi.tournament.status == Status.REGISTRATION_OPEN
    assert list(stages_to_close(league.committee_staff[0])) == [semi]


def test_the_banner_of_a_stage_frozen_before_it_is_played():
    """A stage closed from another's ranking is frozen before it is finished: the banner
    gives that reason, not « en homologation »."""
    tournament = SimpleNamespace(approved=False, submitted=False, frozen_reasons=["Figés."])
    html = render_to_string("tournaments/_frozen.html", {"tournament": tournament})
    assert "Figés." in html and "homologation" not in html
    tournament.submitted = True
    html = render_to_string("tournaments/_frozen.html", {"tournament": tournament})
    assert "homologation" in html
