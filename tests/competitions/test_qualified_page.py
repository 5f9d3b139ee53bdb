"""The public list of a championship's qualified players, committee by committee, with
where each stands, and the notice each player gets when a stage names them or when they
enter in a withdrawn player's place."""

from django.core import mail
from django.urls import reverse

from apps.competitions import services
from apps.competitions.models import Qualifier, Stage
from apps.competitions.selectors import stage_qualify_plan
from tests import factories as f
from tests.competitions import championship as c
from tests.queries import queries_of


def _closed(league, quota: int, players=16) -> Stage:
    competition = services.competition_create(
        actor=league.federation_staff, season=league.season, kind="P"
    )
    final = c.national_final(league, competition)
    level = Stage.Level.REGIONAL_FINAL
    stage = c.local_final(league, competition, 0, level=level, next_stage=final)
    for licensee in league.players(0, players):
        services.stage_register(actor=league.committee_staff[0], stage=stage, licensee=licensee)
    services.stage_quota_set(actor=league.federation_staff, stage=stage, quota=quota)
    c.start(league, stage)
    c.play_session(league, services.stage_seat_first(actor=league.referee, stage=stage), 2)
    c.finish(league, stage)
    return Stage.objects.get(pk=stage.pk)


def test_everyone_reads_the_qualified_and_where_each_stands(client, league):
    stage = _closed(league, 4)
    services.stage_qualify(actor=league.committee_staff[0], stage=stage)
    q1, q2, *_ = stage.qualifiers.order_by("order")
    r1 = stage.qualifiers.get(order=5)
    services.qualifier_withdraw(actor=league.committee_staff[0], qualifier=q1)
    url = reverse("competitions:qualified", args=[stage.competition_id])
    page = client.get(url).content.decode()  # signed out
    assert "Pour Finale nationale" in page and f"<h3>{league.committees[0].name}</h3>" in page
    assert f"forfait, remplacé par {r1.licensee.full_name}" in page
    assert f"à la place de {q1.licensee.full_name}" in page
    assert page.count('data-test="status">qualifié<') == 3
    assert page.count('data-test="status">remplaçant<') == 1
    assert q2.licensee.licence_number not in page  # no licence number in public
    detail = client.get(reverse("competitions:detail", args=[stage.competition_id]))
    assert url in detail.content.decode()


def test_the_page_costs_the_same_for_6_and_14_players_listed(client, league):
    stage = _closed(league, 4)
    services.stage_qualify(actor=league.committee_staff[0], stage=stage)
    url = reverse("competitions:qualified", args=[stage.competition_id])
    few = queries_of(lambda: client.get(url))
    for n, licensee in enumerate(league.players(1, 8)):
        Qualifier.objects.create(
            stage=stage, licensee=licensee, role=Qualifier.Role.QUALIFIED, order=100 + n
        )
    assert queries_of(lambda: client.get(url)) == few


def test_each_player_named_is_told_with_the_link(league, django_capture_on_commit_callbacks):
    stage = _closed(league, 2)
    plan = stage_qualify_plan(stage)
    ranked = [*plan.qualified, *plan.replacements]
    assert len(ranked) == 4
    for n, standing in enumerate(ranked):
        f.UserFactory(licensee=standing.licensee, email=f"joueur{n}@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        services.stage_qualify(actor=league.committee_staff[0], stage=stage)
    assert sorted(m.to[0] for m in mail.outbox) == sorted(
        f"joueur{n}@example.org" for n in range(4)
    )
    first = next(m for m in mail.outbox if m.to == ["joueur0@example.org"])
    assert "Vous êtes qualifié pour Finale nationale." in first.body
    assert reverse("competitions:qualified", args=[stage.competition_id]) in first.body
    listed = next(m for m in mail.outbox if m.to == ["joueur2@example.org"])
    assert "Vous êtes remplaçant n° 1 pour Finale nationale" in listed.body
    mail.outbox.clear()
    withdrawn = stage.qualifiers.get(order=1)
    with django_capture_on_commit_callbacks(execute=True):
        services.qualifier_withdraw(actor=league.committee_staff[0], qualifier=withdrawn)
    (notice,) = mail.outbox
    assert notice.to == ["joueur2@example.org"]
    assert (
        f"{withdrawn.licensee.full_name} a déclaré forfait : vous entrez à sa place" in notice.body
    )
