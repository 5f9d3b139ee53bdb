"""A session's results from its travellers (fascicule 3, ch. 1 « Le classement en duplicate
individuel »), worked by hand on small rooms where Nord, Sud, Est and Ouest of table t are
the players Nt, St, Et and Wt."""

import pytest

from apps.results.domain.compute import (
    session_results_compute,
)
from apps.results.domain.model import PlayRecord, SheetLine
from tests.results.play_records import THREE_TABLES, by_player, play, room_lines
from tests.results.synthetic_sessions import synthetic_session

# THREE_TABLES: étui 1 taker Nord 20, -30, 20; étui 2 taker Est -10, 40, 0.
# player: (attack, defence, overall, tops), worked by hand.
THREE_TABLES_PERCENTAGES = {
    "N1": (75, 100, 93.75, 1), "N2": (0, 0, 0, 0), "N3": (75, 50, 56.25, 0),
    "S1": (None, 62.5, 62.5, 1), "S2": (None, 50, 50, 1), "S3": (None, 37.5, 37.5, 0),
    "E1": (0, 25, 18.75, 0), "E2": (100, 100, 100, 2), "E3": (50, 25, 31.25, 0),
    "W1": (None, 62.5, 62.5, 1), "W2": (None, 50, 50, 1), "W3": (None, 37.5, 37.5, 0),
}  # fmt: skip


def test_the_regulations_five_table_etui():
    """« Exemple de topage d'une donne dans un tournoi à 5 tables »: étui 1, preneur Nord,
    played at tables 1, 5, 4, 3, 2 in positions 1 to 5."""
    plays = [
        play(1, table, "N", score, position=position)
        for position, table, score in [(1, 1, 56), (2, 5, 62), (3, 4, -56), (4, 3, -52), (5, 2, 50)]
    ]
    results = session_results_compute(plays, room_lines(5))
    assert [(n.play.position, n.taker_note, n.defence_note) for n in results.notes] == [
        (1, 75, 25), (2, 100, 0), (3, 0, 100), (4, 25, 75), (5, 50, 50),
    ]  # fmt: skip
    players = by_player(results)
    assert players["N5"].attack == 100 and players["N5"].tops == 1
    assert players["E4"].defence == 100 and players["E4"].tops == 1
    assert players["W1"].sheet == (SheetLine(1, "Rouge", 1, 1, "W", "defender", 56, 25),)
    # The sheet shows each player their side's score: the taker 56, the defender -56;
    # a defence that sets the taker down reads it as its own gain.
    assert (players["N1"].sheet[0].side_score, players["W1"].sheet[0].side_score) == (56, -56)
    assert players["E4"].sheet[0].score == -56 and players["E4"].sheet[0].side_score == 56


def test_percentages_of_a_three_table_session():
    players = by_player(session_results_compute(THREE_TABLES, room_lines(3)))
    assert {
        key: (p.attack, p.defence, p.overall, p.tops) for key, p in players.items()
    } == THREE_TABLES_PERCENTAGES
    assert all(p.final == p.overall and p.penalty == 0 for p in players.values())


def test_rankings_of_a_three_table_session():
    results = session_results_compute(THREE_TABLES, room_lines(3))
    assert [(p.player, p.rank) for p in results.players] == [
        ("E2", 1), ("N1", 2), ("S1", 3), ("W1", 3), ("N3", 5), ("S2", 6),
        ("W2", 6), ("S3", 8), ("W3", 8), ("E3", 10), ("E1", 11), ("N2", 12),
    ]  # fmt: skip
    # Firsts of line E2, N1, S1, W1; seconds N3, S2, W2, E3; thirds S3, W3, E1, N2.
    assert {p.player: p.rank_alternate for p in results.players} == {
        "E2": 1, "N1": 2, "S1": 3, "W1": 3,
        "N3": 5, "S2": 6, "W2": 6, "E3": 8,
        "S3": 9, "W3": 9, "E1": 11, "N2": 12,
    }  # fmt: skip
    assert results.missing == 0


def test_a_penalty_is_taken_off_the_overall_and_ranks_the_player_down():
    results = session_results_compute(THREE_TABLES, room_lines(3), penalties={"W1": 2})
    w1 = by_player(results)["W1"]
    assert (w1.overall, w1.penalty, w1.final) == (62.5, 2, 60.5)
    assert [p.player for p in results.players[2:5]] == ["S1", "W1", "N3"]
    assert (w1.rank, by_player(results)["S1"].rank) == (4, 3)


def test_a_tie_is_broken_by_tops():
    """S2 and W2 have 50 % with a top (100 and 0); the players of table 4 played étui 3
    alone and have 50 % without a top: S2 and W2 rank ahead, then the four share 8th."""
    results = session_results_compute([*THREE_TABLES, play(3, 4, "S", 10)], room_lines(4))
    assert [(p.player, p.final, p.tops, p.rank) for p in results.players[5:11]] == [
        ("S2", 50, 1, 6), ("W2", 50, 1, 6),
        ("E4", 50, 0, 8), ("N4", 50, 0, 8), ("S4", 50, 0, 8), ("W4", 50, 0, 8),
    ]  # fmt: skip


def test_scores_not_entered_have_no_note_and_are_counted_missing():
    plays = [*THREE_TABLES[:5], play(2, 3, "E", None)]
    results = session_results_compute(plays, room_lines(3))
    assert results.missing == 1
    # Étui 2 is topé over the two plays entered: -10 -> 0 %, 40 -> 100 %.
    assert [n.taker_note for n in results.notes if n.play.etui == 2] == [0, 100, None]
    e3 = by_player(results)["E3"]
    assert (e3.attack, e3.defence, e3.overall) == (None, 25, 25)
    assert e3.sheet[-1].note is None and e3.sheet[-1].score is None


def test_parallel_sections_are_topped_together():
    plays = [
        play(1, 1, "N", 20, section="Rouge"),
        play(1, 2, "N", -30, section="Rouge"),
        play(1, 1, "N", 40, section="Vert", players_table=3),
        play(1, 2, "N", 0, section="Vert", players_table=4),
    ]
    results = session_results_compute(plays, room_lines(4))
    notes = {(n.play.section, n.play.table): n.taker_note for n in results.notes}
    assert notes == {
        ("Rouge", 1): 200 / 3, ("Rouge", 2): 0, ("Vert", 1): 100, ("Vert", 2): 100 / 3,
    }  # fmt: skip


def test_an_etui_played_once_gets_50_for_both_sides():
    results = session_results_compute([play(7, 1, "W", -40)], room_lines(1))
    assert {p.player: (p.attack, p.defence) for p in results.players} == {
        "W1": (50, None), "N1": (None, 50), "S1": (None, 50), "E1": (None, 50),
    }  # fmt: skip
    assert all(p.tops == 0 for p in results.players)


def test_players_without_play_are_listed_unranked():
    results = session_results_compute(THREE_TABLES[:1], room_lines(2))
    unranked = [p for p in results.players if p.rank is None]
    assert [p.player for p in unranked] == ["E2", "N2", "S2", "W2"]
    assert all(p.overall is None and p.rank_alternate is None and p.sheet == () for p in unranked)


def test_a_feuille_de_route_lists_the_etuis_in_playing_order():
    plays = [
        play(2, 1, "E", 10, position=2),
        play(1, 1, "N", 30, position=2),
        play(9, 2, "S", -5, position=1, players_table=1),
    ]
    sheet = by_player(session_results_compute(plays, room_lines(2)))["S1"].sheet
    assert [(line.position, line.etui, line.role, line.seat) for line in sheet] == [
        (1, 9, "taker", "S"), (2, 1, "defender", "S"), (2, 2, "defender", "S"),
    ]  # fmt: skip


def test_notes_are_listed_by_etui_then_position():
    plays = [play(2, 1, "E", 10, position=2), play(1, 2, "N", 5, position=3), play(1, 1, "N", 30)]
    results = session_results_compute(plays, room_lines(2))
    assert [(n.play.etui, n.play.position) for n in results.notes] == [(1, 1), (1, 3), (2, 2)]


def test_a_player_without_line_is_refused():
    with pytest.raises(ValueError, match="N2"):
        session_results_compute([play(1, 2, "N", 10)], room_lines(1))


def test_a_penalty_for_a_player_without_line_is_refused():
    with pytest.raises(ValueError, match="X9"):
        session_results_compute(THREE_TABLES, room_lines(3), penalties={"X9": 1})


def test_the_synthetic_session_is_a_full_room():
    plays, lines = synthetic_session(tables=20, etuis_per_table=2, positions=7, section_tables=8)
    # Sections of 8, 8 and 4 tables; 2 étuis per table at each of 7 positions.
    assert len(plays) == 20 * 2 * 7 and len(lines) == 80
    assert {p.section for p in plays} == {"S1", "S2", "S3"}
    assert {p.etui for p in plays} == set(range(1, 17))
    assert all(lines[p.taker] == p.taker_seat for p in plays)
    assert all(p.score is not None for p in plays)


def test_a_defenders_seat_on_the_sheet_is_the_seat_held_at_that_table():
    """In Howell players change seats: the feuille de route shows the seat of each play."""
    play = PlayRecord(
        etui=2, section="Rouge", position=1, table=1, taker="a", taker_seat="W",
        defenders=("b", "c", "d"), score=56,
    )  # fmt: skip
    results = session_results_compute([play], {"a": "N", "b": "N", "c": "N", "d": "N"})
    seats = {p.player: p.sheet[0].seat for p in results.players}
    assert seats == {"a": "W", "b": "N", "c": "S", "d": "E"}


@pytest.mark.parametrize("player", ["N1", "S2"])  # a taker, a defender
def test_a_player_with_no_line_is_refused_by_name(player):
    lines = {key: line for key, line in room_lines(3).items() if key != player}
    with pytest.raises(ValueError, match=f"^le joueur {player} \\(étui 1\\) n'a pas de ligne$"):
        session_results_compute(THREE_TABLES, lines)
