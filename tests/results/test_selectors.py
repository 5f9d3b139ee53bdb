"""The results as shown: the regulation's topage example (fascicule 3, ch. 1, « Exemple de
topage d'une donne dans un tournoi à 5 tables »), feuilles de route with each defender's
place, players' names, and the total ranking of several sessions."""

import pytest
from django.utils.translation import gettext

from apps.results.domain.model import PlayerResult
from apps.results.selectors import (
    SessionDisplay,
    defence_place,
    people_of,
    session_display,
    ties_by_tops,
    total_ranking,
)
from apps.tournaments.models import Session, Tournament
from tests import factories as f
from tests.builders import ETUI_1, enter, played
from tests.factories import register

pytestmark = pytest.mark.django_db

# The defenders' places (« devant », « milieu », « fond ») as the interface names them.
LEFT, FACING, RIGHT = "defence, left", "defence, facing", "defence, right"


# --- helpers ---------------------------------------------------------------------


def example(world) -> SessionDisplay:
    """The 5-table session with étui 1 entered as in the regulation."""
    movement = played(world)
    enter(world, movement, 1, [score for _p, _t, score, _a, _d in ETUI_1])
    return session_display(movement.session)


def result_of(display: SessionDisplay, registration_id: int) -> PlayerResult:
    return next(r for r in display.results.players if r.player == str(registration_id))


# --- tests -----------------------------------------------------------------------


def test_the_topage_of_etui_1_is_the_regulations(world):
    display = example(world)
    sheet = display.etuis()[0]
    assert (sheet.etui, sheet.taker_seat) == (1, "N")
    assert [
        (
            line.note.play.position,
            line.note.play.table,
            line.note.play.score,
            line.note.taker_note,
            line.note.defence_note,
        )
        for line in sheet.lines
    ] == ETUI_1


def test_the_taker_of_each_play_is_named(world):
    display = example(world)
    for line in display.etuis()[0].lines:
        registration = world.tournament.registrations.get(pk=int(line.note.play.taker))
        assert line.taker.name == registration.licensee.full_name
        assert line.taker.licence == registration.licensee.licence_number


def test_the_players_of_etui_1_are_ranked_on_it_alone(world):
    display = example(world)
    plays = {line.note.play.table: line.note for line in display.etuis()[0].lines}
    winner = result_of(display, int(plays[5].play.taker))  # 62: the TOP
    assert (winner.attack, winner.defence, winner.overall, winner.rank) == (100.0, None, 100.0, 1)
    ranked = [row for row in display.general if row.result.rank is not None]
    assert len(ranked) == 20  # every player of the 5 tables has a note on étui 1
    assert display.results.missing == display.plays - 5


def test_a_feuille_de_route_names_orientation_and_place(world):
    display = example(world)
    taker = display.etuis()[0].lines[0].note.play  # position 1, table 1: 56, 75 %
    sheet = display.sheet(int(taker.taker))
    first = next(row for row in sheet.rows if row.line.etui == 1)
    assert (first.line.position, first.line.table, first.line.score) == (1, 1, 56)
    assert (first.line.note, first.orientation, first.place) == (75.0, "Nord", gettext("taker"))
    defenders = [display.sheet(int(key)) for key in taker.defenders]
    places = sorted(
        next(row.place for row in sheet.rows if row.line.etui == 1) for sheet in defenders
    )
    assert places == sorted(gettext(place) for place in (LEFT, FACING, RIGHT))
    assert {sheet.result.defence for sheet in defenders} == {25.0}


@pytest.mark.parametrize(
    ("seat", "taker", "place"),
    [
        ("E", "N", LEFT),  # Nord faces south: Est is on their left
        ("S", "N", FACING),
        ("W", "N", RIGHT),
        ("N", "W", LEFT),
        ("E", "W", FACING),
        ("S", "W", RIGHT),
    ],
)
def test_a_defenders_place_is_seen_from_the_taker(seat, taker, place):
    assert defence_place(seat, taker) == gettext(place)


def test_sheets_come_in_alphabetical_order(world):
    display = example(world)
    names = [sheet.person.name for sheet in display.sheets()]
    assert names == sorted(names, key=str.casefold) and len(names) == 20


def test_people_carry_name_licence_and_club(world):
    (registration,) = register(world.tournament, 1, last_name="Fontaine", first_name="Sylvie")
    person = people_of(world.tournament)[str(registration.pk)]
    assert (person.name, person.club) == ("FONTAINE Sylvie", world.club.name)
    assert person.registration_id == registration.pk


def test_the_total_ranking_weighs_each_session_by_its_coefficient(world):
    second = Session.objects.create(tournament=world.tournament, number=2, coefficient=2)
    first_movement = played(world)
    second_movement = played(world, session=second)
    enter(world, first_movement, 1, [56, 62, -56, -52, 50])
    enter(world, second_movement, 1, [50, 50, 50, 50, 62])
    people = people_of(world.tournament)
    displays = [session_display(m.session, people) for m in (first_movement, second_movement)]
    rows = total_ranking(displays)
    assert len(rows) == 20
    for row in rows:
        first, second_final = row.sessions
        assert row.total == pytest.approx(first + 2 * second_final)
    assert [row.rank for row in rows] == sorted(row.rank for row in rows)
    assert rows[0].total == max(row.total for row in rows)


def test_a_session_without_movement_has_empty_results(world):
    factory_session = f.TournamentFactory().sessions.get()
    display = session_display(factory_session)
    assert display.general == [] and display.etuis() == [] and display.plays == 0


def test_only_a_championship_stage_breaks_ties_by_tops(world):
    assert not ties_by_tops(world.tournament)
    world.tournament.kind = Tournament.Kind.CHAMPIONSHIP
    assert ties_by_tops(world.tournament)
