"""A Promotion championship end to end through the services (fascicule 3, ch. 2): two
committees' semi-finals of one session, a regional final of two sessions (cut by the
first session's ranking and seated by serpentine), the quota qualified for the national
final, where the outgoing champion of France sits Nord at table 1 (art. 17)."""

from decimal import Decimal

import pytest

from apps.awards.models import AwardSet
from apps.competitions import services
from apps.competitions.domain.regulation import RegulationRow
from apps.competitions.models import Qualifier, Stage
from apps.competitions.selectors import stage_standings
from apps.movements.domain.room import room_movement
from apps.movements.domain.seating import seating_next_session
from apps.movements.models import Place, SessionMovement
from apps.results.reads import tournament_results_read
from tests.competitions import championship as c

pytestmark = pytest.mark.slow


def _seating(movement: SessionMovement) -> dict[tuple[str, str], int]:
    """{(section, player code): registration id} at the first position."""
    return dict(
        (((section, code), registration))
        for section, code, registration in Place.objects.filter(
            table__movement=movement, table__sequence=1, registration__isnull=False
        ).values_list("table__section", "player_code", "registration_id")
    )


def test_promotion_from_semi_finals_to_the_national_final(
    league, django_capture_on_commit_callbacks
):
    fed = league.federation_staff
    champion = league.players(0, 1)[0]  # champion of France last season
    competition = services.competition_create(
        actor=fed, season=league.season, kind="P", outgoing_champion=champion
    )
    national = c.national_final(league, competition)
    regional = c.group_final(
        league,
        competition,
        next_stage=national,
        regulation=[RegulationRow(15, 19, (12,)), RegulationRow(20, 28, (16,))],
    )
    assert regional.tournament.index == Decimal("1.8")
    semis = [
        c.local_final(
            league, competition, side, level=Stage.Level.REGIONAL_SEMI_FINAL, next_stage=regional
        )
        for side in (0, 1)
    ]
    for stage, quota in ((semis[0], 10), (semis[1], 10), (regional, 15)):
        services.stage_quota_set(actor=fed, stage=stage, quota=quota)

    # Two semi-finals: 16 players of each committee, one session.
    for side, stage in enumerate(semis):
        for licensee in league.players(side, 16):
            services.stage_register(
                actor=league.committee_staff[side], stage=stage, licensee=licensee
            )
        c.start(league, stage)
        movement = services.stage_seat_first(actor=league.referee, stage=stage, seed=side)
        c.play_session(league, movement, seed=side)
        c.finish(league, stage)
        qualifiers = services.stage_qualify(actor=league.committee_staff[side], stage=stage)
        ranking = [row.licensee.pk for row in stage_standings(stage)]
        assert [q.licensee_id for q in qualifiers] == ranking[:12]
        assert [q.role for q in qualifiers] == ["qualified"] * 10 + ["replacement"] * 2
        stage.refresh_from_db()
        assert (stage.champion_id, stage.vice_champion_id) == (None, None)  # no title

    # The regional final: the 20 qualified; 20 present at the first session: 16 play the
    # second, cut by the first session's ranking and seated by serpentine from it.
    regional_players = set(regional.tournament.registrations.values_list("licensee_id", flat=True))
    assert regional_players == set(
        Qualifier.objects.filter(stage__in=semis, role="qualified").values_list(
            "licensee_id", flat=True
        )
    )
    services.stage_referee_assign(
        actor=league.zone_manager, stage=regional, referee=league.referee, grade="regional"
    )
    c.start(league, regional)
    first = services.stage_seat_first(actor=league.referee, stage=regional, seed=5)
    c.play_session(league, first, seed=5)
    after_one = [
        p.player.registration_id for p in tournament_results_read(regional.tournament).players
    ]
    second = services.stage_seat_next(actor=league.referee, stage=regional)
    assert second.method == SessionMovement.Method.RANKING
    seated = _seating(second)
    assert set(seated.values()) == set(after_one[:16])
    assert seated == seating_next_session(room_movement(4), after_one[:16])
    with pytest.raises(Exception, match="ne prévoit pas d'autre séance"):
        services.stage_seat_next(actor=league.referee, stage=regional)
    c.play_session(league, second, seed=6)
    with django_capture_on_commit_callbacks(execute=True):
        c.finish(league, regional)
    # Its awards (ch. 5): several sessions, T = 5 + 4 tables, index 1.8, ceiling 5000; the
    # Promotion PP for 20 participants, one third of them (7 places).
    awards = AwardSet.objects.get(tournament=regional.tournament)
    assert awards.rule == "2 séances, 9 tables au total"
    paid = list(awards.awards.order_by("place"))
    assert (paid[0].pcn, paid[0].place) == (1620, 1)  # 50 x 9 x 2 x 1.8
    assert [a.pp for a in paid][:7] == [5, 4, 4, 3, 2, 2, 1]
    assert len(paid) == 10
    qualifiers = services.stage_qualify(actor=league.zone_manager, stage=regional)
    standings = stage_standings(regional)
    # The players cut after the first session rank after those who played both.
    cut = set(after_one[16:])
    assert {r.licensee.pk for r in standings[16:]} == set(
        regional.tournament.registrations.filter(pk__in=cut).values_list("licensee_id", flat=True)
    )
    qualified = [q.licensee_id for q in qualifiers if q.role == "qualified"]
    assert qualified == [r.licensee.pk for r in standings[:15]]
    regional.refresh_from_db()  # the regional champion and vice-champion (art. 1, 5)
    assert (regional.champion, regional.vice_champion) == (
        standings[0].licensee,
        standings[1].licensee,
    )

    # The national final: the quota and the outgoing champion of France, at Nord 1.
    services.stage_register(actor=fed, stage=national, licensee=champion)
    assert national.tournament.registrations.count() == 16
    c.start(league, national)
    movement = services.stage_seat_first(actor=league.referee, stage=national)
    assert movement.method == SessionMovement.Method.APART
    nord_1 = Place.objects.get(
        table__movement=movement, table__sequence=1, table__table=1, seat="N"
    )
    assert nord_1.registration.licensee == champion
    c.play_session(league, movement, seed=7)
    c.finish(league, national)
    services.stage_qualify(actor=fed, stage=national)
    national.refresh_from_db()
    final_ranking = stage_standings(national)
    assert national.champion == final_ranking[0].licensee  # champion de France (art. 5)
    assert national.vice_champion == final_ranking[1].licensee
