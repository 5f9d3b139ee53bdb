"""What every seating guarantees, for rooms of one to five sections of any movement
(fascicule 3, ch. 2 art. 17; ch. 3 « Affectation des joueurs » and « Mise en place des
séances suivantes »).

Balanced seating: the ranking is cut into blocks of four players per section, so the best
4·S·m players (S sections) hold m starting places of each line in each section; the best
players go to different tournaments and lines; each section's four players of a block meet
at one table at the last position; full sections of equal size get equal rank sums.
"""

import random
from collections import Counter
from functools import partial

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from apps.movements.domain.howell import howell_movement
from apps.movements.domain.line import PRIME_TABLES, prime_line_movement
from apps.movements.domain.model import MovementType, RoomMovement, SectionMovement
from apps.movements.domain.seating import (
    room_places,
    seating_balanced,
    seating_draw,
    seating_next_session,
)
from apps.movements.domain.special import (
    eight_table_movement,
    nine_table_movement,
    six_table_movement,
)

NAMES = ("Rouge", "Vert", "Bleu", "Jaune", "Blanc")
# (builder(positions, name), most positions)
SECTION_KINDS = [
    *((partial(prime_line_movement, tables), tables) for tables in PRIME_TABLES),
    (lambda positions, name: six_table_movement(positions, name=name), 5),
    (lambda positions, name: six_table_movement(positions, True, name), 5),
    (lambda positions, name: eight_table_movement(positions, name), 6),
    (lambda positions, name: nine_table_movement(positions, name), 7),
    (lambda positions, name: howell_movement(3, positions, name), 7),
    (lambda positions, name: howell_movement(4, positions, name), 5),
]


@st.composite
def rooms(draw, max_sections: int = 3) -> RoomMovement:
    sections = []
    for name in NAMES[: draw(st.integers(1, max_sections))]:
        build, most = draw(st.sampled_from(SECTION_KINDS))
        sections.append(build(draw(st.integers(1, most)), name))
    return RoomMovement(sum(s.tables for s in sections), tuple(sections))


@st.composite
def equal_rooms(draw) -> RoomMovement:
    """Two to five sections of the same movement, all positions played."""
    build, most = draw(st.sampled_from(SECTION_KINDS))
    count = draw(st.integers(2, len(NAMES)))
    sections = tuple(build(most, name) for name in NAMES[:count])
    return RoomMovement(sum(s.tables for s in sections), sections)


@st.composite
def rooms_with_fixed(draw):
    """A room, its full ranking and a few entrants pinned to random places."""
    room = draw(rooms())
    places = room_places(room)
    ranking = draw(st.permutations(range(len(places))))
    count = draw(st.integers(0, 4))
    pinned_places = draw(st.lists(st.sampled_from(places), min_size=count, max_size=count,
                                  unique=True))  # fmt: skip
    pinned = draw(st.lists(st.sampled_from(ranking), min_size=count, max_size=count,
                           unique=True))  # fmt: skip
    return room, ranking, dict(zip(pinned_places, pinned, strict=True))


def sections_of(room: RoomMovement) -> dict[str, SectionMovement]:
    return {section.name: section for section in room.sections}


def last_table(section: SectionMovement) -> dict[str, int]:
    """The table each player sits at during the last position played."""
    final = [p for p in section.positions if p.number][-1]
    return {player: t.table for t in final.tables for player in t.players}


def by_rank(seating: dict) -> list:
    """The places, best ranked first (entrants are their own rank)."""
    return [place for place, _ in sorted(seating.items(), key=lambda item: item[1])]


def assert_each_entrant_once(room, entrants, seating):
    assert sorted(seating.values()) == sorted(entrants)
    assert set(seating) <= set(room_places(room))


# ---- the draw ---------------------------------------------------------------------------


@given(rooms(), st.data(), st.integers())
def test_draw_seats_every_entrant_once_and_leaves_the_last_places(room, data, seed):
    places = room_places(room)
    entrants = list(range(data.draw(st.integers(0, len(places)))))
    seating = seating_draw(room, entrants, seed)
    assert_each_entrant_once(room, entrants, seating)
    assert list(seating) == places[: len(entrants)]


@given(rooms(), st.integers())
def test_draw_is_reproducible_from_its_seed_alone(room, seed):
    entrants = [f"inscrit {n}" for n in range(len(room_places(room)))]
    state = random.getstate()
    first = seating_draw(room, entrants, seed)
    assert random.getstate() == state
    random.seed(seed + 1)
    assert list(seating_draw(room, entrants, seed).items()) == list(first.items())


@given(rooms(), st.integers(), st.integers())
def test_draw_differs_for_different_seeds(room, seed, other):
    entrants = list(range(len(room_places(room))))
    assume(seed != other and len(entrants) >= 20)
    assert seating_draw(room, entrants, seed) != seating_draw(room, entrants, other)


@given(rooms_with_fixed(), st.integers())
def test_draw_respects_fixed_places(case, seed):
    room, entrants, fixed = case
    seating = seating_draw(room, entrants, seed, fixed)
    assert_each_entrant_once(room, entrants, seating)
    assert fixed.items() <= seating.items()


# ---- balanced seating and the following sessions ----------------------------------------


@given(rooms(), st.data())
def test_balanced_seats_every_entrant_once(room, data):
    ranking = list(range(data.draw(st.integers(0, len(room_places(room))))))
    assert_each_entrant_once(room, ranking, seating_balanced(room, ranking))


@given(rooms(), st.data())
def test_the_last_ranked_leave_the_empty_places(room, data):
    """With fewer entrants, each keeps the place the same rank has in a full room."""
    full = list(range(len(room_places(room))))
    ranking = full[: data.draw(st.integers(0, len(full)))]
    kept = {p: e for p, e in seating_balanced(room, full).items() if e in ranking}
    assert seating_balanced(room, ranking) == kept


@given(rooms(max_sections=5))
def test_every_prefix_of_the_ranking_is_spread_evenly_over_the_sections(room):
    seating = seating_balanced(room, range(len(room_places(room))))
    shared = 4 * len(room.sections) * min(s.tables for s in room.sections)
    counts = Counter()
    for section, _ in by_rank(seating)[:shared]:
        counts[section] += 1
        assert max(counts.values()) - min(counts[s.name] for s in room.sections) <= 1


@given(rooms(max_sections=5))
def test_the_best_blocks_hold_every_line_of_every_section_equally(room):
    """« équilibrer les lignes »: the best 4·S·m hold m Nord, m Sud, m Est and m Ouest of
    each en ligne section."""
    seating = seating_balanced(room, range(len(room_places(room))))
    order = by_rank(seating)
    lines = {s.name for s in room.sections if s.type == MovementType.LINE}
    for m in range(1, min(s.tables for s in room.sections) + 1):
        counts = Counter(
            (section, code[0]) for section, code in order[: 4 * len(room.sections) * m]
        )
        assert all(counts[(section, line)] == m for section in lines for line in "NSEW")


@given(rooms(max_sections=5))
def test_the_best_go_to_different_tournaments_and_lines(room):
    order = by_rank(seating_balanced(room, range(len(room_places(room)))))
    sections = len(room.sections)
    assert len({section for section, _ in order[:sections]}) == sections
    if all(s.type == MovementType.LINE for s in room.sections):
        best = order[: min(sections, 4)]
        assert len({code[0] for _, code in best}) == len(best)


@given(rooms(max_sections=5))
def test_each_section_quartet_meets_at_the_last_position(room):
    """« faire rencontrer les premiers … à la dernière position »: a section's 1st to 4th,
    5th to 8th … players share a table at the last position played."""
    seating = seating_balanced(room, range(len(room_places(room))))
    for name, section in sections_of(room).items():
        tables = last_table(section)
        players = [code for s, code in by_rank(seating) if s == name]
        for start in range(0, len(players), 4):
            assert len({tables[p] for p in players[start : start + 4]}) == 1


@given(equal_rooms())
def test_equal_sections_get_equal_rank_sums(room):
    """« cette mise en place équilibre également les tournois »."""
    seating = seating_balanced(room, range(1, len(room_places(room)) + 1))
    sums = Counter()
    for (section, _), rank in seating.items():
        sums[section] += rank
    assert len(set(sums.values())) == 1


@given(rooms_with_fixed())
def test_fixed_places_are_kept_and_the_others_follow_the_serpentine(case):
    room, ranking, fixed = case
    serpentine = by_rank(seating_balanced(room, range(len(ranking))))
    seating = seating_balanced(room, ranking, fixed)
    assert_each_entrant_once(room, ranking, seating)
    assert fixed.items() <= seating.items()
    free = [place for place in serpentine if place not in fixed]
    others = [entrant for entrant in ranking if entrant not in fixed.values()]
    assert [seating[place] for place in free] == others


@given(rooms(), st.data())
def test_a_first_session_is_seated_as_a_following_one(room, data):
    ranking = data.draw(st.permutations(range(len(room_places(room)))))
    assert seating_balanced(room, ranking) == seating_next_session(room, ranking)


# ---- what no seating accepts ------------------------------------------------------------

SEATINGS = [partial(seating_draw, seed=7), seating_balanced, seating_next_session]
ROOM = RoomMovement(5, (prime_line_movement(5),))


@pytest.mark.parametrize("seat", SEATINGS)
@pytest.mark.parametrize(
    ("entrants", "fixed", "message"),
    [
        (range(21), None, "21 inscrits pour 20 places : 1 de trop"),
        ([1, 2, 1], None, "l'inscrit 1 figure 2 fois parmi les inscrits"),
        ([1, 2], {("Rouge", "N6"): 1}, "la place N6 n'existe pas dans le tournoi Rouge"),
        ([1, 2], {("Vert", "N1"): 1}, "la place N1 n'existe pas dans le tournoi Vert"),
        ([1, 2], {("Rouge", "N1"): 3}, "l'inscrit 3, placé d'office en N1 .Rouge., ne figure"),
        ([1, 2], {("Rouge", "N1"): 1, ("Rouge", "S1"): 1}, "l'inscrit 1 est placé d'office à 2"),
    ],
)
def test_refused(seat, entrants, fixed, message):
    with pytest.raises(ValueError, match=message):
        seat(ROOM, list(entrants), fixed=fixed)


@pytest.mark.parametrize("seat", SEATINGS)
def test_a_full_room_is_accepted(seat):
    assert len(seat(ROOM, list(range(20)), fixed={("Rouge", "N1"): 19})) == 20
