"""The control of claimed awards (fascicule 3, ch. 5, « la bonne attribution des Pcn et
PP »), without a database: the awards of a real ranking always pass; altered ones fail,
each problem naming the values the tables expect; what cannot be verified is refused."""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from apps.awards.domain import claims, pcn, pp
from apps.awards.domain.awarding import Facts, SessionPlay, awards_compute
from apps.awards.domain.claims import (
    MAX_SESSION_PLAYERS,
    ClaimRefusal,
    StageTables,
    awards_claim_problems,
    line_sizes,
    pcn_schemes,
    stages_split,
    tables_of,
)
from apps.tournaments.domain.sessions import MAX_SESSIONS

INDICES = [Decimal("1"), Decimal("1.2"), Decimal("1.5"), Decimal("3")]


def _claimed(outcome) -> list[tuple[int, int]]:
    return [(a.pcn, a.pp) for a in outcome.awards]


@st.composite
def _session(draw, *, howell: bool, tables: int, players: int | None = None):
    """A session of ``tables`` tables in a random order, with a few ties of two or three
    players, as in a real room."""
    count = players or 4 * tables
    order = draw(st.permutations(range(count)))
    results = {p: (30.0 + order[p] / 2, 0) for p in range(count)}
    ties = draw(st.lists(st.lists(st.integers(0, count - 1), min_size=2, max_size=3), max_size=6))
    for tie in ties:
        for player in tie[1:]:
            results[player] = results[tie[0]]
    lines = {} if howell else {p: "NSEW"[p % 4] for p in range(count)}
    return SessionPlay(tables, howell, results, lines)


@settings(max_examples=60, deadline=None)
@given(
    data=st.data(),
    tables=st.integers(5, 30),
    index=st.sampled_from(INDICES),
    vacant=st.integers(0, 3),
)
def test_the_awards_of_an_en_ligne_ranking_pass(data, tables, index, vacant):
    session = data.draw(_session(howell=False, tables=tables))
    # Up to 3 seats of the last table vacant: the room has fewer players than 4 a table.
    for player in range(4 * tables - vacant, 4 * tables):
        del session.results[player]
    outcome = awards_compute(Facts([session], index, 2000, overseas_local=index == 3))
    claimed = _claimed(outcome)
    players = 4 * tables - vacant
    assert awards_claim_problems(claimed, session_players=[players], index=index) == []


@settings(max_examples=60, deadline=None)
@given(data=st.data(), tables=st.integers(3, 30), index=st.sampled_from(INDICES))
def test_the_awards_of_a_howell_ranking_pass(data, tables, index):
    session = data.draw(_session(howell=True, tables=tables))
    outcome = awards_compute(Facts([session], index, 2000, overseas_local=index == 3))
    claimed = _claimed(outcome)
    assert awards_claim_problems(claimed, session_players=[4 * tables], index=index) == []


@settings(max_examples=40, deadline=None)
@given(data=st.data(), tables=st.integers(3, 20), kept=st.integers(0, 50))
def test_the_awards_of_a_several_session_ranking_pass(data, tables, kept):
    first = data.draw(_session(howell=True, tables=tables))
    # At most half eliminated, and nobody new: one stage, the several-sessions table.
    players = sorted(first.results)[: max(2 * tables, len(first.results) * (50 + kept) // 100)]
    second_tables = tables_of(len(players))
    second = data.draw(_session(howell=True, tables=second_tables, players=len(players)))
    second = SessionPlay(second_tables, True, {p: second.results[i] for i, p in enumerate(players)})
    outcome = awards_compute(Facts([first, second], Decimal("1.8"), 5000))
    claimed = _claimed(outcome)
    sessions = [len(first.results), len(players)]
    final = StageTables("Finale régionale")
    problems = awards_claim_problems(
        claimed, session_players=sessions, index=Decimal("1.8"), stage=final
    )
    assert problems == []


@settings(max_examples=20, deadline=None)
@given(data=st.data(), tables=st.integers(25, 40))
def test_the_pp_of_a_national_open_pass(data, tables):
    players = 4 * tables
    session = data.draw(_session(howell=False, tables=tables))
    values = [pp.national_open_pp(players, place) for place in range(1, players + 1)]
    outcome = awards_compute(Facts([session], Decimal("1.5"), 2000, pp=values))
    assert any(earned for _pcn, earned in _claimed(outcome))
    problems = awards_claim_problems(
        _claimed(outcome), session_players=[players], index=Decimal("1.5")
    )
    assert problems == []


@settings(max_examples=60, deadline=None)
@given(data=st.data(), tables=st.integers(5, 30))
def test_more_than_the_first_place_always_fails(data, tables):
    session = data.draw(_session(howell=False, tables=tables))
    claimed = _claimed(awards_compute(Facts([session], Decimal(1), 2000)))
    top = max(points for points, _pp in claimed)
    claimed.append((top + 1, 0))
    problems = awards_claim_problems(claimed, session_players=[4 * tables], index=Decimal(1))
    assert [(p.points, p.value, p.possible) for p in problems] == [("PCN", top + 1, 0)]


# An en ligne evening of 7 tables: 4 paid a line, 560, 403, 290, 209 (the printed table).
SEVEN_TABLES = [(560, 0), (403, 0), (290, 0), (209, 0)] * 4


def test_the_printed_table_of_seven_tables_passes_and_ties_share_rounded_up():
    assert awards_claim_problems(SEVEN_TABLES, session_players=[28], index=Decimal(1)) == []
    # 2nd and 3rd of line N tied: (403 + 290) / 2 = 346.5 -> 347 each.
    tied = [(560, 0), (347, 0), (347, 0), (209, 0), *SEVEN_TABLES[4:]]
    assert awards_claim_problems(tied, session_players=[28], index=Decimal(1)) == []


def test_a_value_no_place_gives_is_named_with_the_expected_values():
    altered = [(561, 0), *SEVEN_TABLES[1:]]
    (problem,) = awards_claim_problems(altered, session_players=[28], index=Decimal(1))
    assert (problem.points, problem.value, problem.claimed, problem.possible) == (
        "PCN",
        561,
        1,
        0,
    )
    assert problem.expected == ((560, 4), (403, 4), (290, 4), (209, 4))
    assert problem.message == (
        "PCN 561 déclarés pour 1 joueur : aucune place ni aucun partage d'ex-æquo ne le"
        " donne (en ligne, 7 tables, indice 1) ; attendus : 560 à 4 places, 403 à 4"
        " places, 290 à 4 places, 209 à 4 places."
    )


def test_too_many_players_at_one_value_is_named_with_how_many_places_give_it():
    (problem,) = awards_claim_problems(
        [*SEVEN_TABLES, (560, 0)], session_players=[28], index=Decimal(1)
    )
    assert (problem.value, problem.claimed, problem.possible) == (560, 5, 4)
    assert "au plus 4 place(s) le donnent" in problem.message


def test_the_index_multiplies_the_values():
    # 60 players, index 1,2: 15 tables en ligne, 1200 x 1,2 = 1440 first of each line.
    problems = awards_claim_problems([(1200, 0)], session_players=[60], index=Decimal("1.2"))
    assert [p.value for p in problems] == [1200]
    assert problems[0].expected[0] == (1440, 4)
    assert awards_claim_problems([(1440, 0)], session_players=[60], index=Decimal("1.2")) == []


def test_a_regularity_tournament_gives_no_pp_a_national_open_its_table():
    (problem,) = awards_claim_problems([(560, 2)], session_players=[28], index=Decimal(1))
    assert (problem.points, problem.value, problem.expected) == ("PP", 2, ())
    # 100 players at index 1,5: the national opens' column of 100 players, 3 PP to the 1st.
    assert awards_claim_problems([(2000, 3)], session_players=[100], index=Decimal("1.5")) == []
    (problem,) = awards_claim_problems([(2000, 4)], session_players=[100], index=Decimal("1.5"))
    assert problem.expected[0] == (3, 1)


def test_under_twelve_players_nothing_is_earned():
    (problem,) = awards_claim_problems([(50, 0)], session_players=[8], index=Decimal(1))
    assert (problem.value, problem.expected) == (50, ())


# A 1st series regional final of 44 players: its PP table, 25 to the first.
FIRST_SERIES_FINAL = StageTables("Finale régionale 1ère série", pp=tuple(pp.series_pp("1", 44)))


def test_a_stage_pays_up_to_5000_and_its_pp_are_its_table():
    # 44 players at a regional final (1,8), 11 tables: 880 x 1,8 = 1584 first of a line.
    claimed = [(1584, 25), (0, 20)]
    problems = awards_claim_problems(
        claimed, session_players=[44], index=Decimal("1.8"), stage=FIRST_SERIES_FINAL
    )
    assert problems == []


def test_a_stage_pp_above_its_table_are_refused():
    (problem,) = awards_claim_problems(
        [(1584, 999_999)], session_players=[44], index=Decimal("1.8"), stage=FIRST_SERIES_FINAL
    )
    assert (problem.points, problem.value, problem.possible) == ("PP", 999_999, 0)
    assert problem.expected[0] == (25, 1)
    # Two winners of 25 PP: one place gives it.
    (problem,) = awards_claim_problems(
        [(0, 25), (0, 25)], session_players=[44], index=Decimal("1.8"), stage=FIRST_SERIES_FINAL
    )
    assert (problem.value, problem.claimed, problem.possible) == (25, 2, 1)


def test_a_semi_final_pays_no_pp():
    semi_final = StageTables("Demi-finale régionale")
    (problem,) = awards_claim_problems(
        [(0, 1)], session_players=[44], index=Decimal("1.5"), stage=semi_final
    )
    assert (problem.points, problem.scheme) == ("PP", "Demi-finale régionale : aucun PP")


def test_a_national_final_pays_its_own_pcn_table():
    table = [pp.national_final_awards("open", place) for place in range(1, 41)]
    final = StageTables(
        "Finale nationale Open", pp=tuple(e for _p, e in table), pcn=tuple(p for p, _e in table)
    )
    assert (
        awards_claim_problems([(8000, 110)], session_players=[40], index=Decimal(1), stage=final)
        == []
    )
    (problem,) = awards_claim_problems(
        [(8001, 0)], session_players=[40], index=Decimal(1), stage=final
    )
    assert (problem.points, problem.value, problem.possible) == ("PCN", 8001, 0)


@pytest.mark.parametrize(
    ("sessions", "split"),
    [([40, 24], False), ([40, 20], False), ([40, 16], True), ([24, 28], True), ([40], False)],
)
def test_counts_that_show_a_new_stage(sessions, split):
    assert stages_split(sessions) is split


@pytest.mark.parametrize("sessions", [[24, 28], [12, 13], [16, 6], [28, 0]])
def test_a_new_stage_is_refused_not_passed(sessions):
    # Newcomers, or more than half eliminated: two stages each paying, a player earns the
    # sum, which no table gives; 999,999 PCN each were once accepted unchecked.
    for claimed in ([(384 + 448, 0)], [(999_999, 0)] * 12):
        (refusal,) = awards_claim_problems(claimed, session_players=sessions, index=Decimal(1))
        assert isinstance(refusal, ClaimRefusal)
        counts = ", ".join(map(str, sessions))
        assert refusal.message.startswith(
            f"PCN invérifiables : les joueurs des séances ({counts}) montrent un nouveau stade"
        )
    # Equal counts are one stage, checked.
    (problem,) = awards_claim_problems([(999_999, 0)], session_players=[12, 12], index=Decimal(1))
    assert (problem.points, problem.value) == ("PCN", 999_999)


@pytest.mark.parametrize(
    ("sessions", "message"),
    [
        ([10**9], "1000000000 joueurs déclarés pour une séance : la plus grande salle en compte"),
        ([12, MAX_SESSION_PLAYERS + 1], "601 joueurs déclarés pour une séance"),
        ([12] * (MAX_SESSIONS + 1), "13 séances déclarées : un tournoi en compte 12 au plus"),
    ],
)
def test_sessions_beyond_the_largest_room_are_refused_before_any_computation(
    monkeypatch, sessions, message
):
    def sized(*args, **kwargs):
        raise AssertionError("a table was computed for an unbounded room")

    monkeypatch.setattr(claims, "pcn_schemes", sized)
    monkeypatch.setattr(claims, "stages_split", sized)
    (refusal,) = awards_claim_problems([(50, 0)], session_players=sessions, index=Decimal(1))
    assert isinstance(refusal, ClaimRefusal)
    assert message in refusal.message


def test_the_largest_room_is_checked():
    claimed = [(2000, 0)] * 4
    assert (
        awards_claim_problems(claimed, session_players=[MAX_SESSION_PLAYERS], index=Decimal(1))
        == []
    )


@settings(max_examples=50, deadline=None)
@given(
    sessions=st.lists(st.integers(0, MAX_SESSION_PLAYERS), min_size=1, max_size=3),
    index=st.sampled_from(INDICES),
    claimed=st.lists(
        st.tuples(
            st.one_of(st.integers(0, 3000), st.sampled_from([0, 50, 560, 2000, 999_999])),
            st.one_of(st.just(0), st.integers(0, 30)),
        ),
        max_size=40,
    ),
)
def test_no_problem_never_means_not_checked(sessions, index, claimed):
    """Whatever the sessions within bounds and the claims: when the check finds nothing, each
    claimed PCN is within the ceiling times the index, and no more players claim a value
    than the places of one table that pay it."""
    if awards_claim_problems(claimed, session_players=sessions, index=index):
        return
    assert not stages_split(sessions)
    ceiling = pcn.REGULARITY_CEILING
    assert all(points <= ceiling * index for points, _pp in claimed)
    # PP only in a national open (1,5), at most 6 to its winner.
    assert all(earned <= (6 if index == Decimal("1.5") else 0) for _pcn, earned in claimed)
    schemes = pcn_schemes(sessions, index, ceiling=ceiling)
    paid = max(sum(1 for ranking in s.rankings for v in ranking if v) for s in schemes)
    assert sum(1 for points, _pp in claimed if points) <= paid
    for value in {points for points, _pp in claimed if points}:
        laid = sum(1 for points, _pp in claimed if points == value)
        # a value is a place's or a tie's share: at most as many as the paid places
        assert laid <= paid


def test_the_vacant_seats_fall_in_any_of_the_lines():
    assert line_sizes(28, 7) == [(7, 7, 7, 7)]
    assert line_sizes(26, 7) == [(7, 7, 6, 6), (7, 7, 7, 5)]
    assert line_sizes(25, 7) == [(7, 6, 6, 6), (7, 7, 6, 5), (7, 7, 7, 4)]


def test_ties_in_lines_of_unequal_length_are_found():
    # 19 players at 5 tables, index 3 (overseas): three lines of 5 pay 3, a line of 4 pays 2.
    # Line S: 1st and 2nd tied, (1200 + 840) / 2; line N: 2nd and 3rd tied, (840 + 588) / 2;
    # line W (4 players): 2nd and 3rd tied, (840 + 0) / 2.
    lines = [[1200, 714, 714], [1020, 1020, 588], [1200, 840, 588], [1200, 420, 420]]
    claimed = [(points, 0) for line in lines for points in line]
    assert awards_claim_problems(claimed, session_players=[19], index=Decimal(3)) == []
    # The same with 20 players: every line pays 3, and no tie of the 4-player line is left.
    (problem,) = awards_claim_problems(claimed, session_players=[20], index=Decimal(3))
    assert (problem.value, problem.claimed, problem.possible) == (420, 2, 0)
