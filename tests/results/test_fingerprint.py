"""The fingerprint of what was played (apps.results.domain.fingerprint): the same plays
give the same fingerprint in any order; a score, a player, a seat, an étui or a session
changed give another; nothing scored gives none. Pure rules, no database."""

from dataclasses import replace

from hypothesis import given
from hypothesis import strategies as st

from apps.results.domain.fingerprint import (
    VACANT,
    PlayedLine,
    guest_identity,
    played_fingerprint,
    seated_lines,
)

LICENCES = ("1001001", "1001002", "1001003", "1001004", "1001005")
people = st.sampled_from((*LICENCES, guest_identity("Rouge", "S3"), VACANT))
lines = st.builds(
    PlayedLine,
    session=st.integers(1, 3),
    etui=st.integers(1, 28),
    seats=st.tuples(people, people, people, people),
    score=st.integers(-400, 400),
)
ROOM = [
    PlayedLine(1, 1, ("1001001", "1001002", "1001003", "1001004"), 56),
    PlayedLine(1, 2, ("1001001", "1001002", "1001003", "1001004"), -41),
    PlayedLine(1, 1, ("1001005", "invité Rouge S2", "1001007", VACANT), 71),
]


@given(st.lists(lines, min_size=1, max_size=30), st.randoms())
def test_the_order_of_the_lines_does_not_matter(played, random):
    shuffled = list(played)
    random.shuffle(shuffled)
    assert played_fingerprint(shuffled) == played_fingerprint(played)


@given(st.lists(lines, min_size=1, max_size=30), st.integers(0, 29), st.integers(1, 400))
def test_a_score_changed_gives_another_fingerprint(played, index, shift):
    index %= len(played)
    changed = [*played]
    changed[index] = replace(played[index], score=played[index].score + shift)
    assert played_fingerprint(changed) != played_fingerprint(played)


def test_players_seats_etuis_and_sessions_are_part_of_it():
    first = played_fingerprint(ROOM)
    other_player = replace(ROOM[0], seats=("1001009", *ROOM[0].seats[1:]))
    swapped = replace(ROOM[0], seats=("1001002", "1001001", *ROOM[0].seats[2:]))
    variants = [
        [other_player, *ROOM[1:]],
        [swapped, *ROOM[1:]],
        [replace(ROOM[0], etui=3), *ROOM[1:]],
        [replace(ROOM[0], session=2), *ROOM[1:]],
        ROOM[:2],  # a line fewer
        [*ROOM, ROOM[0]],  # a line more
    ]
    fingerprints = [played_fingerprint(lines) for lines in variants]
    assert first not in fingerprints and len(set(fingerprints)) == len(variants)


def test_nothing_scored_has_no_fingerprint():
    assert played_fingerprint([]) is None
    assert played_fingerprint(ROOM) is not None and len(played_fingerprint(ROOM)) == 64


def test_a_guest_is_known_by_their_place_and_an_empty_seat_by_nothing():
    places = [
        ("t1", "N", "Rouge", "N1", 11, "1001001"),
        ("t1", "S", "Rouge", "S1", 12, None),  # a guest: no licence
        ("t1", "E", "Rouge", "E1", None, None),  # nobody sits there
        ("t1", "W", "Rouge", "W1", 14, "1001004"),
    ]
    (line,) = seated_lines(places, [("t1", 1, 5, 56)])
    assert line == PlayedLine(1, 5, ("1001001", "invité Rouge S1", VACANT, "1001004"), 56)
    assert guest_identity("Vert", "S3") == "invité Vert S3"
