"""The séries at the season's end: rules set by federation staff (data), a proposal
computed from a published list, reviewed, then applied to the licensees in one audited
step — which the championships' eligibility reads at once."""

import datetime

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied, ValidationError

from apps.competitions import services as competitions
from apps.competitions.domain.regulation import RegulationRow
from apps.competitions.models import Stage
from apps.competitions.selectors import stage_refusals
from apps.core.models import AuditLog
from apps.federation.models import Licensee
from apps.rankings import series, services
from apps.rankings.models import SeriesChange, SeriesRule
from tests.competitions import championship as c
from tests.rankings.awarded import approved_with_awards

RULES = [
    {"series": "1", "purpose": "enter", "measure": "pcn", "threshold": 3000},
    {"series": "2", "purpose": "enter", "measure": "pcn", "threshold": 1000},
    {"series": "2", "purpose": "keep", "measure": "pcn", "threshold": 100},
    {"series": "P", "purpose": "enter", "measure": "pcn", "threshold": 1},
]


@pytest.fixture
def league(db):
    return c.league_build()


def _published(league, awards):
    """The league's season with ``awards`` {licensee: pcn} approved, published."""
    world = type("W", (), {"club": league.clubs[0]})
    approved_with_awards(world, {who: (pcn, 0) for who, pcn in awards.items()})
    return services.ranking_publish(actor=league.federation_staff, season=league.season)


def test_the_rules_are_data_replaced_as_a_whole_and_audited(league):
    fed, season = league.federation_staff, league.season
    series.series_rules_set(actor=fed, season=season, rules=RULES)
    series.series_rules_set(actor=fed, season=season, rules=RULES[:2])
    assert list(season.series_rules.values_list("series", "measure", "threshold")) == [
        ("1", "pcn", 3000),
        ("2", "pcn", 1000),
    ]
    log = AuditLog.objects.filter(
        content_type=ContentType.objects.get_for_model(season), object_id=str(season.pk)
    ).latest("pk")
    assert log.changes["series_rules"][1] == ["1: PCN ≥ 3000", "2: PCN ≥ 1000"]


def test_bad_rules_are_refused_with_every_problem_and_nothing_written(league):
    fed, season = league.federation_staff, league.season
    series.series_rules_set(actor=fed, season=season, rules=RULES)
    bad = [{**RULES[0], "threshold": 0}, {**RULES[1], "measure": "elo"}]
    with pytest.raises(ValidationError) as refused:
        series.series_rules_set(actor=fed, season=season, rules=bad)
    assert refused.value.messages == [
        "1ère série : le seuil doit être positif.",
        "Mesure inconnue : elo.",
    ]
    assert season.series_rules.count() == len(RULES)


@pytest.mark.parametrize("persona", ["zone_manager", "committee_staff"])
def test_only_the_federation_sets_proposes_and_applies(league, persona):
    fed, season = league.federation_staff, league.season
    actor = getattr(league, persona)[0] if persona == "committee_staff" else league.zone_manager
    with pytest.raises(PermissionDenied):
        series.series_rules_set(actor=actor, season=season, rules=RULES)
    series.series_rules_set(actor=fed, season=season, rules=RULES)
    publication = _published(league, {league.players(0, 1)[0]: 1200})
    with pytest.raises(PermissionDenied):
        series.series_propose(actor=actor, publication=publication)
    proposal = series.series_propose(actor=fed, publication=publication)
    with pytest.raises(PermissionDenied):
        series.series_apply(actor=actor, proposal=proposal)
    with pytest.raises(PermissionDenied):
        series.series_change_keep(actor=actor, change=proposal.changes.first(), kept=False)


def test_a_proposal_reviewed_then_applied_in_one_audited_step(league):
    fed, season = league.federation_staff, league.season
    series.series_rules_set(actor=fed, season=season, rules=RULES)
    star, good, newcomer, left_out = league.players(0, 4)  # série P
    idle = league.players(0, 1, series="2")[0]  # not ranked: misses the keep rule
    steady = league.players(0, 1, series="2")[0]
    unranked = league.players(0, 1, series="NC")[0]
    publication = _published(
        league, {star: 3500, good: 1200, newcomer: 40, left_out: 1500, steady: 150}
    )
    proposal = series.series_propose(actor=fed, publication=publication)
    moves = {
        c.licensee_id: (c.before, c.after, c.reason)
        for c in SeriesChange.objects.filter(proposal=proposal)
    }
    assert moves == {
        star.pk: ("P", "1", "1ère série : PCN ≥ 3000 (PCN 3500)"),
        good.pk: ("P", "2", "2ème série : PCN ≥ 1000 (PCN 1200)"),
        left_out.pk: ("P", "2", "2ème série : PCN ≥ 1000 (PCN 1500)"),
        idle.pk: ("2", "P", "2ème série non conservée : PCN ≥ 100 non atteint (PCN 0)"),
    }  # newcomer stays P, steady keeps the 2nd, the unranked are not ranked
    series.series_change_keep(actor=fed, change=proposal.changes.get(licensee=left_out), kept=False)
    assert series.series_apply(actor=fed, proposal=proposal) == 3
    now = dict(Licensee.objects.values_list("pk", "series"))
    assert (now[star.pk], now[good.pk], now[idle.pk]) == ("1", "2", "P")
    assert (now[left_out.pk], now[newcomer.pk], now[steady.pk], now[unranked.pk]) == (
        "P",
        "P",
        "2",
        "NC",
    )
    logs = AuditLog.objects.filter(
        content_type=ContentType.objects.get_for_model(Licensee), action="update"
    )
    assert sorted(log.changes["series"] for log in logs) == [["2", "P"], ["P", "1"], ["P", "2"]]
    assert all(log.actor_id == fed.pk for log in logs)
    with pytest.raises(ValidationError, match="déjà appliquée"):
        series.series_apply(actor=fed, proposal=proposal)
    with pytest.raises(ValidationError, match="déjà appliquée"):
        series.series_change_keep(actor=fed, change=proposal.changes.first(), kept=False)


def test_a_proposal_is_refused_whole_when_a_serie_changed_since(league):
    fed, season = league.federation_staff, league.season
    series.series_rules_set(actor=fed, season=season, rules=RULES)
    a, b = league.players(0, 2)
    proposal = series.series_propose(actor=fed, publication=_published(league, {a: 1200, b: 1300}))
    Licensee.objects.filter(pk=a.pk).update(series="1")  # moved meanwhile
    with pytest.raises(ValidationError, match="a changé depuis la proposition"):
        series.series_apply(actor=fed, proposal=proposal)
    assert Licensee.objects.get(pk=b.pk).series == "P"  # nothing written


def test_no_rules_no_proposal(league):
    publication = _published(league, {league.players(0, 1)[0]: 10})
    with pytest.raises(ValidationError, match="Aucune règle de série"):
        series.series_propose(actor=league.federation_staff, publication=publication)


def test_the_championships_read_the_applied_serie(league):
    fed, season = league.federation_staff, league.season
    series.series_rules_set(actor=fed, season=season, rules=RULES)
    climber = league.players(0, 1)[0]  # série P
    promotion = c.local_final(
        league, competitions.competition_create(actor=fed, season=season, kind="P"), 0
    )
    second = c.local_final(
        league,
        competitions.competition_create(actor=fed, season=season, kind="2"),
        0,
        level=Stage.Level.REGIONAL_FINAL,
        regulation=[RegulationRow(15, 24, (12,))],
    )
    assert stage_refusals(promotion, climber) == []
    assert stage_refusals(second, climber) != []
    proposal = series.series_propose(actor=fed, publication=_published(league, {climber: 1100}))
    series.series_apply(actor=fed, proposal=proposal)
    climber.refresh_from_db()
    assert stage_refusals(second, climber) == []
    assert any("ce joueur est 2ème série" in text for text in stage_refusals(promotion, climber))


def test_the_proposal_reads_the_published_list_not_the_live_one(league):
    fed, season = league.federation_staff, league.season
    series.series_rules_set(actor=fed, season=season, rules=RULES)
    late = league.players(0, 1)[0]
    publication = _published(league, {league.players(0, 1)[0]: 5})
    world = type("W", (), {"club": league.clubs[0]})
    approved_with_awards(world, {late: (2000, 0)}, date=datetime.date(2027, 3, 1))
    proposal = series.series_propose(actor=fed, publication=publication)
    assert not proposal.changes.filter(licensee=late).exists()
    assert SeriesRule.objects.filter(season=season).count() == len(RULES)


@pytest.mark.parametrize("persona", ["club_manager", "referee", "player", "outsider"])
def test_nobody_else_moves_licensees_between_series(world, persona):
    from apps.federation.services import licensees_series_set

    with pytest.raises(PermissionDenied):
        licensees_series_set(actor=world.persona(persona), series={world.licensee.pk: "1"})
    assert Licensee.objects.get(pk=world.licensee.pk).series == world.licensee.series
