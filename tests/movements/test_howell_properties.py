"""Rules of the Howell movements (fascicule 3, ch. 3 « Mouvements spéciaux ») that hold for
every variant and every number of positions."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.movements.domain.etuis import MAX_ETUI, etui_taker
from apps.movements.domain.howell import (
    howell_movement,
    parallel_deal,
    parallel_howell_movements,
)
from apps.movements.domain.model import SEATS, MovementType, SectionMovement, UnsupportedMovement

MAX_POSITIONS = {3: 7, 4: 5}


@st.composite
def single(draw) -> tuple[SectionMovement, ...]:
    tables = draw(st.sampled_from([3, 4]))
    return (
        howell_movement(
            tables,
            positions=draw(st.integers(1, MAX_POSITIONS[tables])),
            first_player=draw(st.sampled_from([1, 17, 33])),
            duplicate_fourth=tables == 3 and draw(st.booleans()),
        ),
    )


parallel = st.builds(parallel_howell_movements, st.sampled_from([2, 3]), st.integers(1, 5))
rooms = st.one_of(single(), parallel)


def deals_of(room: tuple[SectionMovement, ...]):
    """What deal an étui holds: in 3x4 étuis 25 to 32 duplicate 1 to 8; in Howell 3 with the
    4th étui, étuis 25 to 28 are new deals prepared like 1 to 4 (the étui table's « 1 ou
    25 »), 28 of the 32 games the regulation recommends preparing."""
    return parallel_deal if len(room) > 1 else lambda etui: etui


def meetings(section: SectionMovement) -> Counter:
    return Counter(
        frozenset(pair)
        for position in section.positions
        for play in position.tables
        for pair in combinations(play.players, 2)
    )


@given(rooms)
def test_every_seat_has_exactly_one_player_at_each_position(room):
    for number, section in enumerate(room):
        first = int(section.players[0])
        assert first == number * 16 + 1 or len(room) == 1
        everyone = {str(player) for player in range(first, first + 4 * section.tables)}
        for position in section.positions:
            seated = [p for play in position.tables for p in play.players]
            assert len(seated) == len(everyone) and set(seated) == everyone
            assert [play.table for play in position.tables] == list(range(1, section.tables + 1))


@given(rooms)
def test_no_player_plays_a_deal_twice(room):
    deal = deals_of(room)
    for section in room:
        played: dict[str, list[int]] = {}
        for position in section.positions:
            for play in position.tables:
                for player in play.players:
                    played.setdefault(player, []).extend(map(deal, play.etuis))
        for deals in played.values():
            assert len(deals) == len(set(deals))
            assert max(deals) <= MAX_ETUI


@given(rooms)
def test_every_table_plays_the_positions_etuis_going_down_one_table(room):
    """All tables play the position's étuis; table t deals the t-th; then each étui goes down
    one table (« en faisant descendre chaque donne d'une table »), so no two tables hold
    the same étui at once."""
    for section in room:
        for position in section.positions:
            etuis = sorted(position.tables[0].etuis)
            assert etuis == list(range(etuis[0], etuis[0] + len(etuis)))
            for play in position.tables:
                assert sorted(play.etuis) == etuis
                assert play.etuis[0] == etuis[play.table - 1]
            for upper, lower in zip(position.tables[1:], position.tables, strict=False):
                assert lower.etuis[1:] == upper.etuis[:-1]


@given(single())
def test_positions_follow_each_other_in_etui_numbers(room):
    """Howell 3 and 4 tables: position p plays the étuis after those of position p - 1."""
    (section,) = room
    per_position = len(section.positions[0].tables[0].etuis)
    for position in section.positions:
        first = (position.number - 1) * per_position + 1
        assert sorted(position.tables[0].etuis) == list(range(first, first + per_position))


@given(rooms)
def test_fewer_positions_are_the_first_ones(room):
    for section in room:
        full = (
            parallel_howell_movements(len(room))[int(section.players[0]) // 16]
            if len(room) > 1
            else howell_movement(
                section.tables,
                first_player=int(section.players[0]),
                duplicate_fourth=len(section.positions[0].tables[0].etuis) > section.tables,
            )
        )
        count = len(section.positions)
        assert section.positions == full.positions[:count]
        assert [p.number for p in section.positions] == list(range(1, count + 1))


@given(rooms)
def test_four_etuis_a_position_make_each_player_take_once(room):
    """Howell 4 tables and the 4th étui of Howell 3 (« pour que chaque joueur attaque à son
    tour à table »): the 4 étuis of a position have the 4 seats as takers."""
    for section in room:
        for position in section.positions:
            etuis = position.tables[0].etuis
            if len(etuis) == 4:
                assert sorted(map(etui_taker, etuis)) == sorted(SEATS)


def test_howell_3_without_the_4th_etui_leaves_one_seat_without_taking():
    for position in howell_movement(3).positions:
        takers = set(map(etui_taker, position.tables[0].etuis))
        assert len(takers) == 3


def test_howell_3_with_the_4th_etui_numbers_them_four_by_four():
    movement = howell_movement(3, duplicate_fourth=True)
    assert [sorted(p.tables[0].etuis) for p in movement.positions] == [
        list(range(4 * index + 1, 4 * index + 5)) for index in range(7)
    ]
    assert [p.tables[0].etuis for p in howell_movement(3).positions] == [
        (3 * index + 1, 3 * index + 2, 3 * index + 3) for index in range(7)
    ]


def test_howell_4_meets_and_faces_in_line_each_other_player_once():
    """« rencontrer les 15 autres et d'être confronté dans sa ligne, à également chacun des
    15 autres »: same table once, same seat at another table once."""
    for section in (howell_movement(4), *parallel_howell_movements(3)):
        assert set(meetings(section).values()) == {1}
        assert len(meetings(section)) == 16 * 15 // 2
        same_seat = Counter(
            frozenset(pair)
            for position in section.positions
            for seat in SEATS
            for pair in combinations([play.player_at(seat) for play in position.tables], 2)
        )
        assert set(same_seat.values()) == {1} and len(same_seat) == 16 * 15 // 2


def test_howell_3_meets_the_11_others_in_7_positions():
    met = meetings(howell_movement(3))
    assert len(met) == 12 * 11 // 2
    assert len(meetings(howell_movement(3, positions=6))) < 12 * 11 // 2


@pytest.mark.parametrize("sections", [2, 3])
def test_parallel_tournaments_share_one_etui_set(sections):
    """« Une seule série d'étuis suffit »: no étui is at two tournaments at once; each
    tournament plays the 20 deals; « Après la 2ème position, les étuis 1 à 8 ont été joués
    par tous les joueurs »."""
    room = parallel_howell_movements(sections)
    for index in range(5):
        in_use = [set(section.positions[index].tables[0].etuis) for section in room]
        assert sum(map(len, in_use)) == len(set().union(*in_use))
    for section in room:
        deals = [
            parallel_deal(etui)
            for position in section.positions
            for etui in position.tables[0].etuis
        ]
        assert sorted(deals) == list(range(1, 21))
        early = {parallel_deal(e) for p in section.positions[:2] for e in p.tables[0].etuis}
        assert early == set(range(1, 9))


def test_names_and_type():
    assert howell_movement(3).name == "Rouge"
    assert howell_movement(4, name="Vert", first_player=17).players[0] == "17"
    room = parallel_howell_movements(3)
    assert [s.name for s in room] == ["Rouge", "Vert", "Bleu"]
    assert [s.players[0] for s in room] == ["1", "17", "33"]
    assert {s.type for s in (*room, howell_movement(3))} == {MovementType.HOWELL}
    assert {s.tables for s in room} == {4}


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda: howell_movement(5), "3 ou 4 tables"),
        (lambda: howell_movement(2), "3 ou 4 tables"),
        (lambda: howell_movement(4, duplicate_fourth=True), "Howell 3 tables"),
        (lambda: howell_movement(3, positions=8), "de 1 à 7 positions"),
        (lambda: howell_movement(4, positions=6), "de 1 à 5 positions"),
        (lambda: howell_movement(4, positions=0), "de 1 à 5 positions"),
        (lambda: parallel_howell_movements(4), "2 ou 3 tournois"),
        (lambda: parallel_howell_movements(1), "2 ou 3 tournois"),
        (lambda: parallel_howell_movements(2, positions=6), "de 1 à 5 positions"),
    ],
)
def test_unsupported_requests(build, message):
    with pytest.raises(UnsupportedMovement, match=message):
        build()
