"""Only what was played is ranked (fascicule 3, ch. 2 art. 18; docs/interpretations.md):
a player replaced during play is listed apart, never ranked; the replacement is ranked on
their own étuis when they played at least half of the seat's; a seat ranks one player at
most."""

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from apps.results.domain.compute import session_results_compute
from apps.results.domain.forfeits import SeatTurn, ranked_results, session_field
from apps.results.domain.model import FORFEIT, SHORT, Unranked
from tests.results.synthetic_sessions import synthetic_session

ETUIS = 4  # étuis a seat plays at each position (5 tables en ligne)


def seat(name: str, holders: list[str | None]) -> list[SeatTurn]:
    """A seat held by ``holders`` position after position, 4 étuis each."""
    return [SeatTurn(name, p, who, ETUIS) for p, who in enumerate(holders, start=1)]


def test_a_seat_held_all_session_ranks_its_player():
    field = session_field(seat("N1", ["a"] * 5) + seat("S1", ["b"] * 5))
    assert field.ranked == {"a", "b"} and field.unranked == ()


def test_the_replaced_player_is_forfeit_and_the_replacement_ranked():
    """The issue's room: replaced after 4 étuis (one position), the replacement plays 16."""
    field = session_field(seat("N1", ["absent", *["sub"] * 4]) + seat("S1", ["b"] * 5))
    assert field.ranked == {"sub", "b"}
    assert field.unranked == (Unranked("absent", FORFEIT, 4, 20, "sub"),)
    assert field.forfeits == {"absent"}


def test_a_replacement_for_the_last_position_only_is_not_ranked_either():
    """The same flaw the other way round: 4 étuis of 20 rank nobody."""
    field = session_field(seat("N1", [*["left"] * 4, "sub"]))
    assert field.ranked == set()
    assert field.unranked == (
        Unranked("left", FORFEIT, 16, 20, "sub"),
        Unranked("sub", SHORT, 4, 20, "left"),
    )


def test_half_of_the_seats_etuis_is_enough():
    field = session_field(seat("N1", ["left", "left", "sub", "sub"]))
    assert field.ranked == {"sub"}


def test_art_18_replacement_before_play_is_an_ordinary_player():
    """« faire jouer le remplaçant prévu qui doit arriver à l'heure »: the absent never
    sat, so only the replacement appears, ranked."""
    assert session_field(seat("N1", ["sub"] * 5)).ranked == {"sub"}


def test_a_late_arrival_in_a_vacant_place_is_ranked_on_the_same_terms():
    early = session_field(seat("N1", [None, "late", "late", "late", "late"]))
    assert early.ranked == {"late"}
    late = session_field(seat("N1", [None, None, None, "late", "late"]))
    assert late.unranked == (Unranked("late", SHORT, 8, 20, None),)


def test_a_chain_of_replacements_ranks_the_last_only():
    field = session_field(seat("N1", ["a", "b", "c", "c", "c"]))
    assert field.ranked == {"c"}
    assert [(u.player, u.reason, u.other) for u in field.unranked] == [
        ("a", FORFEIT, "b"),
        ("b", FORFEIT, "c"),
    ]


def test_a_player_in_two_seats_is_refused():
    with pytest.raises(ValueError, match="deux places"):
        session_field(seat("N1", ["a"] * 2) + seat("S1", ["a"] * 2))


def test_the_ranking_leaves_the_forfeit_out_and_ranks_the_rest_again():
    """A 20-seat room whose seat N1 is taken over after the first position: 20 ranked,
    places 1 to 20 without the forfeit player, whose plays still count in the topage."""
    plays, lines = synthetic_session(5, etuis_per_table=4, positions=5, seed=3)
    absent = "S1-N1"
    plays = [p if p.position == 1 else _renamed(p, absent, "sub") for p in plays]
    computed = session_results_compute(plays, {**lines, "sub": lines[absent]})
    turns = [
        SeatTurn(code, position, "sub" if code == absent and position > 1 else code, ETUIS)
        for code in lines
        for position in range(1, 6)
    ]
    results = ranked_results(computed, session_field(turns), by_tops=False)
    assert len(computed.players) == 21
    assert len(results.players) == 20 and absent not in {p.player for p in results.players}
    assert results.players[0].rank == 1
    assert max(p.rank for p in results.players) <= 20
    [unranked] = results.unranked
    assert replace(unranked, result=None) == Unranked(absent, FORFEIT, 4, 20, "sub")
    # Their feuille de route stays theirs, with no rank.
    assert len(unranked.result.sheet) == 4 and unranked.result.rank is None
    assert results.notes == computed.notes


def _renamed(play, old, new):
    defenders = tuple(new if d == old else d for d in play.defenders)
    return play._replace(taker=new if play.taker == old else play.taker, defenders=defenders)


# --- for every room -----------------------------------------------------------------

PEOPLE = [f"p{i}" for i in range(12)]


@st.composite
def rooms(draw):
    """Seats held position after position by drawn players, each player in one seat."""
    seats = draw(st.integers(1, 6))
    positions = draw(st.integers(1, 6))
    pool = iter(draw(st.permutations(PEOPLE)))
    turns = []
    for number in range(seats):
        available = [next(pool, None) for _ in range(2)]
        for position in range(1, positions + 1):
            who = draw(st.sampled_from([None, *available]))
            turns.append(SeatTurn(f"s{number}", position, who, draw(st.integers(1, 4))))
    return turns


def _last_holders(turns):
    last = {}
    for turn in sorted(turns, key=lambda t: t.position):
        last[turn.seat] = turn.player
    return last


@given(rooms())
def test_no_seat_ranks_more_than_one_player(turns):
    field = session_field(turns)
    seats = {t.seat for t in turns}
    assert len(field.ranked) <= len(seats)
    seat_of = {t.player: t.seat for t in turns if t.player}
    assert len({seat_of[p] for p in field.ranked}) == len(field.ranked)


@given(rooms())
def test_a_player_who_left_the_seat_is_never_ranked(turns):
    field = session_field(turns)
    last = set(_last_holders(turns).values())
    left = {t.player for t in turns if t.player and t.player not in last}
    assert not left & field.ranked
    assert left == field.forfeits


@given(rooms())
def test_every_player_is_ranked_or_listed_apart_once(turns):
    field = session_field(turns)
    apart = [u.player for u in field.unranked]
    players = {t.player for t in turns if t.player}
    assert len(apart) == len(set(apart))
    assert set(apart) | field.ranked == players and not set(apart) & field.ranked
    for unranked in field.unranked:
        if unranked.reason == SHORT:
            assert 2 * unranked.etuis < unranked.seat_etuis


@st.composite
def replaced_rooms(draw):
    """A 5-table room (5 positions of 4 étuis) whose drawn seats are taken over by a
    substitute from a drawn position on: the plays, lines and seat turns."""
    plays, lines = synthetic_session(
        5, etuis_per_table=4, positions=5, seed=draw(st.integers(0, 9))
    )
    taken = draw(st.dictionaries(st.sampled_from(sorted(lines)), st.integers(1, 5), max_size=6))
    subs = {code: f"sub-{code}" for code in taken}

    def holder(code, position):
        return subs[code] if code in taken and position >= taken[code] else code

    plays = [
        p._replace(
            taker=holder(p.taker, p.position),
            defenders=tuple(holder(d, p.position) for d in p.defenders),
        )
        for p in plays
    ]
    turns = [SeatTurn(code, n, holder(code, n), ETUIS) for code in lines for n in range(1, 6)]
    lines = {**lines, **{subs[code]: lines[code] for code in taken}}
    return plays, lines, turns


@given(replaced_rooms())
def test_a_room_never_ranks_more_players_than_seats_nor_a_replaced_one(room):
    plays, lines, turns = room
    computed = session_results_compute(plays, lines)
    field = session_field(turns)
    results = ranked_results(computed, field, by_tops=False)
    assert len(results.players) <= len({t.seat for t in turns}) == 20
    assert not {p.player for p in results.players} & field.forfeits
    assert results.players[0].rank == 1
    assert {u.player for u in results.unranked} <= {p.player for p in computed.players}
