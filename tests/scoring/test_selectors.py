"""Reads of the travellers: the play records follow the movement (the taker sits at the
seat the étui names), the players' lines, vacant places, the regulation's topage example,
the progress of the entry, double-entry mismatches, and queries that do not grow with the
room."""

import pytest

from apps.movements.domain.etuis import etui_taker
from apps.movements.domain.model import SEATS
from apps.movements.models import MovementTable, Place
from apps.results import inputs as results_inputs
from apps.results import selectors as results_selectors
from apps.scoring import selectors, services
from apps.tournaments.models import Session
from tests.builders import generate, in_play, table_of

pytestmark = pytest.mark.django_db

# « DONNE N° 1 PRENEUR NORD » at 5 tables: (position, table, score, taker's note).
ETUI_1 = [
    (1, 1, 56, 75.0),
    (2, 5, 62, 100.0),
    (3, 4, -56, 0.0),
    (4, 3, -52, 25.0),
    (5, 2, 50, 50.0),
]


def _session(world) -> Session:
    return world.tournament.sessions.get()


def _enter(world, movement, etui, scores, write=services.play_score_set):
    for position, score in enumerate(scores, start=1):
        write(actor=world.referee, table=table_of(movement, etui, position), etui=etui, score=score)


def _holders(movement) -> dict[tuple[int, str, int, str], str]:
    """{(position, section, table, seat): registration id} of the whole movement."""
    return {
        (position, section, table, seat): str(registration)
        for position, section, table, seat, registration in Place.objects.filter(
            table__movement=movement
        ).values_list(
            "table__position", "table__section", "table__table", "seat", "registration_id"
        )
    }


# --- play records ----------------------------------------------------------------


@pytest.mark.parametrize("players", [20, 28, 44])
def test_records_follow_the_movement(world, players):
    movement = in_play(world, players, position=1)
    records = results_inputs.session_inputs(_session(world)).records
    tables = movement.movement_tables.all()
    assert len(records) == sum(len(t.etuis) for t in tables)
    assert len(set(records)) == len(records)
    holders = _holders(movement)
    for record in records:
        where = (record.position, record.section, record.table)
        assert record.taker_seat == etui_taker(record.etui)
        assert record.taker == holders[(*where, record.taker_seat)]
        after = SEATS.index(record.taker_seat)
        seats = [SEATS[(after + step) % 4] for step in (1, 2, 3)]
        assert record.defenders == tuple(holders[(*where, seat)] for seat in seats)
        assert record.score is None


def test_records_carry_the_scores_entered(world):
    movement = in_play(world)
    _enter(world, movement, 1, [56, 62])
    scores = {
        (r.position, r.table): r.score
        for r in results_inputs.session_inputs(_session(world)).records
        if r.etui == 1
    }
    assert scores == {(1, 1): 56, (2, 5): 62, (3, 4): None, (4, 3): None, (5, 2): None}


def test_the_regulation_topage_example(world):
    movement = in_play(world, 20)
    _enter(world, movement, 1, [score for _p, _t, score, _n in ETUI_1])
    results = results_selectors.session_results(_session(world))
    etui_1 = [note for note in results.notes if note.play.etui == 1]
    assert [(n.play.position, n.play.table, n.play.score, n.taker_note) for n in etui_1] == ETUI_1
    assert results.missing == len(results_inputs.session_inputs(_session(world)).records) - 5


def test_each_player_keeps_the_seat_of_their_first_position(world):
    movement = in_play(world, 20)
    lines = results_inputs.session_inputs(_session(world)).lines
    first = Place.objects.filter(table__movement=movement, table__sequence=1)
    assert lines == {str(place.registration_id): place.seat for place in first}


# --- vacant places ---------------------------------------------------------------


def test_a_vacant_place_has_a_key_of_its_own_and_no_rank(world):
    movement = in_play(world, 19)
    session = _session(world)
    vacant = Place.objects.get(table__movement=movement, table__sequence=1, registration=None)
    key = f"{selectors.VACANT}{vacant.table.section}|{vacant.player_code}"
    records = results_inputs.session_inputs(session).records
    assert sum(key in (r.taker, *r.defenders) for r in records) == 5 * 4
    assert results_inputs.session_inputs(session).lines[key] == vacant.seat
    tables = movement.movement_tables.filter(position__gte=1)
    for table in tables:
        for etui in table.etuis:
            services.play_score_set(actor=world.referee, table=table, etui=etui, score=56)
    results = results_selectors.session_results(session)
    assert key not in {p.player for p in results.players}
    assert len(results.players) == 19 and results.missing == 0
    assert sorted(p.rank for p in results.players) == [1] * 19  # all equal: one shared rank
    assert sorted(p.rank_alternate for p in results.players)[-1] <= 19


# --- progress and mismatches -----------------------------------------------------


def test_progress_per_position_and_section(world):
    movement = in_play(world, 20, position=2)
    _enter(world, movement, 1, [56, 62])
    _enter(world, movement, 2, [50])
    progress = selectors.entry_progress(_session(world))
    assert [(p.position, p.section, p.in_play) for p in progress] == [
        (n, "Rouge", n <= 2) for n in range(1, 6)
    ]
    first, second = progress[0], progress[1]
    assert (first.entered, first.expected, second.entered, second.expected) == (2, 20, 1, 20)
    assert {(line.table.table, line.etui) for line in first.missing} == {
        (table, etui)
        for table in range(1, 6)
        for etui in range(4 * table - 3, 4 * table + 1)
        if (table, etui) not in {(1, 1), (1, 2)}
    }
    counts = {etui: (done, total) for etui, done, total in selectors.etui_counts(progress)}
    assert counts[1] == (2, 5) and counts[2] == (1, 5) and counts[20] == (0, 5)


def test_the_played_tables_read_in_sql_are_those_of_the_orm(world):
    generate(world, 24, tables=6, variant="duplication")  # its position 0 scores nothing
    session = _session(world)
    read = selectors.played_tables_read(session)
    assert sorted(t.pk for t in read) == sorted(t.pk for t in selectors.played_tables(session))
    assert MovementTable.objects.filter(movement__session=session, position=0).exists()
    assert read and all(t.position >= 1 for t in read)


def test_parallel_sections_are_followed_apart(world):
    in_play(world, 40, position=1)
    progress = selectors.entry_progress(_session(world))
    sections = [p.section for p in progress if p.position == 1]
    assert len(sections) == 2 and len(set(sections)) == 2


def test_mismatches_are_second_entries_that_differ(world):
    movement = in_play(world)
    _enter(world, movement, 1, [56, 62, -56])
    _enter(world, movement, 1, [56, 52], write=services.play_check_set)
    services.play_check_set(actor=world.referee, table=table_of(movement, 2, 1), etui=2, score=50)
    mismatches = selectors.double_entry_mismatches(_session(world))
    assert [(m.etui, m.table.position, m.score, m.check_score) for m in mismatches] == [
        (1, 2, 62, 52),
        (2, 1, None, 50),
    ]


def test_a_traveller_lists_the_tables_of_its_etui_in_order_of_play(world):
    in_play(world, 20)
    lines = selectors.traveller(_session(world), 1)
    assert [(line.table.position, line.table.table) for line in lines] == [
        (p, t) for p, t, _s, _n in ETUI_1
    ]
    assert all(line.taker_seat == "N" and line.taker == line.seats[0] for line in lines)
    assert selectors.traveller(_session(world), 99) == []
    assert selectors.session_etuis(_session(world)) == list(range(1, 21))


def test_a_line_of_another_session_is_not_found(world):
    movement = in_play(world, 20)
    table = table_of(movement, 1, 1)
    other = world.draft.sessions.get()
    assert selectors.traveller_line(other, table.pk, 1) is None
    assert selectors.traveller_line(_session(world), table.pk, 5) is None
    assert selectors.traveller_line(_session(world), table.pk, 1).table == table


# --- queries ---------------------------------------------------------------------


@pytest.mark.parametrize("players", [20, 28])
@pytest.mark.parametrize(
    ("read", "queries"),
    [
        (results_inputs.session_inputs, 4),
        # 1 of them the stamp of its inputs
        (results_selectors.session_results, 16),
        (selectors.entry_progress, 3),
        (selectors.double_entry_mismatches, 4),
        (lambda session: selectors.traveller(session, 1), 5),
    ],
)
def test_reads_cost_the_same_at_5_and_7_tables(
    world, django_assert_max_num_queries, players, read, queries
):
    movement = in_play(world, players)
    _enter(world, movement, 1, [56, 62, -56, -52, 50])
    session = _session(world)
    with django_assert_max_num_queries(queries):
        read(session)


def test_in_3x4_howell_etuis_25_to_32_are_topped_with_etuis_1_to_8(world):
    """« Les étuis 25 à 32 sont utilisés pour dupliquer les étuis 1 à 8 »: one deal."""
    movement = generate(world, 48, tables=12, type="howell")
    records = results_inputs.session_inputs(movement.session).records
    assert {r.deal_number for r in records} == set(range(1, 21))
    assert {r.etui for r in records} == set(range(1, 21)) | set(range(25, 33))
    assert all(r.deal_number == r.etui - 24 for r in records if r.etui >= 25)
    # every deal of 1 to 8 is played at more tables than the 4 of one Howell section
    plays_of = {deal: sum(r.deal_number == deal for r in records) for deal in range(1, 21)}
    assert all(plays_of[deal] > 4 for deal in range(1, 9))


def test_elsewhere_etuis_25_and_up_are_their_own_deals(world):
    movement = generate(world, 28)  # 7 tables en ligne: étuis 1 to 28
    records = results_inputs.session_inputs(movement.session).records
    assert {r.etui for r in records} == set(range(1, 29))


def test_a_position_is_settled_once_every_line_is_scored_or_stated_not_played(world):
    movement = in_play(world, 20, position=1)
    tables = MovementTable.objects.filter(movement=movement, position=1)
    lines = [(table, etui) for table in tables for etui in table.etuis]
    (last_table, last_etui), *others = lines
    for table, etui in others:
        services.play_score_set(actor=world.referee, table=table, etui=etui, score=56)
    assert not selectors.position_settled(movement, 1)
    services.play_not_played_set(
        actor=world.referee, table=last_table, etui=last_etui, reason="table en retard"
    )
    assert selectors.position_settled(movement, 1)
    assert not selectors.position_settled(movement, 2)
