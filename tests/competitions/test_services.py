"""The championship services' rules: eligibility refused with its reason (art. 1, 2, 6,
11, 12), the regulation table checked before anything is written (art. 3, 8, 13; ch. 5),
direct qualifiers (art. 2, 7, 12), the referee of a final (art. 16), who may do what."""

import datetime

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from apps.competitions import services
from apps.competitions.domain.regulation import RegulationRow
from apps.competitions.models import Competition, Qualifier, Stage
from apps.competitions.selectors import (
    stage_first_champion,
    stage_outgoing_champion,
    stage_standings,
)
from apps.federation.models import Season
from apps.movements.domain.room import room_movement
from apps.movements.domain.seating import seating_next_session
from apps.movements.models import MovementTable, Place, SessionMovement
from apps.scoring.services import play_score_set
from apps.tournaments.models import Registration
from apps.tournaments.services import tournament_transition
from tests import factories as f
from tests.competitions import championship as c

FINAL, SEMI = Stage.Level.REGIONAL_FINAL, Stage.Level.REGIONAL_SEMI_FINAL


def _competition(league, kind="P", season=None, **options) -> Competition:
    return services.competition_create(
        actor=league.federation_staff, season=season or league.season, kind=kind, **options
    )


def _refusal(stage, actor, licensee) -> str:
    with pytest.raises(ValidationError) as refused:
        services.stage_register(actor=actor, stage=stage, licensee=licensee)
    assert not Registration.objects.filter(licensee=licensee).exists()
    return " ".join(refused.value.messages)


# --- eligibility at registration ----------------------------------------------------


def test_a_second_series_player_is_refused_in_promotion_with_the_reason(league):
    stage = c.local_final(league, _competition(league), 0)
    player = league.players(0, 1, series="2")[0]
    assert "ne réunit que les joueurs de cette série ; ce joueur est 2ème série" in _refusal(
        stage, league.committee_staff[0], player
    )


def test_a_player_of_another_committee_is_refused(league):
    stage = c.local_final(league, _competition(league), 0)
    player = league.players(1, 1)[0]
    assert "n'est pas licencié dans le comité organisateur" in _refusal(
        stage, league.committee_staff[0], player
    )


def test_a_59_year_old_is_refused_in_senior_and_a_60_year_old_enters(league):
    stage = c.local_final(league, _competition(league, kind="senior"), 0, level=FINAL)
    staff = league.committee_staff[0]
    young = league.players(0, 1, birth_date=datetime.date(1967, 1, 1))[0]  # 59 on 31/12/2026
    senior = league.players(0, 1, birth_date=datetime.date(1966, 12, 31))[0]  # 60 that day
    assert "il faut avoir 60 ans au 31/12/2026" in _refusal(stage, staff, young)
    services.stage_register(actor=staff, stage=stage, licensee=senior)


def test_the_group_gathers_the_licensees_of_its_committees(league):
    competition = _competition(league)
    stage = c.group_final(league, competition)
    for side in (0, 1):
        services.stage_register(
            actor=league.zone_manager, stage=stage, licensee=league.players(side, 1)[0]
        )
    elsewhere = f.LicenseeFactory()  # a club of another zone's committee
    assert "comité organisateur" in _refusal(stage, league.zone_manager, elsewhere)


def test_an_overseas_first_series_player_plays_one_metropolitan_championship_a_season(league):
    competition = _competition(league, kind="1")
    overseas = f.CommitteeFactory(overseas=True)
    player = f.LicenseeFactory(club=f.ClubFactory(committee=overseas), series="1")
    two_sessions = [RegulationRow(15, 24, (12,))]
    stages = [
        c.local_final(league, competition, side, level=FINAL, regulation=two_sessions)
        for side in (0, 1)
    ]
    services.stage_register(actor=league.committee_staff[0], stage=stages[0], licensee=player)
    with pytest.raises(ValidationError, match="qu'un championnat régional 1ère série"):
        services.stage_register(actor=league.committee_staff[1], stage=stages[1], licensee=player)


TWO_SESSIONS = [RegulationRow(15, 24, (12,))]


def _semi_and_final(league, competition) -> tuple[Stage, Stage]:
    """Committee 0's regional final, and its semi-final that qualifies for it."""
    final = c.local_final(
        league, competition, 0, level=Stage.Level.REGIONAL_FINAL, regulation=TWO_SESSIONS
    )
    semi = c.local_final(
        league, competition, 0, level=Stage.Level.REGIONAL_SEMI_FINAL, next_stage=final
    )
    return semi, final


def test_a_later_stage_takes_only_qualified_players_and_the_outgoing_champion(league):
    """Art. 6: the Open's outgoing regional champion « est qualifié d'office pour la finale
    régionale »."""
    _semi, final = _semi_and_final(league, _competition(league, kind="open"))
    staff = league.committee_staff[0]
    newcomer, champion = league.players(0, 2)
    assert "n'est pas qualifié par une étape précédente" in _refusal(final, staff, newcomer)
    services.stage_champion_set(actor=staff, stage=final, outgoing_champion=champion)
    services.stage_register(actor=staff, stage=final, licensee=champion)
    # Art. 6, 11: only while still licensed in the same committee.
    with pytest.raises(ValidationError, match="plus licencié dans le comité organisateur"):
        services.stage_champion_set(
            actor=staff, stage=final, outgoing_champion=league.players(1, 1)[0]
        )


@pytest.mark.parametrize("kind", ["1", "2", "P"])
def test_the_outgoing_regional_champion_of_the_series_plays_the_semi_final(league, kind):
    """Art. 2: « tous les joueurs doivent participer à la demi-finale »; only the Open and
    the Senior qualify the outgoing champion directly (art. 6, 11). The champion sits Nord
    at table 1 of the semi-final's first session (art. 17)."""
    semi, final = _semi_and_final(league, _competition(league, kind=kind))
    staff = league.committee_staff[0]
    champion, *others = league.players(0, 16, series=kind)
    services.stage_champion_set(actor=staff, stage=final, outgoing_champion=champion)
    assert "le champion régional sortant joue la demi-finale" in _refusal(final, staff, champion)
    other_series = league.players(0, 1, series="1" if kind == "2" else "2")[0]
    with pytest.raises(ValidationError, match="ne réunit que les joueurs de cette série"):
        services.stage_champion_set(actor=staff, stage=final, outgoing_champion=other_series)
    for licensee in [*others, champion]:
        services.stage_register(actor=staff, stage=semi, licensee=licensee)
    movement = services.stage_seat_first(actor=league.referee, stage=semi, seed=4)
    nord_1 = Place.objects.get(
        table__movement=movement, table__sequence=1, table__table=1, seat="N"
    )
    assert nord_1.registration.licensee == champion


def test_last_seasons_regional_champion_is_the_outgoing_champion(league):
    last = Season.objects.create(start_year=2025)
    old = services.competition_create(actor=league.federation_staff, season=last, kind="P")
    final = Stage.Level.REGIONAL_FINAL
    old_stage = c.local_final(league, old, 0, level=final, date=datetime.date(2026, 3, 1))
    winner = league.players(0, 1)[0]
    Stage.objects.filter(pk=old_stage.pk).update(champion=winner)
    stage = c.local_final(league, _competition(league), 0, level=final)
    assert stage.outgoing_champion == winner
    with pytest.raises(ValidationError, match="champion de l'étape la saison passée"):
        services.stage_champion_set(
            actor=league.committee_staff[0], stage=stage, outgoing_champion=None
        )


def test_the_champion_of_france_has_one_place_the_competition(league):
    """Art. 4, 9, 14: the outgoing champion of France, named by the federation on the
    competition, enters the national final; the final keeps no champion of its own."""
    last = Season.objects.create(start_year=2025)
    old_final = c.national_final(
        league, _competition(league, season=last), date=datetime.date(2026, 5, 1)
    )
    winner = league.players(0, 1)[0]
    Stage.objects.filter(pk=old_final.pk).update(champion=winner)
    competition = _competition(league)  # last season's champion of France carried over
    assert competition.outgoing_champion == winner
    final = c.national_final(league, competition)
    assert final.outgoing_champion is None
    assert stage_outgoing_champion(final) == stage_first_champion(final) == winner
    with pytest.raises(ValidationError, match="se nomme sur la page du championnat"):
        services.stage_champion_set(
            actor=league.federation_staff, stage=final, outgoing_champion=winner
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        Stage.objects.filter(pk=final.pk).update(outgoing_champion=winner)
    # the champion enters the final directly, as the competition names them
    services.stage_register(actor=league.federation_staff, stage=final, licensee=winner)


# --- the regulation table ---------------------------------------------------------


def test_a_table_breaking_the_50_percent_rule_is_refused_and_nothing_is_written(league):
    competition = _competition(league, kind="open")
    with pytest.raises(ValidationError) as refused:
        c.local_final(
            league, competition, 0, level=FINAL, regulation=[RegulationRow(16, 40, (16,))]
        )
    assert "élimine 24 joueurs sur 40, plus de 50 %" in " ".join(refused.value.messages)
    assert not Stage.objects.exists()


def test_the_open_needs_two_sessions_and_promotion_one(league):
    with pytest.raises(ValidationError, match="il faut 2 séances au moins"):
        c.local_final(league, _competition(league, kind="open"), 0, level=FINAL)
    assert c.local_final(league, _competition(league), 0).regulation() == [RegulationRow(15, 40)]


def test_every_senior_qualifier_has_15_players_and_20_deals(league):
    """Art. 12: « chaque tournoi de ces qualificatifs devra répondre aux exigences » (15
    players at the first session, one session of 20 donnes), a semi-final as a final. A
    semi-final of the Open is held to the cuts only (art. 7 names the final)."""
    senior = _competition(league, kind="senior")
    final = c.local_final(league, senior, 0, level=FINAL)
    with pytest.raises(ValidationError) as refused:
        c.local_final(
            league,
            senior,
            0,
            level=SEMI,
            next_stage=final,
            regulation=[RegulationRow(8, 40)],
            deals=16,
        )
    assert refused.value.messages == [
        "de 8 à 40 joueurs : il faut 15 joueurs au moins en 1ère séance",
        "de 8 à 40 joueurs : une séance compte 20 donnes au moins",
    ]
    assert not Stage.objects.filter(level=SEMI).exists()
    open_final = c.local_final(
        league, _competition(league, kind="open"), 0, level=FINAL, regulation=TWO_SESSIONS
    )
    open_semi = c.local_final(
        league,
        open_final.competition,
        0,
        level=SEMI,
        next_stage=open_final,
        regulation=[RegulationRow(8, 40)],
        deals=16,
    )
    assert open_semi.deals == 16


@pytest.mark.parametrize("kind", ["1", "2", "open", "senior", "jeunes"])
def test_local_finals_exist_only_in_the_promotion(league, kind):
    """Art. 2: « La CCR peut pour le championnat promotion organiser plusieurs finales
    locales qualificatives directement pour le championnat de France »."""
    with pytest.raises(ValidationError, match="seul le championnat promotion organise des"):
        c.local_final(league, _competition(league, kind=kind), 0, regulation=TWO_SESSIONS)
    assert not Stage.objects.exists()


def test_a_promotion_local_final_qualifies_for_the_national_final_directly(league):
    competition = _competition(league)
    regional = c.local_final(league, competition, 0, level=FINAL)
    with pytest.raises(ValidationError, match="qualifie directement pour la finale nationale"):
        c.local_final(league, competition, 0, next_stage=regional)
    national = c.national_final(league, competition)
    assert c.local_final(league, competition, 0, next_stage=national).next_stage == national


def test_the_table_changes_until_the_first_session_is_seated(league):
    stage = c.local_final(league, _competition(league), 0)
    staff = league.committee_staff[0]
    with pytest.raises(ValidationError, match="une séance compte 20 donnes au moins"):
        services.stage_regulation_set(
            actor=staff, stage=stage, rows=[RegulationRow(15, 30)], deals=18
        )
    services.stage_regulation_set(
        actor=staff, stage=stage, rows=[RegulationRow(20, 30, (16,))], deals=20
    )
    assert stage.regulation() == [RegulationRow(20, 30, (16,))]


def test_a_field_the_table_does_not_plan_for_is_not_seated(league):
    stage = c.local_final(league, _competition(league), 0)
    for licensee in league.players(0, 12):
        services.stage_register(actor=league.committee_staff[0], stage=stage, licensee=licensee)
    with pytest.raises(ValidationError, match="ne prévoit pas 12 joueurs"):
        services.stage_seat_first(actor=league.referee, stage=stage)


# --- direct qualifiers, referee grade ------------------------------------------------


def test_an_incomplete_table_sends_the_champion_then_the_national_order_to_the_final(league):
    competition = _competition(league)
    final = c.local_final(league, competition, 0, level=Stage.Level.REGIONAL_FINAL)
    semi = c.local_final(
        league, competition, 0, level=Stage.Level.REGIONAL_SEMI_FINAL, next_stage=final
    )
    staff = league.committee_staff[0]
    players = league.players(0, 18)
    champion = players[5]
    services.stage_champion_set(actor=staff, stage=final, outgoing_champion=champion)
    for licensee in players:
        services.stage_register(actor=staff, stage=semi, licensee=licensee)
    with pytest.raises(ValidationError, match="Il faut qualifier directement 2 joueurs"):
        services.stage_direct_qualify(actor=staff, stage=semi, national_order=[])
    chosen = services.stage_direct_qualify(
        actor=staff, stage=semi, national_order=[players[9], players[2], players[1]]
    )
    assert chosen == [champion.pk, players[9].pk]
    assert semi.tournament.registrations.count() == 16
    assert set(final.tournament.registrations.values_list("licensee_id", flat=True)) == set(chosen)
    assert set(
        Qualifier.objects.filter(role="direct").values_list("licensee_id", flat=True)
    ) == set(chosen)


def test_a_final_needs_a_regional_referee_unless_a_derogation_is_recorded(league):
    competition = _competition(league)
    stage = c.local_final(league, competition, 0)
    staff = league.committee_staff[0]
    services.stage_referee_assign(actor=staff, stage=stage, referee=league.referee, grade="club")
    for licensee in league.players(0, 16):
        services.stage_register(actor=staff, stage=stage, licensee=licensee)
    with pytest.raises(ValidationError, match="arbitre régional"):
        services.stage_seat_first(actor=league.referee, stage=stage)
    with pytest.raises(PermissionDenied):  # the organiser does not grant it
        services.stage_derogation_set(actor=staff, stage=stage, referee_derogation="Accord")
    services.stage_derogation_set(
        actor=league.federation_staff, stage=stage, referee_derogation="Accord CCN du 2/3"
    )
    assert services.stage_seat_first(actor=league.referee, stage=stage, seed=1).tables == 4


def test_qualification_waits_for_the_federations_quota(league):
    competition = _competition(league)
    final = c.local_final(league, competition, 0, level=Stage.Level.REGIONAL_FINAL)
    stage = c.local_final(league, competition, 0, level=SEMI, next_stage=final)
    staff = league.committee_staff[0]
    for licensee in league.players(0, 16):
        services.stage_register(actor=staff, stage=stage, licensee=licensee)
    c.start(league, stage)
    c.play_session(league, services.stage_seat_first(actor=league.referee, stage=stage), 3)
    c.finish(league, stage)
    with pytest.raises(ValidationError, match="pas encore fixé le nombre de qualifiés"):
        services.stage_qualify(actor=staff, stage=stage)
    with pytest.raises(PermissionDenied):
        services.stage_quota_set(actor=staff, stage=stage, quota=4)
    services.stage_quota_set(actor=league.federation_staff, stage=stage, quota=4)
    assert len(services.stage_qualify(actor=staff, stage=stage)) == 6
    # Named, the qualified players stand: the stage's results no longer change.
    with pytest.raises(ValidationError, match="ses résultats ne changent plus"):
        services.stage_qualify(actor=staff, stage=stage)
    with pytest.raises(ValidationError, match="ses résultats ne changent plus"):
        tournament_transition(actor=league.referee, tournament=stage.tournament, status="running")
    table = MovementTable.objects.filter(movement__session__tournament=stage.tournament).first()
    with pytest.raises(ValidationError, match="ses résultats ne changent plus"):
        play_score_set(
            actor=league.referee, table=table, etui=table.etuis[0], score=80, reason="erreur"
        )


# --- who may ----------------------------------------------------------------------


def test_who_creates_what(league):
    competition = _competition(league)
    with pytest.raises(PermissionDenied):
        services.competition_create(actor=league.zone_manager, season=league.season, kind="1")
    with pytest.raises(PermissionDenied):  # another committee's stage
        c.local_final(league, competition, 0, actor=league.committee_staff[1])
    with pytest.raises(PermissionDenied):  # the federation's final
        services.stage_create(
            actor=league.zone_manager,
            competition=competition,
            level=Stage.Level.NATIONAL_FINAL,
            name="Finale",
            date=c.DAY,
            club=league.clubs[0],
            regulation=[RegulationRow(15, 40)],
        )
    stage = c.local_final(league, competition, 0)
    for outsider in (league.committee_staff[1], league.referee, f.UserFactory()):
        with pytest.raises(PermissionDenied):
            services.stage_register(actor=outsider, stage=stage, licensee=league.players(0, 1)[0])
    # The zone runs its group's stages, not a committee's own.
    with pytest.raises(PermissionDenied):
        services.stage_register(
            actor=league.zone_manager, stage=stage, licensee=league.players(0, 1)[0]
        )


def test_overseas_second_series_players_qualify_by_the_open_ranking_of_their_zone(league):
    """Art. 1: « Les joueurs classés deuxième série et licenciés dans un comité outre-mer
    sont qualifiés suivant l'ordre du classement du championnat régional open de la zone
    outre-mer »."""
    fed = league.federation_staff
    overseas = f.CommitteeFactory(overseas=True)
    club = f.ClubFactory(committee=overseas)
    staff = c._user("committee_staff", committee=overseas)
    open_ = _competition(league, kind="open")
    second = _competition(league, kind="2")
    open_final = services.stage_create(
        actor=staff,
        competition=open_,
        level=Stage.Level.REGIONAL_FINAL,
        name="Open régional outre-mer",
        date=c.DAY,
        club=club,
        committee=overseas,
        regulation=[RegulationRow(15, 24, (12,))],
    )
    assert open_final.seating == Stage.Seating.DRAW  # art. 7
    services.stage_regulation_approve(actor=fed, stage=open_final)
    national = services.stage_create(
        actor=fed,
        competition=second,
        level=Stage.Level.NATIONAL_FINAL,
        name="Finale nationale 2ème série",
        date=c.DAY,
        club=league.clubs[0],
        regulation=[RegulationRow(15, 24, (12,))],
    )
    with pytest.raises(ValidationError, match="comité outre-mer"):
        c.local_final(league, second, 0, level=FINAL, regulation=[], ranking_source=open_final)
    by_ranking = services.stage_create(
        actor=staff,
        competition=second,
        level=Stage.Level.REGIONAL_FINAL,
        name="2ème série outre-mer",
        date=c.DAY,
        club=club,
        committee=overseas,
        next_stage=national,
        regulation=[],
        ranking_source=open_final,
    )
    services.stage_quota_set(actor=fed, stage=by_ranking, quota=2)
    with pytest.raises(ValidationError, match="n'est pas jouée"):
        services.stage_register(actor=staff, stage=by_ranking, licensee=league.players(0, 1)[0])
    for n in range(16):
        licensee = f.LicenseeFactory(club=club, series="2" if n % 2 else "1")
        services.stage_register(actor=staff, stage=open_final, licensee=licensee)
    services.stage_referee_assign(
        actor=staff, stage=open_final, referee=league.referee, grade="regional"
    )
    c.start(league, open_final)
    c.play_session(league, services.stage_seat_first(actor=league.referee, stage=open_final), 1)
    second_session = services.stage_seat_next(actor=league.referee, stage=open_final)
    assert second_session.method == "ranking"  # art. 17 ¶2: its draw is the first session's
    c.play_session(league, second_session, 2)
    c.finish(league, open_final)
    services.stage_qualify(actor=staff, stage=by_ranking)
    ranked_second = [r.licensee.pk for r in stage_standings(open_final) if r.licensee.series == "2"]
    assert (
        list(by_ranking.qualifiers.filter(role="qualified").values_list("licensee", flat=True))
        == ranked_second[:2]
    )
    assert set(national.tournament.registrations.values_list("licensee", flat=True)) == set(
        ranked_second[:2]
    )


def test_a_stage_feeds_only_a_stage_that_gathers_its_players(league):
    competition = _competition(league)
    theirs = c.local_final(league, competition, 1, level=Stage.Level.REGIONAL_FINAL)
    with pytest.raises(ValidationError, match="ne réunit pas les joueurs de cet organisateur"):
        c.local_final(league, competition, 0, level=SEMI, next_stage=theirs)
    group = c.group_final(league, competition)
    assert c.local_final(league, competition, 0, level=SEMI, next_stage=group).next_stage == group


def test_no_direct_qualifier_when_every_table_is_complete(league):
    competition = _competition(league)
    final = c.local_final(league, competition, 0, level=Stage.Level.REGIONAL_FINAL)
    semi = c.local_final(
        league, competition, 0, level=Stage.Level.REGIONAL_SEMI_FINAL, next_stage=final
    )
    staff = league.committee_staff[0]
    players = league.players(0, 16)
    for licensee in players:
        services.stage_register(actor=staff, stage=semi, licensee=licensee)
    with pytest.raises(ValidationError, match="Aucune table n'est incomplète"):
        services.stage_direct_qualify(actor=staff, stage=semi, national_order=players[:3])
    assert not Qualifier.objects.exists()


def test_no_player_joins_a_next_stage_already_seated(league):
    competition = _competition(league)
    final = c.local_final(league, competition, 0, level=Stage.Level.REGIONAL_FINAL)
    stage = c.local_final(league, competition, 0, level=SEMI, next_stage=final)
    staff = league.committee_staff[0]
    for licensee in league.players(0, 16):
        services.stage_register(actor=staff, stage=stage, licensee=licensee)
    f.register(final.tournament, 16)  # as if qualified by other stages
    services.stage_seat_first(actor=league.referee, stage=final, seed=1)
    c.start(league, stage)
    c.play_session(league, services.stage_seat_first(actor=league.referee, stage=stage), 6)
    c.finish(league, stage)
    services.stage_quota_set(actor=league.federation_staff, stage=stage, quota=4)
    with pytest.raises(ValidationError, match="elle ne prend plus de joueurs"):
        services.stage_qualify(actor=staff, stage=stage)
    assert not Qualifier.objects.exists()


def test_a_changed_table_waits_for_the_zones_approval_again(league):
    stage = c.local_final(league, _competition(league), 0)
    stage.refresh_from_db()
    assert stage.approved_at is not None
    with pytest.raises(PermissionDenied):  # the committee does not approve its own table
        services.stage_regulation_approve(actor=league.committee_staff[0], stage=stage)
    services.stage_regulation_set(
        actor=league.committee_staff[0], stage=stage, rows=[RegulationRow(16, 40)], deals=20
    )
    stage.refresh_from_db()
    assert stage.approved_at is None
    for licensee in league.players(0, 16):
        services.stage_register(actor=league.committee_staff[0], stage=stage, licensee=licensee)
    with pytest.raises(ValidationError, match="n'a pas l'aval du responsable de zone"):
        services.stage_seat_first(actor=league.referee, stage=stage)
    other_zone = c._user("zone_manager", zone=f.ZoneFactory())
    with pytest.raises(PermissionDenied):
        services.stage_regulation_approve(actor=other_zone, stage=stage)
    c.approve(league, stage)
    assert services.stage_seat_first(actor=league.referee, stage=stage, seed=2).tables == 4


# --- ties at a cut and at the quota line (art. 20) ---------------------------------


def test_players_still_equal_after_tops_are_cut_and_qualified_in_registration_order(league):
    """Every player level after TOPs: the second session keeps, and the quota takes, the
    first registered, registration 999 before registration 1000."""
    competition = _competition(league)
    national = c.national_final(league, competition)
    final = c.local_final(
        league,
        competition,
        0,
        level=Stage.Level.REGIONAL_FINAL,
        next_stage=national,
        regulation=[RegulationRow(20, 28, (16,))],
    )
    staff = league.committee_staff[0]
    first_id = c.registrations_across_a_power_of_ten()
    for licensee in league.players(0, 20):
        services.stage_register(actor=staff, stage=final, licensee=licensee)
    registrations = list(final.tournament.registrations.order_by("pk"))
    assert registrations[0].pk == first_id
    c.start(league, final)
    first = services.stage_seat_first(actor=league.referee, stage=final)
    c.play_session(league, first, 1, score=80)
    second = services.stage_seat_next(actor=league.referee, stage=final)
    kept = set(Place.objects.filter(table__movement=second).values_list("registration", flat=True))
    assert kept == {r.pk for r in registrations[:16]}
    c.play_session(league, second, 2, score=80)
    c.finish(league, final)
    services.stage_quota_set(actor=league.federation_staff, stage=final, quota=4)
    qualifiers = services.stage_qualify(actor=staff, stage=final)
    assert [q.licensee_id for q in qualifiers] == [r.licensee_id for r in registrations[:6]]
    assert {q.rank for q in qualifiers} == {1}
    final.refresh_from_db()
    assert (final.champion_id, final.vice_champion_id) == (
        registrations[0].licensee_id,
        registrations[1].licensee_id,
    )


# --- seating (art. 7, 17) ------------------------------------------------------------


def _seating(movement) -> dict[tuple[str, str], int]:
    """{(section, player code): registration id} at the first position."""
    return dict(
        ((section, code), registration)
        for section, code, registration in Place.objects.filter(
            table__movement=movement, table__sequence=1, registration__isnull=False
        ).values_list("table__section", "player_code", "registration_id")
    )


def test_the_open_regional_final_is_drawn_then_seated_by_serpentine(league):
    """Art. 7: « Mise en place aléatoire et non pas équilibrée pour ne protéger personne »
    is the first session's; art. 17 ¶2: « Pour les séances suivantes, le placement des
    joueurs est effectué par serpentin », at every stage."""
    competition = _competition(league, kind="open")
    with pytest.raises(ValidationError, match=r"aléatoire et non pas équilibrée.*\(art. 7\)"):
        c.local_final(
            league, competition, 0, level=FINAL, regulation=TWO_SESSIONS, seating="serpentine"
        )
    final = c.local_final(
        league, competition, 0, level=FINAL, regulation=[RegulationRow(20, 28, (16,))]
    )
    assert final.seating == Stage.Seating.DRAW
    for licensee in league.players(0, 20):
        services.stage_register(actor=league.committee_staff[0], stage=final, licensee=licensee)
    c.start(league, final)
    first = services.stage_seat_first(actor=league.referee, stage=final, seed=3)
    assert first.method == SessionMovement.Method.DRAW
    c.play_session(league, first, 3)
    ranked = [row.registration_id for row in stage_standings(final)]
    second = services.stage_seat_next(actor=league.referee, stage=final)
    assert second.method == SessionMovement.Method.RANKING
    assert _seating(second) == seating_next_session(room_movement(4), ranked[:16])


def test_a_regional_stage_may_balance_its_first_session_by_serpentine(league):
    """Art. 17: « Les positions de départ … sont tirées au sort ou définies de façon à
    équilibrer les lignes (serpentin par exemple) suivant les règles définies dans le
    règlement régional »: the players by série, then by name, seated by serpentine."""
    competition = _competition(league, kind="senior")
    stage = c.local_final(league, competition, 0, level=FINAL, seating="serpentine")
    assert stage.seating == Stage.Seating.SERPENTINE
    seniors = {"birth_date": datetime.date(1950, 1, 1)}
    players = league.players(0, 8, series="2", **seniors) + league.players(
        0, 8, series="1", **seniors
    )
    for licensee in players:
        services.stage_register(actor=league.committee_staff[0], stage=stage, licensee=licensee)
    movement = services.stage_seat_first(actor=league.referee, stage=stage)
    assert movement.method == SessionMovement.Method.RANKING
    registrations = stage.tournament.registrations.select_related("licensee")
    order = sorted(registrations, key=lambda r: (r.licensee.series, r.licensee.full_name, r.pk))
    assert _seating(movement) == seating_next_session(room_movement(4), [r.pk for r in order])
