"""The hybrid 9 tables: a 5-table en ligne tournament and a 4-table Howell tournament
(fascicule 3, ch. 3 « Individuel mouvement à 9 tables »: « 1 tournoi de 5 tables en ligne
et 1 tournoi de 4 tables en Howell (20 donnes) »)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.movements.domain.line import prime_line_movement
from apps.movements.domain.model import MovementType, UnsupportedMovement
from apps.movements.domain.special import hybrid_nine_movement
from tests.movements.line_invariants import (
    etuis_by_player,
    meetings,
    seat_fillings,
    takes_by_position,
)

TWENTY_DONNES = set(range(1, 21))


def test_an_en_ligne_section_of_five_tables_and_a_howell_section_of_four():
    line, howell = hybrid_nine_movement()
    assert (line.name, line.type, line.tables) == ("Rouge", MovementType.LINE, 5)
    assert (howell.name, howell.type, howell.tables) == ("Vert", MovementType.HOWELL, 4)
    assert line == prime_line_movement(5)
    assert len(line.positions) == len(howell.positions) == 5


def test_thirty_six_players_with_distinct_names():
    line, howell = hybrid_nine_movement()
    assert len(set(line.players) | set(howell.players)) == 36
    assert set(howell.players) == {str(n) for n in range(1, 17)}


def test_en_ligne_tables_start_with_their_serie():
    line, _ = hybrid_nine_movement()
    assert [t.etuis for t in line.positions[0].tables] == [
        tuple(range(4 * (table - 1) + 1, 4 * table + 1)) for table in range(1, 6)
    ]


def test_howell_tables_play_the_same_four_etuis_at_each_position():
    """« Les étuis sont joués simultanément aux 4 tables »: position p plays the étuis
    4(p-1)+1 … 4p at every Howell table."""
    _, howell = hybrid_nine_movement()
    for position in howell.positions:
        first = 4 * (position.number - 1) + 1
        for table in position.tables:
            assert sorted(table.etuis) == list(range(first, first + 4))


def test_both_sections_play_the_same_twenty_donnes():
    for section in hybrid_nine_movement():
        played = {e for p in section.positions for t in p.tables for e in t.etuis}
        assert played == TWENTY_DONNES
        for etuis in etuis_by_player(section).values():
            assert set(etuis) == TWENTY_DONNES


def test_names_can_be_chosen():
    line, howell = hybrid_nine_movement(names=("Bleu", "Jaune"))
    assert (line.name, howell.name) == ("Bleu", "Jaune")


@given(st.integers(1, 5))
def test_fewer_positions_in_both_sections(positions):
    line, howell = hybrid_nine_movement(positions)
    full_line, full_howell = hybrid_nine_movement()
    assert line.positions == full_line.positions[:positions]
    assert howell.positions == full_howell.positions[:positions]


@given(st.integers(1, 5))
def test_every_player_seated_once_plays_each_etui_once_and_attacks_once_a_position(positions):
    for section in hybrid_nine_movement(positions):
        for position in section.positions:
            assert seat_fillings(position) == dict.fromkeys(section.players, 1)
        for etuis in etuis_by_player(section).values():
            assert len(etuis) == len(set(etuis)) == 4 * positions
        for takes in takes_by_position(section).values():
            assert takes == [1] * positions
        assert max(meetings(section).values()) == 1


@pytest.mark.parametrize("wrong", [0, 6])
def test_at_most_five_positions(wrong):
    with pytest.raises(UnsupportedMovement, match="positions demandées"):
        hybrid_nine_movement(wrong)
