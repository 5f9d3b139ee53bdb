"""Who earns what in one tournament (fascicule 3, ch. 5), from plain facts: the rule each
kind of tournament follows, the reasons in words, ties shared, the refusals."""

from decimal import Decimal

from apps.awards.domain.awarding import Facts, SessionPlay, awards_compute


def _line_session(tables: int, ties: dict[int, int] | None = None) -> SessionPlay:
    """An en ligne session of `tables` tables: player k of line L is ranked k in it (or as
    `ties` says, for players of line N)."""
    lines, line_ranks, ranks = {}, {}, {}
    player = 0
    for line in "NSEW":
        for rank in range(1, tables + 1):
            player += 1
            lines[player] = line
            line_ranks[player] = (ties or {}).get(player, rank) if line == "N" else rank
            ranks[player] = player
    return SessionPlay(tables, False, ranks, lines, line_ranks)


def _facts(session: SessionPlay, **options) -> Facts:
    values = {
        "sessions": [session],
        "final_ranks": session.ranks,
        "index": Decimal("1"),
        "ceiling": 2000,
    }
    return Facts(**{**values, **options})


def test_a_7_table_evening_awards_4_players_a_line_from_the_en_ligne_table():
    outcome = awards_compute(_facts(_line_session(7)), 28)
    assert outcome.rule == "une séance en ligne, 7 tables"
    by_player = {a.player: a for a in outcome.awards}
    assert len(by_player) == 16  # ceil(7 / 2) = 4 a line
    assert [by_player[p].pcn for p in (1, 2, 3, 4)] == [560, 403, 290, 209]
    assert by_player[9].reason == "2ᵉ de la ligne Sud, 7 tables, indice 1 : 403 PCN"


def test_players_tied_in_a_line_share_their_places_rounded_up():
    # Players 2 and 3 of line N share the 2nd place: (403 + 290) / 2 = 346.5 -> 347.
    outcome = awards_compute(_facts(_line_session(7, ties={3: 2, 4: 4})), 28)
    by_player = {a.player: a for a in outcome.awards}
    assert (by_player[2].pcn, by_player[3].pcn) == (347, 347)
    assert by_player[2].reason.endswith("(ex æquo) : 347 PCN")


def test_the_index_multiplies_each_place_then_the_ceiling():
    outcome = awards_compute(_facts(_line_session(7), index=Decimal("1.2")), 56)
    assert [a.pcn for a in outcome.awards if a.line == "N"] == [672, 484, 348, 251]


def test_under_12_players_or_an_index_not_reached_earns_nothing():
    assert awards_compute(_facts(_line_session(7)), 11).refusal == (
        "moins de 12 joueurs (11) : le tournoi n'attribue pas de PCN"
    )
    refused = awards_compute(_facts(_line_session(7), index=Decimal("1.2")), 28)
    assert (refused.awards, refused.refusal) == (
        [],
        "l'indice 1,2 demande 52 joueurs au moins : 28 ont joué",
    )


def test_a_howell_goes_by_the_general_ranking():
    ranks = {player: player for player in range(1, 17)}
    outcome = awards_compute(_facts(SessionPlay(4, True, ranks)), 16)
    assert [a.pcn for a in outcome.awards] == [320, 272, 231, 197, 167, 142, 121, 103]
    assert (
        outcome.awards[2].reason == "3ᵉ du classement général, Howell 4 tables, indice 1 : 231 PCN"
    )


def test_several_sessions_go_by_the_final_ranking_and_the_first_sessions_players():
    first = SessionPlay(5, True, {p: p for p in range(1, 21)})
    second = SessionPlay(4, True, {p: p for p in range(1, 17)})  # 4 cut after the first
    facts = Facts(
        sessions=[first, second],
        final_ranks={p: p for p in range(1, 21)},
        index=Decimal("1.8"),
        ceiling=5000,
        stage="regional_final",
        pp=[5, 4, 4, 3, 2, 2, 1],
    )
    outcome = awards_compute(facts, 20)
    assert outcome.rule == "2 séances, 9 tables au total"
    # 10 places (half of 20); 1st: 50 x 9 x 2 = 900 x 1.8 = 1620.
    assert [a.pcn for a in outcome.awards][:3] == [1620, 1523, 1426]
    assert len(outcome.awards) == 10
    assert outcome.awards[0].reason == (
        "1er du classement général, 2 séances, 9 tables, indice 1,8 : 1620 PCN, 5 PP"
    )


def test_a_newcomer_in_the_second_session_makes_each_session_a_stage():
    first = SessionPlay(4, True, {p: p for p in range(1, 17)})
    second = SessionPlay(4, True, {p: p - 1 for p in range(2, 18)})  # 17 is new
    facts = Facts([first, second], {p: p for p in range(1, 18)}, Decimal("1"), 2000)
    outcome = awards_compute(facts, 16)
    assert outcome.rule.startswith("chaque séance est un stade distinct")
    by_player = {a.player: a for a in outcome.awards}
    assert by_player[2].pcn == 272 + 320  # 2nd of the first session, 1st of the second
    assert by_player[2].reason.startswith("séance 1 : 2ᵉ du classement général")


def test_a_national_final_reads_its_own_table():
    ranks = {p: p for p in range(1, 41)}
    facts = Facts(
        [SessionPlay(10, True, ranks)],
        ranks,
        Decimal("1"),
        5000,
        stage="national_final",
        national_final=lambda place: (8000, 110) if place == 1 else (0, 0),
    )
    outcome = awards_compute(facts, 40)
    assert [(a.player, a.pcn, a.pp) for a in outcome.awards] == [(1, 8000, 110)]
    assert outcome.awards[0].reason == "1er de la finale nationale : 8000 PCN, 110 PP"
