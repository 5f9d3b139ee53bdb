"""The Howell generators against the regulation's printed tables and fiches, cell for cell."""

import re

import pytest

from apps.movements.domain.etuis import etui_taker
from apps.movements.domain.howell import (
    howell_movement,
    parallel_deal,
    parallel_howell_movements,
)
from apps.movements.domain.model import SEATS, Seat, SectionMovement
from tests.movements.howell_tables import (
    HOWELL_2X4_ETUIS,
    HOWELL_2X4_ETUIS_HEADER,
    HOWELL_2X4_FICHES,
    HOWELL_3_FICHES,
    HOWELL_3_PLACEMENT,
    HOWELL_3X4_ETUIS,
    HOWELL_3X4_ETUIS_HEADER,
    HOWELL_3X4_FICHES,
    HOWELL_4_FICHES,
    HOWELL_4_PLACEMENT,
)

SEAT_INITIALS = {"N": Seat.NORTH, "S": Seat.SOUTH, "E": Seat.EAST, "O": Seat.WEST}
SEAT_NAMES = {"Nord": Seat.NORTH, "Sud": Seat.SOUTH, "Est": Seat.EAST, "Ouest": Seat.WEST}
NO_TAKE = ("", "X")  # « Le joueur n'attaque pas »
# The Howell 3 fiche of player 3 prints étui 5 (a position 2 étui) as attacked at position
# 5. Sitting Ouest at table 3, he takes étui 15 (taker Ouest), as the Ouest of tables 1 and
# 2 do on the fiches of players 12 and 9.
HOWELL_3_ERRATA = {(3, 5): ("5", "15")}
SECTION_LETTERS = "ABC"  # the parallel fiches write tournament B's table 1 as « 1B »

Sheet = dict[int, tuple[Seat, int, tuple[int, ...]]]


def sheets(section: SectionMovement) -> dict[int, Sheet]:
    """Each player's positions as the movement gives them: position -> (seat, table, étuis)."""
    result: dict[int, Sheet] = {}
    for position in section.positions:
        for play in position.tables:
            for seat in SEATS:
                result.setdefault(int(play.player_at(seat)), {})[position.number] = (
                    seat,
                    play.table,
                    play.etuis,
                )
    return result


def etui_range(cell: str) -> tuple[int, ...]:
    """« Etuis 5-8 », « 5-8 » or « Etuis 1-4 (duplique dans 25-28) » -> 5, 6, 7, 8."""
    first, last = re.match(r"(?:Etuis )?(\d+)-(\d+)", cell).groups()
    return tuple(range(int(first), int(last) + 1))


def flat_placement(section: SectionMovement) -> dict[int, tuple[int, ...]]:
    return {
        position.number: tuple(int(p) for play in position.tables for p in play.players)
        for position in section.positions
    }


@pytest.mark.parametrize(
    ("tables", "placement"), [(3, HOWELL_3_PLACEMENT), (4, HOWELL_4_PLACEMENT)]
)
def test_placement_table(tables, placement):
    assert flat_placement(howell_movement(tables)) == placement


def test_howell_3_erratum_is_what_is_printed():
    for (player, position), (printed, _) in HOWELL_3_ERRATA.items():
        assert HOWELL_3_FICHES[player][position - 1][3] == printed


def test_howell_3_fiches():
    movement = sheets(howell_movement(3))
    assert set(movement) == set(HOWELL_3_FICHES)
    for player, fiche in HOWELL_3_FICHES.items():
        assert len(fiche) == len(movement[player]) == 7
        for position, orientation, table, attacked in fiche:
            attacked = HOWELL_3_ERRATA.get((player, position), (attacked, attacked))[1]
            seat, played_table, etuis = movement[player][position]
            assert (seat, played_table) == (SEAT_INITIALS[orientation[0]], table)
            assert int(orientation[1:]) == table
            taken = [etui for etui in etuis if etui_taker(etui) == seat]
            assert taken == ([] if attacked in NO_TAKE else [int(attacked)]), (player, position)


def test_howell_3_takes_as_many_etuis_as_the_fiche_attacks():
    movement = sheets(howell_movement(3))
    for player, fiche in HOWELL_3_FICHES.items():
        expected = sum(attacked not in NO_TAKE for *_, attacked in fiche)
        taken = sum(
            etui_taker(etui) == seat
            for seat, _, etuis in movement[player].values()
            for etui in etuis
        )
        assert taken == expected, player


def assert_howell_4_fiches(section: SectionMovement):
    movement = sheets(section)
    assert set(movement) == set(HOWELL_4_FICHES)
    for player, fiche in HOWELL_4_FICHES.items():
        assert len(fiche) == len(movement[player]) == 5
        for position, orientation, table in fiche:
            seat, played_table, _ = movement[player][position]
            assert (seat, played_table) == (SEAT_NAMES[orientation], table), (player, position)


def test_howell_4_fiches():
    assert_howell_4_fiches(howell_movement(4))


@pytest.mark.parametrize("sections", [2, 3])
def test_parallel_tournament_a_uses_the_howell_4_fiches(sections):
    """« Pour les joueurs 1 à 16, les fiches sont les mêmes que pour le tournoi Howell 4
    tables »."""
    assert_howell_4_fiches(parallel_howell_movements(sections)[0])


@pytest.mark.parametrize(
    ("sections", "fiches"),
    [(2, HOWELL_2X4_FICHES), (3, HOWELL_2X4_FICHES), (3, HOWELL_3X4_FICHES)],
    ids=["2x4 B", "3x4 B", "3x4 C"],
)
def test_parallel_fiches(sections, fiches):
    """3x4 prints only the fiches of players 33 to 48: its players 17 to 32 use those of
    2x4, as tournament B plays the same schedule in both."""
    letter = SECTION_LETTERS[(min(fiches) - 1) // 16]
    section = parallel_howell_movements(sections)[SECTION_LETTERS.index(letter)]
    movement = sheets(section)
    assert set(movement) == set(fiches)
    for player, fiche in fiches.items():
        assert len(fiche) == len(movement[player]) == 5
        for position, orientation, table, etuis in fiche:
            seat, played_table, played = movement[player][position]
            assert (seat, f"{played_table}{letter}") == (SEAT_NAMES[orientation], table)
            assert sorted(played) == list(etui_range(etuis)), (player, position)


@pytest.mark.parametrize(
    ("sections", "header", "schedule"),
    [
        (2, HOWELL_2X4_ETUIS_HEADER, HOWELL_2X4_ETUIS),
        (3, HOWELL_3X4_ETUIS_HEADER, HOWELL_3X4_ETUIS),
    ],
    ids=["2x4", "3x4"],
)
def test_parallel_etui_schedule(sections, header, schedule):
    """Each column is found by its players' numbers: the 3x4 table heads tournament C's
    column « Tournoi A (N°33 à N°48) »."""
    movements = parallel_howell_movements(sections)
    tournaments = [
        (index, int(found.group(1)))
        for index, title in enumerate(header)
        if (found := re.search(r"N°(\d+)", title))
    ]
    assert len(tournaments) == sections
    for position, *cells in schedule:
        for index, first_player in tournaments:
            section = movements[(first_player - 1) // 16]
            assert str(first_player) in section.players
            for play in section.positions[position - 1].tables:
                assert sorted(play.etuis) == list(etui_range(cells[index])), (position, index)


def test_3x4_duplicates_are_the_same_deals():
    """« Etuis 1-4 (duplique dans 25-28) »: an étui and its duplicate hold one deal."""
    duplicated = 0
    for _, *cells in HOWELL_3X4_ETUIS:
        for cell in cells:
            found = re.search(r"duplique dans (\d+-\d+)", cell)
            if found:
                duplicated += 1
                copies = etui_range(found.group(1))
                assert tuple(map(parallel_deal, copies)) == etui_range(cell)
    assert duplicated == 2


# « Commentaires » of 2x4: whether tournament A, then B, creates (deals) its étuis.
CREATION = {
    "création": (True, True),
    "non reconstitution": (False, False),
    "création dans tournoi A non reconstitution dans B": (True, False),
}


def test_2x4_creation_comments():
    """An étui is created by the first tournament to play it; « non reconstitution »: the
    other tournament has already dealt it at an earlier position."""
    movements = parallel_howell_movements(2)
    played: set[int] = set()
    for position, *_, comment in HOWELL_2X4_ETUIS:
        now = [set(section.positions[position - 1].tables[0].etuis) for section in movements]
        for etuis, created in zip(now, CREATION[comment], strict=True):
            assert not (etuis & played) if created else etuis <= played, position
        played |= set().union(*now)
