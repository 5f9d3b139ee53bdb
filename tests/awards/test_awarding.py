"""Who earns what in one tournament (fascicule 3, ch. 5), from plain facts: the rule each
kind of tournament follows, the reasons in words, ties shared, the refusals."""

from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from apps.awards.domain.awarding import Facts, SessionPlay, awards_compute
from apps.awards.domain.pp import national_final_awards


def _line_session(tables: int, level: dict[int, int] | None = None) -> SessionPlay:
    """An en ligne session of `tables` tables, `tables` players a line: player k of a line
    has a lower percentage than player k - 1 (or the percentage of the player `level` names,
    for a tie)."""
    results, lines = {}, {}
    player = 0
    for line in "NSEW":
        for rank in range(1, tables + 1):
            player += 1
            lines[player] = line
            results[player] = (70.0 - rank, 0)
    for player, other in (level or {}).items():
        results[player] = results[other]
    return SessionPlay(tables, False, results, lines)


def _howell(tables: int, players: int | None = None, start: int = 1) -> SessionPlay:
    count = players or 4 * tables
    return SessionPlay(tables, True, {p: (90.0 - p, 0) for p in range(start, start + count)})


def _facts(*sessions: SessionPlay, **options) -> Facts:
    return Facts(**{"sessions": sessions, "index": Decimal("1"), "ceiling": 2000, **options})


def _by_player(outcome):
    return {a.player: a for a in outcome.awards}


def test_a_7_table_evening_awards_4_players_a_line_from_the_en_ligne_table():
    outcome = awards_compute(_facts(_line_session(7)))
    assert outcome.rule == "une séance en ligne, 7 tables"
    awards = _by_player(outcome)
    assert len(awards) == 16  # ceil(7 / 2) = 4 a line
    assert [awards[p].pcn for p in (1, 2, 3, 4)] == [560, 403, 290, 209]
    assert awards[9].reason == "2ᵉ de la ligne Sud, 7 tables, indice 1 : 403 PCN"
    assert awards[9].inputs["places"] == [
        {"table": "ligne", "tables": 7, "index": "1", "line": "S", "place": 2, "shared": False}
    ]


def test_a_line_with_a_vacant_seat_pays_half_of_its_own_players():
    session = _line_session(7)
    del session.results[7]  # line N has 6 players: 3 are paid
    outcome = awards_compute(_facts(session))
    assert sorted(a.place for a in outcome.awards if a.line == "N") == [1, 2, 3]


def test_players_tied_in_a_line_share_their_places_rounded_up():
    # Players 2 and 3 of line N tie for the 2nd place: (403 + 290) / 2 = 346.5 -> 347.
    awards = _by_player(awards_compute(_facts(_line_session(7, level={3: 2}))))
    assert (awards[2].pcn, awards[3].pcn) == (347, 347)
    assert awards[2].reason.endswith("(ex æquo) : 347 PCN")


def test_a_championship_breaks_the_tie_by_tops():
    session = _line_session(7, level={3: 2})
    session.results[3] = (session.results[3][0], 2)  # more TOPs
    awards = _by_player(awards_compute(_facts(session, by_tops=True)))
    assert (awards[3].pcn, awards[2].pcn) == (403, 290)


def test_the_index_multiplies_each_place_then_the_ceiling():
    outcome = awards_compute(_facts(_line_session(14), index=Decimal("1.2")))
    assert [a.pcn for a in outcome.awards if a.line == "N"][:3] == [1344, 1061, 838]
    stage = awards_compute(
        _facts(_line_session(26), index=Decimal("1.8"), ceiling=5000, stage="regional_final")
    )
    assert _by_player(stage)[1].pcn == 3744  # 80 x 26 = 2080, the table's cap lifted


def test_under_12_players_or_an_index_not_reached_earns_nothing():
    small = awards_compute(_facts(_howell(3, players=11)))
    assert small.refusal == "moins de 12 joueurs (11) : le tournoi n'attribue pas de PCN"
    refused = awards_compute(_facts(_line_session(7), index=Decimal("1.2")))
    assert (refused.awards, refused.refusal) == (
        [],
        "l'indice 1,2 demande 52 joueurs au moins : 28 ont joué",
    )


def test_a_howell_goes_by_the_general_ranking():
    outcome = awards_compute(_facts(_howell(4)))
    assert [a.pcn for a in outcome.awards] == [320, 272, 231, 197, 167, 142, 121, 103]
    assert outcome.awards[2].reason == (
        "3ᵉ du classement général, Howell 4 tables, indice 1 : 231 PCN"
    )


def test_several_sessions_go_by_the_total_and_the_first_sessions_players():
    first = _howell(5)  # 20 players
    second = SessionPlay(4, True, {p: (80.0 - p, 0) for p in range(1, 17)})  # 4 cut
    outcome = awards_compute(
        _facts(
            first,
            second,
            index=Decimal("1.8"),
            ceiling=5000,
            stage="regional_final",
            pp=[5, 4, 4, 3, 2, 2, 1],
        )
    )
    assert outcome.rule == "2 séances, 9 tables au total"
    # 10 places (half of 20); 1st: 50 x 9 x 2 = 900 x 1.8 = 1620.
    assert [a.pcn for a in outcome.awards][:3] == [1620, 1523, 1426]
    assert len(outcome.awards) == 10
    assert outcome.awards[0].reason == (
        "1er du classement général, 2 séances, 9 tables, indice 1,8 : 1620 PCN, 5 PP"
    )


def test_a_newcomer_starts_a_new_stage_of_its_own():
    """« Finale en 3 séances où des qualifiés d'office rentreraient en 2ème séance : cela
    donnerait une demi-finale et une finale en deux séances »."""
    semi = _howell(5)  # players 1..20
    final_1 = SessionPlay(4, True, {p: (80.0 - p, 0) for p in [*range(1, 16), 99]})
    final_2 = SessionPlay(4, True, {p: (80.0 - p, 0) for p in [*range(1, 16), 99]})
    outcome = awards_compute(_facts(semi, final_1, final_2))
    assert outcome.rule == (
        "stade 1 : une séance Howell, 5 tables ; stade 2 : 2 séances, 8 tables au total"
    )
    awards = _by_player(outcome)
    # Player 1: 1st of the semi-final (400) and of the final (50 x 8 x 2 = 800).
    assert awards[1].pcn == 400 + 800
    assert awards[1].reason.startswith("stade 1 : 1er du classement général, Howell 5 tables")
    assert 99 not in awards  # 16th of the final's 16 players: half of them are paid


def test_a_national_final_reads_its_own_table():
    facts = _facts(
        _howell(10),
        ceiling=5000,
        stage="national_final",
        national_final=lambda place: (8000, 110) if place == 1 else (0, 0),
    )
    outcome = awards_compute(facts)
    assert [(a.player, a.pcn, a.pp) for a in outcome.awards] == [(1, 8000, 110)]
    assert outcome.awards[0].reason == "1er de la finale nationale : 8000 PCN, 110 PP"


def _open_final(place: int) -> tuple[int, int]:
    return national_final_awards("open", place)


def test_players_still_equal_after_tops_at_a_national_final_share_their_places():
    """Art. 20 breaks ties by TOPs; players still equal share the total of their places'
    PCN and PP, rounded up (ch. 5 « Ex-æquo »), as in any other tournament: not each the
    full value of the shared rank."""
    session = _howell(4)
    session.results[3] = session.results[2]  # 2nd and 3rd: same %, same TOPs
    facts = _facts(
        session, ceiling=5000, stage="national_final", by_tops=True, national_final=_open_final
    )
    awards = _by_player(awards_compute(facts))
    # Open final: 2nd 7500 PCN 88 PP, 3rd 7000 PCN 71 PP -> 7250 PCN and 79.5 -> 80 PP each.
    assert [(awards[p].pcn, awards[p].pp, awards[p].place) for p in (1, 2, 3, 4)] == [
        (8000, 110, 1),
        (7250, 80, 2),
        (7250, 80, 2),
        (6500, 62, 4),
    ]
    assert awards[2].reason == "2ᵉ de la finale nationale (ex æquo) : 7250 PCN, 80 PP"


@given(st.lists(st.integers(min_value=0, max_value=3), min_size=12, max_size=40))
def test_a_national_finals_tied_players_share_what_their_places_are_worth(levels):
    """Whatever the ties, tied players take equal shares that add up to their places'
    values (up to the rounding up of each share), and untied players their own place's."""
    session = SessionPlay(10, True, {p: (float(level), 0) for p, level in enumerate(levels)})
    facts = _facts(
        session, ceiling=5000, stage="national_final", by_tops=True, national_final=_open_final
    )
    awards = {a.player: a for a in awards_compute(facts).awards}
    for level in set(levels):
        group = [p for p, other in enumerate(levels) if other == level]
        first = 1 + sum(other > level for other in levels)
        places = range(first, first + len(group))
        for column in (0, 1):
            worth = sum(_open_final(place)[column] for place in places)
            shares = {(awards[p].pcn, awards[p].pp)[column] if p in awards else 0 for p in group}
            assert len(shares) == 1
            assert 0 <= shares.pop() * len(group) - worth < len(group)


def _strong_north(tables: int) -> SessionPlay:
    """An en ligne session whose Nord players all score above every other player."""
    session = _line_session(tables)
    for player, line in session.lines.items():
        if line == "N":
            session.results[player] = (session.results[player][0] + 10, 0)
    return session


PP_100 = [3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1]  # « Open Nationaux », 100 players, places 1-12


def test_pp_of_a_one_session_open_go_by_the_classement_alterne():
    """Ch. 1, « 3ème étape »: « C'est le classement alterné qui sert de référence pour
    l'homologation des tournois en une séance ». Nord 1 is 1st; the firsts of Sud, Est and
    Ouest, level, share places 2 to 4 (2 PP each); Nord 2 is 5th (1 PP); Nord 3, 9th of the
    alterné, earns none though 3rd of the general ranking. Several sessions, a Howell or a
    championship stage keep the general ranking."""
    awards = _by_player(awards_compute(_facts(_strong_north(7), pp=PP_100)))
    north = [1, 2, 3]
    firsts = [8, 15, 22]  # Sud 1, Est 1, Ouest 1
    assert [awards[p].pp for p in north] == [3, 1, 1]
    assert [awards[p].pp for p in firsts] == [2, 2, 2]
    assert awards[8].inputs["pp_place"] == 2
    assert awards[8].inputs["pp_ranking"] == "alterné"
    assert awards[8].reason == (
        "1er de la ligne Sud, 7 tables, indice 1 : 560 PCN, 2 PP (2ᵉ du classement alterné)"
    )
    general = (
        _facts(_strong_north(7), _strong_north(7), pp=PP_100),
        _facts(
            _strong_north(7), pp=PP_100, stage="regional_final", index=Decimal("1.8"), ceiling=5000
        ),
    )
    for facts in general:
        awards = _by_player(awards_compute(facts))
        assert [awards[p].pp for p in (1, 2, 3, 4)] == [3, 2, 2, 2]
        assert "classement alterné" not in awards[1].reason
    howell = _by_player(awards_compute(_facts(_howell(4), pp=PP_100)))
    assert [howell[p].pp for p in (1, 2, 3, 4, 5)] == [3, 2, 2, 2, 1]


@given(st.lists(st.floats(min_value=0, max_value=100), min_size=20, max_size=48))
def test_each_lines_first_earns_the_pp_of_places_1_to_4_at_a_one_session_open(percentages):
    """Whatever the results, the firsts of the four lines take places 1 to 4 of the
    classement alterné (2 PP at least), and the PP handed out are the places' values, each
    tie's total rounded up share by share."""
    session = SessionPlay(
        len(percentages) // 4,
        False,
        {p: (value, 0) for p, value in enumerate(percentages)},
        {p: "NSEW"[p % 4] for p in range(len(percentages))},
    )
    awards = {a.player: a.pp for a in awards_compute(_facts(session, pp=PP_100)).awards}
    for line in range(4):
        assert max(awards.get(p, 0) for p in range(line, len(percentages), 4)) >= 2
    worth = sum(PP_100[: len(percentages)])
    assert worth <= sum(awards.values()) < worth + len(percentages)
