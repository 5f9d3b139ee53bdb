"""The Open's PP at a regional stage (fascicule 3, ch. 5, « Championnats individuels Open »,
feuille de calcul) weigh the committee's licensees by série and the FFT's licensees as
frozen when federation staff opened the season, never as they are later."""

import pytest

from apps.approvals.services import submission_refusals
from apps.awards.domain import pp
from apps.awards.models import AwardSet
from apps.awards.services import awards_stale_refresh
from apps.competitions import services
from apps.competitions.domain.regulation import RegulationRow
from apps.competitions.models import Stage
from apps.federation.models import Licensee
from apps.federation.seasons import season_open
from tests.competitions import championship as c

pytestmark = pytest.mark.django_db

PLAYERS = 16
UNRANKED = 3000  # the rest of the nation, unranked


@pytest.fixture
def league(db):
    league = c.league_build()
    club = league.clubs[1]
    Licensee.objects.bulk_create(
        Licensee(licence_number=str(5_000_000 + n), last_name=f"NC{n}", first_name="A", club=club)
        for n in range(UNRANKED)
    )
    return league


def _open_final(league):
    """Committee 0's Open regional final in two sessions (12 of 16 play the second): 16
    players of the 1ère série register (the Open has no local finals: art. 2)."""
    competition = services.competition_create(
        actor=league.federation_staff, season=league.season, kind="open"
    )
    stage = c.local_final(
        league,
        competition,
        0,
        level=Stage.Level.REGIONAL_FINAL,
        regulation=[RegulationRow(15, 19, (12,))],
    )
    for licensee in league.players(0, PLAYERS, series="1"):
        services.stage_register(actor=league.committee_staff[0], stage=stage, licensee=licensee)
    return stage


def _play(league, stage, capture) -> AwardSet:
    c.start(league, stage)
    c.play_session(league, services.stage_seat_first(actor=league.referee, stage=stage), 4)
    c.play_session(league, services.stage_seat_next(actor=league.referee, stage=stage), 5)
    with capture(execute=True):
        c.finish(league, stage)
    return AwardSet.objects.get(tournament=stage.tournament)


def _pp(job: AwardSet) -> list[int]:
    return [a.pp for a in job.awards.order_by("place", "pk") if a.pp]


def test_the_open_pp_read_the_potential_frozen_at_the_seasons_opening(
    league, django_capture_on_commit_callbacks
):
    stage = _open_final(league)
    season_open(actor=league.federation_staff, season=league.season)
    frozen = pp.open_regional_pp(PLAYERS, 0, 0, UNRANKED + PLAYERS, PLAYERS)
    # After the opening, 60 more players of the 1ère série in the committee: live, its
    # potential would be 76 x 7, and its winner's PP 12 rather than 8.
    league.players(0, 60, series="1")
    live = pp.open_regional_pp(PLAYERS + 60, 0, 0, UNRANKED + PLAYERS + 60, PLAYERS)
    assert (frozen[0], live[0]) == (8, 12)
    job = _play(league, stage, django_capture_on_commit_callbacks)
    assert _pp(job) == [p for p in frozen if p]
    assert job.inputs["potential"] == {
        "first": PLAYERS,
        "second": 0,
        "promotion": 0,
        "national": UNRANKED + PLAYERS,
    }


def test_an_open_stage_waits_for_its_season_to_be_opened(
    league, django_capture_on_commit_callbacks
):
    stage = _open_final(league)
    job = _play(league, stage, django_capture_on_commit_callbacks)
    assert job.state == "done"
    assert "n'est pas encore ouverte" in job.refusal
    assert not job.awards.exists()
    assert f"PCN et PP : {job.refusal}." in submission_refusals(stage.tournament)
    assert awards_stale_refresh() == 0  # nothing to do while the season is not opened
    season_open(actor=league.federation_staff, season=league.season)
    with django_capture_on_commit_callbacks(execute=True):
        assert awards_stale_refresh() == 1
    job.refresh_from_db()
    assert (job.refusal, job.inputs["potential"]["first"]) == ("", PLAYERS)
    assert _pp(job) == [p for p in pp.open_regional_pp(PLAYERS, 0, 0, 3016, PLAYERS) if p]
