"""The read API of results (apps.results.reads): the same results as the pages, as plain
data, at a cost that does not grow with the number of players."""

import dataclasses

import pytest

from apps.penalties.services import penalty_give
from apps.results.reads import session_results_read, tournament_results_read
from apps.results.selectors import people_of, session_display, session_results, total_ranking
from apps.tournaments.models import Registration, Session
from tests.builders import enter, enter_all, played
from tests.queries import queries_of

pytestmark = pytest.mark.django_db


def _plain(value) -> bool:
    """Numbers, strings, None and tuples of them or of such dataclasses: no model object."""
    if dataclasses.is_dataclass(value):
        return all(_plain(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, tuple):
        return all(_plain(item) for item in value)
    return value is None or isinstance(value, int | float | str | bool)


def test_a_sessions_results_as_the_pages_show_them(world):
    movement = played(world)
    enter_all(world, movement)
    session = movement.session
    punished = Registration.objects.filter(tournament=world.tournament).order_by("pk").first()
    penalty_give(
        actor=world.referee, session=session, registration=punished, percent="2", reason="téléphone"
    )
    data = session_results_read(session)
    results = session_results(session)
    assert _plain(data) and data.complete and (data.session_id, data.number) == (session.pk, 1)
    assert len(data.players) == len(results.players) == 20
    for read, result in zip(data.players, results.players, strict=True):
        registration = Registration.objects.get(pk=int(result.player))
        assert read.player.registration_id == registration.pk
        assert read.player.licensee_id == registration.licensee_id
        assert read.player.licence_number == registration.licensee.licence_number
        assert (read.rank, read.rank_alternate, read.line) == (
            result.rank,
            result.rank_alternate,
            result.line,
        )
        assert (read.final, read.penalty, read.tops) == (result.final, result.penalty, result.tops)
        assert [(e.etui, e.note, e.score) for e in read.etuis] == [
            (line.etui, line.note, line.score) for line in result.sheet
        ]
    (read,) = [p for p in data.players if p.player.registration_id == punished.pk]
    assert read.penalty == 2 and read.final == pytest.approx(read.overall - 2)


def test_an_incomplete_session_says_so(world):
    movement = played(world)
    enter_all(world, movement, skip=1)
    assert not session_results_read(movement.session).complete


def test_a_tournaments_total_ranking_weighs_its_sessions(world):
    second = Session.objects.create(tournament=world.tournament, number=2, coefficient=2)
    first_movement = played(world)
    second_movement = played(world, session=second)
    enter(world, first_movement, 1, [56, 62, -56, -52, 50])
    enter(world, second_movement, 1, [50, 50, 50, 50, 62])
    data = tournament_results_read(world.tournament)
    people = people_of(world.tournament)
    rows = total_ranking(
        [session_display(m.session, people) for m in (first_movement, second_movement)]
    )
    assert _plain(data) and not data.complete and not data.play_over
    assert [s.number for s in data.sessions] == [1, 2]
    assert [(p.player.registration_id, p.rank, p.total, p.sessions) for p in data.players] == [
        (row.person.registration_id, row.rank, row.total, row.sessions) for row in rows
    ]


@pytest.mark.parametrize("tables", [5, 7])
def test_a_read_costs_the_results_and_one_query_for_the_players(world, tables):
    movement = played(world, tables)
    enter_all(world, movement)
    session_results(movement.session)  # computed once, then kept for its stamp
    results = queries_of(lambda: session_results(movement.session))
    assert queries_of(lambda: session_results_read(movement.session)) == results + 1
    # the tournament's sessions, then each session's results
    assert queries_of(lambda: tournament_results_read(world.tournament)) == results + 2
