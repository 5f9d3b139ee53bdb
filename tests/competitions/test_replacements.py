"""A qualified player's withdrawal (« forfait ») and the replacement entering « à la place
de » them (ch. 2 art. 18 « le ou les remplaçants prévus »): in list order, never on top of
the quota, shown on the stage's lists, the next stage's registrations and the bordereau."""

import io

import openpyxl
import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from apps.competitions import services
from apps.competitions.models import Qualifier, Stage
from apps.competitions.selectors import qualifier_replacement
from tests import factories as f
from tests.competitions import championship as c


@pytest.fixture
def stage(league) -> Stage:
    """Committee 0's regional final, played and closed: 4 qualified for the national
    final, 2 replacements listed."""
    competition = services.competition_create(
        actor=league.federation_staff, season=league.season, kind="P"
    )
    final = c.national_final(league, competition)
    stage = c.local_final(
        league, competition, 0, level=Stage.Level.REGIONAL_FINAL, next_stage=final
    )
    for licensee in league.players(0, 16):
        services.stage_register(actor=league.committee_staff[0], stage=stage, licensee=licensee)
    services.stage_quota_set(actor=league.federation_staff, stage=stage, quota=4)
    c.start(league, stage)
    c.play_session(league, services.stage_seat_first(actor=league.referee, stage=stage), 2)
    c.finish(league, stage)
    services.stage_qualify(actor=league.committee_staff[0], stage=stage)
    return stage


def _listed(stage) -> tuple[list[Qualifier], list[Qualifier]]:
    qualifiers = list(stage.qualifiers.select_related("licensee").order_by("order"))
    return qualifiers[:4], qualifiers[4:]


def _entered(stage) -> set[int]:
    return set(stage.next_stage.tournament.registrations.values_list("licensee_id", flat=True))


def test_a_listed_replacement_never_enters_on_top_of_the_quota(league, stage):
    _qualified, (first, _second) = _listed(stage)
    with pytest.raises(ValidationError, match="n'entre qu'à la place d'un qualifié"):
        services.stage_register(
            actor=league.federation_staff, stage=stage.next_stage, licensee=first.licensee
        )
    assert len(_entered(stage)) == 4


def test_a_withdrawal_lets_the_replacements_in_by_list_order(league, stage):
    staff = league.committee_staff[0]
    (q1, q2, q3, _q4), (r1, r2) = _listed(stage)
    assert services.qualifier_withdraw(actor=staff, qualifier=q1) == r1
    assert _entered(stage) == {q.licensee_id for q in (r1, q2, q3, _q4)}
    # the replacement who entered withdraws in turn: the next one takes the place
    assert services.qualifier_withdraw(actor=staff, qualifier=r1) == r2
    assert services.qualifier_withdraw(actor=staff, qualifier=q2) is None  # the list is spent
    assert _entered(stage) == {q.licensee_id for q in (r2, q3, _q4)}
    for qualifier in (q1, r1, r2, q2):
        qualifier.refresh_from_db()
    assert (q1.status, r1.status, r2.status, q2.status) == (
        Qualifier.Status.REPLACED,
        Qualifier.Status.REPLACED,
        Qualifier.Status.ENTERED,
        Qualifier.Status.WITHDRAWN,
    )
    assert q1.situation == f"forfait, remplacé par {r1.licensee.full_name}"
    assert r2.situation == f"à la place de {r1.licensee.full_name}"
    assert q2.situation == "forfait"
    with pytest.raises(ValidationError, match="a déjà déclaré forfait"):
        services.qualifier_withdraw(actor=staff, qualifier=q1)


def test_a_replacement_not_entered_leaves_the_list_alone(league, stage):
    (q1, *_), (r1, r2) = _listed(stage)
    assert services.qualifier_withdraw(actor=league.committee_staff[0], qualifier=r1) is None
    assert len(_entered(stage)) == 4
    assert services.qualifier_withdraw(actor=league.committee_staff[0], qualifier=q1) == r2


def test_who_records_a_withdrawal(league, stage):
    (q1, q2, *_), _replacements = _listed(stage)
    others = (f.UserFactory(), league.zone_manager, league.referee, league.committee_staff[1])
    for user in others:
        with pytest.raises(PermissionDenied):
            services.qualifier_withdraw(actor=user, qualifier=q1)
    assert not Qualifier.objects.filter(withdrawn_at__isnull=False).exists()
    services.qualifier_withdraw(actor=league.committee_staff[0], qualifier=q1)  # the stage's
    services.qualifier_withdraw(actor=league.federation_staff, qualifier=q2)  # the final's


def test_no_withdrawal_once_the_next_stage_is_seated(league, stage):
    (q1, *_), _replacements = _listed(stage)
    final = stage.next_stage
    for licensee in league.players(1, 12):  # the final's other qualified players
        Qualifier.objects.create(
            stage=stage, licensee=licensee, role=Qualifier.Role.QUALIFIED, order=100 + licensee.pk
        )
        services.stage_register(actor=league.federation_staff, stage=final, licensee=licensee)
    c.start(league, final)
    services.stage_seat_first(actor=league.referee, stage=final)
    with pytest.raises(ValidationError, match="est placée"):
        services.qualifier_withdraw(actor=league.committee_staff[0], qualifier=q1)


def test_the_pages_and_the_bordereau_show_who_replaced_whom(client, league, stage):
    (q1, *_), (r1, _r2) = _listed(stage)
    url = reverse("competitions:withdraw", args=[q1.pk])
    for user in (f.UserFactory(), league.zone_manager, league.committee_staff[1]):
        client.force_login(user)
        assert client.get(url).status_code == 403
        assert client.post(url).status_code == 403
    client.force_login(league.committee_staff[0])
    stage_url = reverse("competitions:stage", args=[stage.pk])
    assert url in client.get(stage_url).content.decode()
    asked = client.get(url).content.decode()
    assert f"{r1.licensee.full_name}, premier remplaçant de la liste encore libre" in asked
    assert not Qualifier.objects.filter(withdrawn_at__isnull=False).exists()  # asked only
    done = client.post(url, follow=True).content.decode()
    assert f"déclare forfait : {r1.licensee.full_name} entre à sa place" in done
    assert f"forfait, remplacé par {r1.licensee.full_name}" in done
    assert f"à la place de {q1.licensee.full_name}" in done
    final = client.get(reverse("competitions:stage", args=[stage.next_stage.pk])).content.decode()
    assert f'data-test="in-place-of">· à la place de {q1.licensee.full_name}' in final
    xlsx = client.get(reverse("competitions:bordereau", args=[stage.pk, "xlsx"]))
    rows = list(openpyxl.load_workbook(io.BytesIO(xlsx.content)).active.values)
    situations = {row[4]: row[1] for row in rows[4:]}  # by last name
    assert (
        situations[q1.licensee.last_name.upper()]
        == f"forfait, remplacé par {r1.licensee.full_name}"
    )
    assert situations[r1.licensee.last_name.upper()] == f"à la place de {q1.licensee.full_name}"


def test_a_replacement_already_in_the_next_stage_is_passed_over(league, stage):
    """A replacement registered there by another right (an outgoing champion, say) keeps
    that place: the next replacement enters, and their own withdrawal removes nothing."""
    (q1, *_), (r1, r2) = _listed(stage)
    f.RegistrationFactory(tournament=stage.next_stage.tournament, licensee=r1.licensee)
    staff = league.committee_staff[0]
    assert qualifier_replacement(q1) == r2
    assert services.qualifier_withdraw(actor=staff, qualifier=q1) == r2
    assert services.qualifier_withdraw(actor=staff, qualifier=r1) is None
    assert r1.licensee_id in _entered(stage)


def test_no_withdrawal_before_the_qualified_are_named(league):
    competition = services.competition_create(
        actor=league.federation_staff, season=league.season, kind="P"
    )
    final = c.national_final(league, competition)
    level = Stage.Level.REGIONAL_SEMI_FINAL
    regional = c.local_final(
        league, competition, 0, level=Stage.Level.REGIONAL_FINAL, next_stage=final
    )
    semi = c.local_final(league, competition, 0, level=level, next_stage=regional)
    early = Qualifier.objects.create(
        stage=semi, licensee=league.players(0, 1)[0], role=Qualifier.Role.DIRECT, order=1
    )
    assert early.situation == "qualifié directement (table incomplète)"
    with pytest.raises(ValidationError, match="ne sont pas encore désignés"):
        services.qualifier_withdraw(actor=league.committee_staff[0], qualifier=early)
