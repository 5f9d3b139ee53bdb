"""The lines the national ranking withholds, as federation staff read them on the
preview (the federation's page, the publish confirmation), and their restoration: granted
to federation staff alone, with a reason, once a line; the restored line counts at the
next computation. The list's queries do not grow with its lines."""

import datetime

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from apps.awards.models import Award, AwardSet
from apps.core.models import AuditLog
from apps.federation.models import Season
from apps.rankings import services
from apps.rankings.computation import ranking_store
from apps.rankings.models import LineRestoration, RankingRow, RankingRun, WithheldLine
from apps.tournaments.domain.workflow import Status
from tests import factories as f
from tests.personas import PERSONAS
from tests.queries import queries_of

REASON = "Tournoi de ligue : l'indice a été accordé par courrier."


@pytest.fixture
def season(db):
    return Season.objects.create(start_year=2026, is_current=True)


def _run(season, *, live=False) -> RankingRun:
    return RankingRun.objects.create(
        season=season,
        state=RankingRun.State.DONE,
        live=live,
        computed_at=datetime.datetime(2026, 11, 2, 20, 0, tzinfo=datetime.UTC),
    )


def _withheld(run, licensee, *, pcn=999999, award_set=None) -> WithheldLine:
    """A line the run did not count, as the computation writes it."""
    if award_set is None:
        award_set = AwardSet.objects.create(tournament=f.TournamentFactory(), state="done")
    return WithheldLine.objects.create(
        run=run,
        award_set=award_set,
        source=f"« {award_set.tournament.name} »",
        licensee=licensee,
        pcn=pcn,
        pp=0,
        kind=WithheldLine.Kind.BOUNDS,
        reason=f"{pcn} PCN et 0 PP : au-delà de ce que les tables donnent (12 joueurs).",
    )


def _url(name, *args):
    return reverse(f"rankings:{name}", args=args)


# --- the service ------------------------------------------------------------------------


def test_federation_staff_restore_a_line_with_its_reason_and_audit(
    world, season, django_capture_on_commit_callbacks
):
    line = _withheld(_run(season), world.licensee)
    with django_capture_on_commit_callbacks() as queued:
        restoration = services.line_restore(
            actor=world.federation_staff, season=season, withheld=line, reason=f"  {REASON} "
        )
    assert (
        restoration.season,
        restoration.award_set_id,
        restoration.homologation_id,
        restoration.licensee,
        restoration.reason,
        restoration.restored_by,
    ) == (season, line.award_set_id, None, world.licensee, REASON, world.federation_staff)
    log = AuditLog.objects.get(
        content_type=ContentType.objects.get_for_model(LineRestoration),
        object_id=str(restoration.pk),
    )
    assert log.actor == world.federation_staff and log.changes["reason"] == [None, REASON]
    asked = RankingRun.objects.get(state=RankingRun.State.PENDING)
    assert asked.season == season and len(queued) == 1  # the worker, once this commits


@pytest.mark.parametrize("persona", [p for p in PERSONAS if p != "federation_staff"])
def test_no_one_else_restores_a_line(world, season, persona):
    line = _withheld(_run(season), world.licensee)
    with pytest.raises(PermissionDenied):
        services.line_restore(
            actor=world.persona(persona), season=season, withheld=line, reason=REASON
        )
    assert not LineRestoration.objects.exists()
    assert not RankingRun.objects.filter(state=RankingRun.State.PENDING).exists()


@pytest.mark.parametrize("reason", ["", "   \n "])
def test_a_restoration_without_a_reason_is_refused(world, season, reason):
    line = _withheld(_run(season), world.licensee)
    with pytest.raises(ValidationError) as refused:
        services.line_restore(
            actor=world.federation_staff, season=season, withheld=line, reason=reason
        )
    assert refused.value.messages == [
        "Dites pourquoi cette ligne compte : la raison est obligatoire."
    ]
    assert not LineRestoration.objects.exists() and not AuditLog.objects.exists()


def test_a_line_is_restored_once(world, season):
    line = _withheld(_run(season), world.licensee)
    services.line_restore(actor=world.federation_staff, season=season, withheld=line, reason=REASON)
    again = _withheld(_run(season), world.licensee, award_set=line.award_set)  # a later run
    with pytest.raises(ValidationError) as refused:
        services.line_restore(
            actor=world.federation_staff, season=season, withheld=again, reason="encore"
        )
    assert refused.value.code == "restored"
    assert LineRestoration.objects.count() == 1


def test_a_line_of_another_season_is_refused(world, season):
    other = Season.objects.create(start_year=2025)
    line = _withheld(_run(other), world.licensee)
    with pytest.raises(ValidationError):
        services.line_restore(
            actor=world.federation_staff, season=season, withheld=line, reason=REASON
        )
    assert not LineRestoration.objects.exists()


# --- the pages --------------------------------------------------------------------------


def test_the_page_lists_the_latest_runs_withheld_lines(world, season, login):
    _withheld(_run(season), world.other_licensee, pcn=5)  # an older run: not read
    line = _withheld(_run(season, live=True), world.licensee)
    client = login(world.federation_staff)
    html = client.get(_url("staff", 2026)).content.decode()
    assert "Lignes retenues" in html and html.count('data-test="withheld-line"') == 1
    assert world.licensee.last_name.upper() in html and world.licensee.licence_number in html
    assert line.source.replace("'", "&#x27;") in html
    assert "Au-delà des tables" in html and "au-delà de ce que les tables donnent" in html
    assert _url("restore", 2026, line.pk) in html
    assert "Aucune ligne retenue" not in html


def test_the_page_says_when_no_line_is_withheld(world, season, login):
    client = login(world.federation_staff)
    assert "Aucune ligne retenue." in client.get(_url("staff", 2026)).content.decode()
    _run(season)
    assert "Aucune ligne retenue." in client.get(_url("staff", 2026)).content.decode()


@pytest.mark.parametrize("persona", PERSONAS)
def test_only_federation_staff_see_and_restore_the_lines(world, season, login, persona):
    line = _withheld(_run(season), world.licensee)
    client = login(world.persona(persona))
    allowed = persona == "federation_staff"
    page = client.get(_url("staff", 2026))
    assert page.status_code == (200 if allowed else 403)
    assert ('data-test="restore"' in page.content.decode()) == allowed
    assert client.get(_url("restore", 2026, line.pk)).status_code == (200 if allowed else 403)
    answer = client.post(_url("restore", 2026, line.pk), {"reason": REASON})
    assert answer.status_code == (302 if allowed else 403)
    assert LineRestoration.objects.exists() == allowed


def test_restore_through_the_page_after_the_reason(world, season, login):
    line = _withheld(_run(season), world.licensee)
    client = login(world.federation_staff)
    form = client.get(_url("restore", 2026, line.pk)).content.decode()
    assert 'name="reason"' in form and "required" in form and "999999 PCN" in form
    refused = client.post(_url("restore", 2026, line.pk), {"reason": " "}, follow=True)
    assert "la raison est obligatoire" in refused.content.decode()
    assert not LineRestoration.objects.exists()
    answer = client.post(_url("restore", 2026, line.pk), {"reason": REASON}, follow=True)
    html = answer.content.decode()
    assert "La ligne est rétablie" in html
    assert LineRestoration.objects.get().reason == REASON
    # The list still shows the preview, the line marked restored, without its button.
    assert 'data-test="restored"' in html and 'data-test="restore"' not in html
    again = client.post(_url("restore", 2026, line.pk), {"reason": REASON}, follow=True)
    assert "déjà rétablie" in again.content.decode()
    assert LineRestoration.objects.count() == 1


def test_a_line_of_another_season_is_not_found_on_the_page(world, season, login):
    line = _withheld(_run(Season.objects.create(start_year=2025)), world.licensee)
    client = login(world.federation_staff)
    assert client.get(_url("restore", 2026, line.pk)).status_code == 404


def test_the_publish_confirmation_counts_the_lines_and_links_to_them(world, season, login):
    client = login(world.federation_staff)
    assert "retenue" not in client.get(_url("publish", 2026)).content.decode()
    run = _run(season)
    _withheld(run, world.licensee)
    _withheld(run, world.other_licensee)
    html = client.get(_url("publish", 2026)).content.decode()
    assert "2 lignes retenues par le dernier calcul ne comptent pas" in html
    assert f'href="{_url("staff", 2026)}#withheld"' in html


def test_the_lists_queries_do_not_grow_with_its_lines(world, season, login):
    client = login(world.federation_staff)
    run = _run(season)
    counts = []
    for size in (2, 20):
        for _i in range(size):
            _withheld(run, f.LicenseeFactory(club=world.club))
        counts.append(queries_of(lambda: client.get(_url("staff", 2026))))
        counts.append(queries_of(lambda: client.get(_url("publish", 2026))))
    assert counts[:2] == counts[2:]


# --- end to end -------------------------------------------------------------------------


def test_a_line_above_the_tables_is_withheld_then_restored_and_counted(
    world, season, login, django_capture_on_commit_callbacks
):
    """An award written straight through the models, far above what 12 players allow."""
    tournament = f.TournamentFactory(
        club=world.club, status=Status.APPROVED, date=datetime.date(2026, 10, 3)
    )
    registrations = [f.RegistrationFactory(tournament=tournament) for _i in range(11)]
    registrations.append(f.RegistrationFactory(tournament=tournament, licensee=world.licensee))
    award_set = AwardSet.objects.create(tournament=tournament, state="done")
    Award.objects.create(
        award_set=award_set,
        registration=registrations[-1],
        licensee=world.licensee,
        pcn=999999,
        pp=0,
        reason="",
    )
    run = _run(season)
    ranking_store(run_id=run.pk, season=season)
    line = WithheldLine.objects.get(run=run)
    assert (line.licensee, line.pcn, line.kind) == (world.licensee, 999999, "bounds")
    assert "au-delà de ce que les tables donnent" in line.reason
    assert not RankingRow.objects.filter(run=run, licensee=world.licensee).exists()

    client = login(world.federation_staff)
    html = client.get(_url("staff", 2026)).content.decode()
    assert "999999" in html and "au-delà de ce que les tables donnent" in html

    with django_capture_on_commit_callbacks(execute=True):
        client.post(_url("restore", 2026, line.pk), {"reason": REASON})
    computed = RankingRun.objects.exclude(pk=run.pk).get()
    assert computed.state == RankingRun.State.DONE
    assert RankingRow.objects.get(run=computed, licensee=world.licensee).pcn == 999999
    assert not WithheldLine.objects.filter(run=computed).exists()
    html = client.get(_url("staff", 2026)).content.decode()
    assert "Aucune ligne retenue." in html
