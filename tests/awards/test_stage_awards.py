"""A championship stage's awards (fascicule 3, ch. 5): the PCN of its rule with the
stage's index and the 5000 ceiling, the PP of its championship's table for the first
session's participants, ties broken by TOPs (ch. 2 art. 20)."""

import pytest

from apps.awards.models import AwardSet
from apps.competitions import services
from tests import factories as f
from tests.competitions import championship as c


@pytest.fixture
def league(db):
    return c.league_build()


def test_a_promotion_local_final_awards_pcn_and_the_promotion_pp(
    league, django_capture_on_commit_callbacks
):
    competition = services.competition_create(
        actor=league.federation_staff, season=league.season, kind="P"
    )
    stage = c.local_final(league, competition, 0)
    for licensee in league.players(0, 16):
        services.stage_register(actor=league.committee_staff[0], stage=stage, licensee=licensee)
    c.start(league, stage)
    c.play_session(league, services.stage_seat_first(actor=league.referee, stage=stage), 9)
    with django_capture_on_commit_callbacks(execute=True):
        c.finish(league, stage)
    award_set = AwardSet.objects.get(tournament=stage.tournament)
    assert award_set.rule == "une séance Howell, 4 tables"
    awards = list(award_set.awards.order_by("place"))
    # Howell 4 tables: half of the 16 players; ranks are distinct (TOPs break ties).
    assert [a.place for a in awards] == list(range(1, 9))
    assert [a.pcn for a in awards] == [320, 272, 231, 197, 167, 142, 121, 103]
    # « POINT DE PERFORMANCE - PROMOTIONS », 16 participants: one third (6) earn PP.
    assert [a.pp for a in awards] == [5, 4, 4, 3, 2, 2, 0, 0]
    assert (
        awards[0].reason == "1er du classement général, Howell 4 tables, indice 1 : 320 PCN, 5 PP"
    )
    assert awards[0].season_id == league.season.pk


def test_players_still_equal_after_tops_at_a_national_final_share_their_places(
    league, django_capture_on_commit_callbacks
):
    """Sixteen players level after TOPs at the Open's national final: each takes the
    sixteenth of places 1 to 16, rounded up (ch. 5 « Ex-æquo »), not the winner's awards."""
    competition = services.competition_create(
        actor=league.federation_staff, season=league.season, kind="open"
    )
    stage = c.national_final(league, competition)
    f.register(stage.tournament, 16)  # as qualified by the regional finals
    c.start(league, stage)
    movement = services.stage_seat_first(actor=league.referee, stage=stage)
    c.play_session(league, movement, 1, score=80)
    with django_capture_on_commit_callbacks(execute=True):
        c.finish(league, stage)
    awards = AwardSet.objects.get(tournament=stage.tournament).awards.all()
    # « Championnat de France Individuel Open », places 1 to 16: 86,450 PCN and 866 PP.
    assert {(a.place, a.pcn, a.pp) for a in awards} == {(1, 5404, 55)}  # 5403.125, 54.125
    assert len(awards) == 16
    assert awards[0].reason == "1er de la finale nationale (ex æquo) : 5404 PCN, 55 PP"
