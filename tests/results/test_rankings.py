"""Rankings (fascicule 3, ch. 1, « 3ème étape : établissement du classement », and ch. 2,
article 20 « Ex-æquo »)."""

import pytest

from apps.results.domain.rankings import (
    Standing,
    alternate_places,
    alternate_ranking,
    general_ranking,
    tie_notes,
    tournament_standings,
)


def places(ranking):
    return [(standing.player, place) for standing, place in ranking]


def line_players(percentages_by_line):
    return [
        Standing(player, percentage, line=line)
        for line, players in percentages_by_line.items()
        for player, percentage in players.items()
    ]


def test_general_ranking_is_by_percentage_descending():
    standings = [Standing("a", 48.5), Standing("b", 61.25), Standing("c", 55)]
    assert places(general_ranking(standings)) == [("b", 1), ("c", 2), ("a", 3)]


def test_equal_percentages_are_broken_by_tops_in_a_championship():
    standings = [Standing("a", 55, tops=1), Standing("b", 55, tops=3), Standing("c", 60)]
    assert places(general_ranking(standings)) == [("c", 1), ("b", 2), ("a", 3)]


def test_equal_percentages_share_the_rank_outside_a_championship():
    """Ch. 5 « Ex-æquo »: outside the competitions, equal players share the rank (and the
    awards of their places), whatever their TOPs; they are listed by TOPs."""
    standings = [Standing("a", 55, tops=1), Standing("b", 55, tops=3), Standing("c", 60)]
    ranking = general_ranking(standings, by_tops=False)
    assert places(ranking) == [("c", 1), ("b", 2), ("a", 2)]


def test_the_alternate_ranking_shares_outside_a_championship():
    standings = line_players({"N": {"a": 60}, "S": {"b": 60}, "E": {"c": 50}, "W": {"d": 40}})
    standings[1] = Standing("b", 60, tops=4, line="S")
    assert places(alternate_ranking(standings, by_tops=False))[:2] == [("b", 1), ("a", 1)]
    assert places(alternate_ranking(standings))[:2] == [("b", 1), ("a", 2)]


def test_players_still_equal_share_the_rank():
    standings = [
        Standing("d", 40),
        Standing("c", 55, tops=2),
        Standing("a", 55, tops=2),
        Standing("b", 70),
    ]
    assert places(general_ranking(standings)) == [("b", 1), ("a", 2), ("c", 2), ("d", 4)]


def test_ties_are_labelled_with_the_tie_break_that_applied():
    standings = [
        Standing("a", 55, tops=1),
        Standing("b", 55, tops=3),
        Standing("c", 60),
        Standing("d", 40, tops=2),
        Standing("e", 40, tops=2),
        Standing("f", None),
    ]
    regular = general_ranking(standings, by_tops=False)
    assert list(zip(places(regular), tie_notes(regular, by_tops=False), strict=True)) == [
        (("c", 1), ""),
        (("b", 2), "ex æquo"),
        (("a", 2), "ex æquo"),
        (("d", 4), "ex æquo"),
        (("e", 4), "ex æquo"),
        (("f", None), ""),
    ]
    championship = general_ranking(standings)
    assert list(zip(places(championship), tie_notes(championship, by_tops=True), strict=True)) == [
        (("c", 1), ""),
        (("b", 2), "ex æquo départagé aux TOPs"),
        (("a", 3), "ex æquo départagé aux TOPs"),
        (("d", 4), "ex æquo"),  # equal TOPs too: still shared
        (("e", 4), "ex æquo"),
        (("f", None), ""),
    ]


def test_percentages_equal_but_for_float_noise_are_equal():
    standings = [Standing("a", 0.1 + 0.2), Standing("b", 0.3)]
    assert places(general_ranking(standings)) == [("a", 1), ("b", 1)]


def test_players_without_percentage_come_last_unranked():
    standings = [Standing("z", None), Standing("a", 20), Standing("m", None)]
    assert places(general_ranking(standings)) == [("a", 1), ("m", None), ("z", None)]


def test_alternate_ranking_of_8_players():
    """Lines N (a 60, b 40), S (c 55, d 58), E (e 70, f 30), W (g 45, h 50): the firsts of
    line e, a, d, h take places 1-4, the seconds c, g, b, f places 5-8, so c (55) comes
    after h (50)."""
    standings = line_players(
        {
            "N": {"a": 60, "b": 40},
            "S": {"c": 55, "d": 58},
            "E": {"e": 70, "f": 30},
            "W": {"g": 45, "h": 50},
        }
    )
    assert places(alternate_ranking(standings)) == [
        ("e", 1), ("a", 2), ("d", 3), ("h", 4),
        ("c", 5), ("g", 6), ("b", 7), ("f", 8),
    ]  # fmt: skip
    assert [s.player for s, _ in general_ranking(standings)] == list("eadchgbf")


def test_alternate_ranking_of_12_players_with_a_tie_broken_by_tops():
    standings = [
        Standing("N1", 62.5, 1, "N"), Standing("N2", 48.75, 0, "N"), Standing("N3", 51.25, 0, "N"),
        Standing("S1", 45, 0, "S"), Standing("S2", 57.5, 2, "S"), Standing("S3", 50, 0, "S"),
        Standing("E1", 57.5, 1, "E"), Standing("E2", 40, 0, "E"), Standing("E3", 52.5, 0, "E"),
        Standing("W1", 47.5, 0, "W"), Standing("W2", 55, 0, "W"), Standing("W3", 53.75, 1, "W"),
    ]  # fmt: skip
    # Firsts of line: N1 62.5, S2 57.5 (2 tops), E1 57.5 (1 top), W2 55.
    # Seconds: W3 53.75, E3 52.5, N3 51.25, S3 50. Thirds: N2 48.75, W1 47.5, S1 45, E2 40.
    assert places(alternate_ranking(standings)) == [
        ("N1", 1), ("S2", 2), ("E1", 3), ("W2", 4),
        ("W3", 5), ("E3", 6), ("N3", 7), ("S3", 8),
        ("N2", 9), ("W1", 10), ("S1", 11), ("E2", 12),
    ]  # fmt: skip


def test_alternate_ranking_shares_a_place_within_a_group_only():
    standings = line_players(
        {"N": {"a": 60, "b": 58}, "S": {"c": 60, "d": 30}, "E": {"e": 50}, "W": {"f": 40}}
    )
    # a and c share first place; b (58) still comes after the firsts of line e and f.
    assert places(alternate_ranking(standings)) == [
        ("a", 1), ("c", 1), ("e", 3), ("f", 4), ("b", 5), ("d", 6),
    ]  # fmt: skip


def test_alternate_ranking_of_unequal_lines_leaves_no_gap():
    """11 players: the Ouest line has only 2, so the thirds take places 9 to 11."""
    standings = line_players(
        {
            "N": {"n1": 70, "n2": 50, "n3": 30},
            "S": {"s1": 65, "s2": 55, "s3": 35},
            "E": {"e1": 60, "e2": 45, "e3": 40},
            "W": {"w1": 58, "w2": 20},
        }
    )
    assert places(alternate_ranking(standings)) == [
        ("n1", 1), ("s1", 2), ("e1", 3), ("w1", 4),
        ("s2", 5), ("n2", 6), ("e2", 7), ("w2", 8),
        ("e3", 9), ("s3", 10), ("n3", 11),
    ]  # fmt: skip


def test_alternate_ranking_puts_players_without_percentage_last():
    standings = line_players({"N": {"a": None, "b": 30}, "S": {"c": 40}})
    assert places(alternate_ranking(standings)) == [("c", 1), ("b", 2), ("a", None)]


def test_several_sessions_add_percentages_times_coefficients():
    first = [Standing("a", 55), Standing("b", 62), Standing("c", 70)]
    second = [Standing("a", 60), Standing("b", 55)]
    totals = {s.player: s.percentage for s in tournament_standings([first, second], [1, 1.5])}
    # c missed the second session: it adds nothing.
    assert totals == {"a": 145, "b": 144.5, "c": 70}


def test_coefficients_default_to_1():
    first = [Standing("a", 55.5), Standing("b", None)]
    second = [Standing("a", 60.25), Standing("b", None)]
    totals = {s.player: s.percentage for s in tournament_standings([first, second])}
    assert totals == {"a": 115.75, "b": None}


def test_ties_over_several_sessions_are_broken_by_tops_over_all_sessions():
    """Article 20: « le départage des Ex AEQUO est fait aux TOP sur l'ensemble des séances »:
    d led on tops in the first session, e has more over both."""
    first = [Standing("d", 60, tops=2), Standing("e", 45, tops=1), Standing("f", 40, tops=9)]
    second = [Standing("d", 50, tops=0), Standing("e", 60, tops=2), Standing("f", 60, tops=0)]
    standings = tournament_standings([first, second], [1, 1.5])
    assert places(general_ranking(standings)) == [("e", 1), ("d", 2), ("f", 3)]
    assert {s.player: s.tops for s in standings} == {"d": 2, "e": 3, "f": 9}


def test_there_must_be_one_coefficient_per_session():
    with pytest.raises(ValueError):
        tournament_standings([[Standing("a", 50)], [Standing("a", 50)]], [1])


def test_without_lines_there_is_no_alternate_ranking():
    """In a Howell the players change orientation: no line, no classement alterné."""
    howell = [Standing("a", 60.0, line=None), Standing("b", 50.0, line=None)]
    assert alternate_places(howell) == {}
    with_lines = [Standing("a", 60.0, line="N"), Standing("b", 50.0, line="S")]
    assert alternate_places(with_lines) == {"a": 1, "b": 2}
