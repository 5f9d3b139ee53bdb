"""Finishing a tournament with lines missing is refused unless the referee states, line by
line, what happened: a line not played is left out, its étui scored without it as a
neutralised play (ch. 4 « Donne neutralisée »); results are never called final with lines
missing."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from apps.core.models import AuditLog
from apps.movements import services as movements
from apps.movements.models import MovementTable
from apps.results.domain.topage import taker_notes
from apps.results.selectors import session_display
from apps.scoring import services
from apps.scoring.finishing import finish_refusals
from apps.scoring.models import Play
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from apps.tournaments.services import tournament_transition
from tests.builders import ETUI_1, advance_to, enter, enter_all, played, table_of
from tests.factories import register
from tests.wording import said

pytestmark = pytest.mark.django_db


@pytest.fixture
def movement(world):
    """The world tournament running, 5 tables, every play entered but the last two."""
    movement = played(world)
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    world.tournament.refresh_from_db()
    enter_all(world, movement, skip=2)
    return movement


def unsettled(movement) -> list[tuple]:
    lines = Play.objects.filter(table__movement=movement)
    entered = set(lines.exclude(score=None).values_list("table_id", "etui"))
    stated = set(lines.filter(not_played=True).values_list("table_id", "etui"))
    tables = MovementTable.objects.filter(movement=movement, position__gte=1)
    return [
        (table, etui)
        for table in tables.order_by("sequence", "table")
        for etui in table.etuis
        if (table.pk, etui) not in entered | stated
    ]


def finish(world):
    return tournament_transition(
        actor=world.referee, tournament=world.tournament, status=Status.FINISHED
    )


def test_finishing_with_lines_missing_is_refused(world, movement):
    assert len(unsettled(movement)) == 2
    with pytest.raises(ValidationError) as caught:
        finish(world)
    assert caught.value.messages[0] == said(
        "Session %(number)s: lines without a score: %(count)s.", number=1, count=2
    )
    world.tournament.refresh_from_db()
    assert world.tournament.status == Status.RUNNING


def test_lines_stated_not_played_let_the_tournament_finish(world, movement):
    for table, etui in unsettled(movement):
        services.play_not_played_set(
            actor=world.referee, table=table, etui=etui, note="Arrêt faute de temps"
        )
    assert unsettled(movement) == []
    assert finish(world).status == Status.FINISHED


def test_a_position_never_put_in_play_is_missing_too(world):
    register(world.tournament, 20)
    session = world.tournament.sessions.get()
    movement = movements.movement_generate(actor=world.referee, session=session, seed=7)
    movement = advance_to(world, movement, movement.positions - 1)
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    enter_all(world, movement.__class__.objects.get(pk=movement.pk), skip=20)
    last = [(t, e) for t, e in unsettled(movement) if t.sequence == movement.positions]
    assert len(last) == 20 == len(unsettled(movement))
    with pytest.raises(ValidationError):
        finish(world)
    for table, etui in last:
        services.play_not_played_set(actor=world.referee, table=table, etui=etui, note="Arrêt")
    assert finish(world).status == Status.FINISHED


def test_a_line_not_played_leaves_the_topage_of_its_etui(world):
    """Étui 1 of the regulation's example with the last play not played: the four others
    are topped among themselves, and the not-played play has no note and is not missing."""
    movement = played(world)
    scores = [score for _p, _t, score, _a, _d in ETUI_1]
    enter(world, movement, 1, scores[:4])
    services.play_not_played_set(
        actor=world.referee, table=table_of(movement, 1, 5), etui=1, note="Étui égaré"
    )
    display = session_display(movement.session)
    lines = display.etuis()[0].lines
    notes = [line.note.taker_note for line in lines]
    assert notes == [*taker_notes(scores[:4]), None]
    plays = display.plays
    before = display.results.missing
    services.play_score_set(actor=world.referee, table=table_of(movement, 1, 5), etui=1, score=50)
    after = session_display(movement.session)
    assert after.results.missing == before and after.plays == plays
    assert [line.note.taker_note for line in after.etuis()[0].lines] == [
        note for _p, _t, _s, note, _d in ETUI_1
    ]


def test_a_score_takes_the_statement_back_and_a_score_is_not_overwritten(world, movement):
    table, etui = unsettled(movement)[0]
    services.play_not_played_set(actor=world.referee, table=table, etui=etui, note="Égaré")
    play = services.play_score_set(actor=world.referee, table=table, etui=etui, score=56)
    assert (play.not_played, play.not_played_note, play.score) == (False, "", 56)
    with pytest.raises(ValidationError) as caught:
        services.play_not_played_set(actor=world.referee, table=table, etui=etui)
    assert caught.value.messages == [
        said("This line has a score: clear it before stating that it was not played.")
    ]
    assert Play.objects.get(pk=play.pk).score == 56


def test_the_statement_is_audited(world, movement):
    table, etui = unsettled(movement)[0]
    play = services.play_not_played_set(
        actor=world.referee, table=table, etui=etui, note=" Étui égaré "
    )
    entry = AuditLog.objects.get(object_id=str(play.pk), action="create")
    assert entry.changes == {"not_played": [False, True], "not_played_note": ["", "Étui égaré"]}
    assert entry.actor == world.referee


# --- the page --------------------------------------------------------------------


def test_the_referee_states_a_line_not_played_on_the_page(world, login, movement):
    client = login(world.referee)
    url = reverse("scoring:unsettled", args=[movement.session_id])
    page = client.get(url)
    assert page.status_code == 200
    assert len(page.context["missing"]) == 2
    table, etui = unsettled(movement)[0]
    response = client.post(url, {"table": table.pk, "etui": etui, "note": "Arrêt"})
    assert response.status_code == 302
    assert Play.objects.get(table=table, etui=etui).not_played
    page = client.get(url)
    assert len(page.context["missing"]) == 1 and len(page.context["not_played"]) == 1
    bogus = client.post(url, {"table": 0, "etui": "x"})
    assert bogus.status_code == 302
    assert Play.objects.filter(not_played=True).count() == 1


@pytest.mark.parametrize(
    ("persona", "status"),
    [("club_manager", 403), ("committee_staff", 403), ("player", 403), ("outsider", 403)],
)
def test_only_the_referee_states_lines_not_played(world, login, movement, persona, status):
    url = reverse("scoring:unsettled", args=[movement.session_id])
    client = login(world.persona(persona))
    assert client.get(url).status_code == status
    table, etui = unsettled(movement)[0]
    assert client.post(url, {"table": table.pk, "etui": etui}).status_code == status
    assert not Play.objects.filter(not_played=True).exists()


def test_results_are_called_final_only_with_no_line_missing(world, login, movement):
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.FINISHED)
    client = login(world.referee)
    url = reverse("results:session", args=[movement.session_id])
    html = client.get(url).content.decode()
    assert 'data-test="provisional"' in html and 'data-test="final"' not in html
    for table, etui in unsettled(movement):
        services.play_not_played_set(actor=world.referee, table=table, etui=etui, reason="Oubli")
    html = client.get(url).content.decode()
    assert 'data-test="final"' in html and 'data-test="provisional"' not in html


def test_the_finish_confirmation_lists_the_missing_lines_and_asks_nothing(world, movement, login):
    url = reverse("tournaments:transition", args=[world.tournament.pk])
    page = login(world.referee).get(url, {"status": "finished"}).content.decode()
    assert 'data-test="warnings"' in page
    assert said("Session %(number)s: lines without a score: %(count)s.", number=1, count=2) in page
    assert 'data-test="confirm"' not in page
    for table, etui in unsettled(movement):
        services.play_score_set(actor=world.referee, table=table, etui=etui, score=56)
    page = login(world.referee).get(url, {"status": "finished"}).content.decode()
    assert 'data-test="warnings"' not in page and 'data-test="confirm"' in page


def test_the_finish_confirmation_links_each_missing_line_to_its_entry(world, movement, login):
    url = reverse("tournaments:transition", args=[world.tournament.pk])
    page = login(world.referee).get(url, {"status": "finished"}).content.decode()
    session = movement.session
    listing = reverse("scoring:unsettled", args=[session.pk])
    assert f'<a href="{listing}">' in page
    for table, etui in unsettled(movement):
        entry = reverse("scoring:traveller", args=[session.pk, etui])
        line = said(
            "Session %(number)s, position %(position)s, table %(table)s, étui %(etui)s",
            number=1,
            position=table.position,
            table=table.table,
            etui=etui,
        )
        assert f'<a href="{entry}#line-{table.pk}-{etui}">{line}</a>' in page


def test_listing_the_missing_lines_costs_the_same_however_many(world, login):
    movement = played(world)
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    world.tournament.refresh_from_db()
    with CaptureQueriesContext(connection) as all_missing:
        many = finish_refusals(world.tournament, Status.FINISHED)
    enter_all(world, movement, skip=2)
    with CaptureQueriesContext(connection) as two_missing:
        few = finish_refusals(world.tournament, Status.FINISHED)
    assert len(many) > len(few) == 4
    assert len(all_missing) == len(two_missing)


def test_moving_on_with_lines_missing_lists_them_and_asks(world, login):
    register(world.tournament, 20)
    session = world.tournament.sessions.get()
    movement = advance_to(
        world, movements.movement_generate(actor=world.referee, session=session, seed=7), 1
    )
    tables = list(MovementTable.objects.filter(movement=movement, position=1).order_by("table"))
    for table in tables[1:]:
        for etui in table.etuis:
            services.play_score_set(actor=world.referee, table=table, etui=etui, score=56)
    url = reverse("movements:advance", args=[session.pk])
    browser = login(world.referee)
    page = browser.post(url, {"from_position": "1"}).content.decode()
    etuis = ", ".join(map(str, tables[0].etuis))
    assert said("Position %(position)s is not fully entered:", position=1) in page
    expected = said("Table %(table)s: étuis %(etuis)s without a score.", table=1, etuis=etuis)
    assert expected in page
    assert 'data-test="confirm"' in page  # a warning: the referee may still move on
    for etui in tables[0].etuis:
        services.play_score_set(actor=world.referee, table=tables[0], etui=etui, score=56)
    assert 'data-test="warnings"' not in browser.post(url, {"from_position": "1"}).content.decode()
