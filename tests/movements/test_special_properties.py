"""Invariants of the 6, 8 and 9-table en ligne movements, for any number of positions
(fascicule 3, ch. 3 « Mouvements spéciaux »)."""

from hypothesis import given
from hypothesis import strategies as st

from apps.movements.domain.special import (
    eight_table_movement,
    nine_table_movement,
    six_table_movement,
)
from tests.movements.line_invariants import (
    etui_sets_once_per_position,
    etuis_by_player,
    line_seat_kept,
    meetings,
    played,
    seat_fillings,
    takes_by_position,
)

FULL = {6: 5, 8: 6, 9: 7}


@st.composite
def movements(draw):
    tables = draw(st.sampled_from(sorted(FULL)))
    positions = draw(st.integers(1, FULL[tables]))
    if tables == 6:
        return six_table_movement(positions, duplication=draw(st.booleans()))
    return (eight_table_movement if tables == 8 else nine_table_movement)(positions)


@given(movements())
def test_every_seat_filled_by_one_player_who_keeps_his_line(movement):
    for position in movement.positions:
        assert seat_fillings(position) == dict.fromkeys(movement.players, 1)
    assert len(movement.players) == 4 * movement.tables
    assert line_seat_kept(movement)


@given(movements())
def test_each_etui_set_at_one_table_per_position(movement):
    assert etui_sets_once_per_position(movement)


@given(movements())
def test_no_player_plays_an_etui_twice(movement):
    """« Les joueurs jouent chacun 20 donnes sur les 24 distribuées » (6 tables), 24 of
    32 (8 tables), 28 of 36 (9 tables) when every position is played."""
    for etuis in etuis_by_player(movement).values():
        assert len(etuis) == len(set(etuis)) == 4 * len(played(movement))


@given(movements())
def test_each_player_takes_one_etui_per_position(movement):
    """Each série of 4 étuis has one taker in every line: every player attacks once
    and defends three times at each position."""
    for takes in takes_by_position(movement).values():
        assert takes == [1] * len(played(movement))


@given(movements())
def test_no_two_players_meet_twice(movement):
    assert max(meetings(movement).values()) == 1


@given(st.integers(1, 5))
def test_duplication_table_duplicates_a_serie_its_players_never_play(positions):
    """« Les joueurs dupliquent la série qu'ils ne joueront pas »."""
    movement = six_table_movement(positions, duplication=True)
    plays = etuis_by_player(movement)
    for table in movement.positions[0].tables:
        for player in table.players:
            assert not set(table.etuis) & set(plays[player])


def test_full_six_tables_leave_each_player_exactly_the_duplicated_serie():
    movement = six_table_movement(duplication=True)
    plays = etuis_by_player(movement)
    for table in movement.positions[0].tables:
        for player in table.players:
            assert set(plays[player]) | set(table.etuis) == set(range(1, 25))


def test_six_table_seating_brings_the_best_four_together_at_the_last_position():
    """« Mise en place des séances suivantes », 6 Tables Tournoi A: the section's four best
    (ranks 1, 4, 5 and 8 of the serpentine) start N1, S3, E4 and O6 and meet last."""
    last = six_table_movement().positions[-1]
    assert any(set(t.players) == {"N1", "S3", "E4", "W6"} for t in last.tables)
