"""The séries moves at the season's end (apps.rankings.domain.series), from rules that
are data: up to the highest série entered, else down one when a keep rule is missed."""

from hypothesis import given
from hypothesis import strategies as st

from apps.rankings.domain.series import (
    ENTER,
    KEEP,
    ORDER,
    Move,
    Rule,
    Standing,
    rule_problems,
    series_move,
)

RULES = [
    Rule("1", ENTER, "pcn", 3000),
    Rule("1", ENTER, "rank", 100),
    Rule("1", KEEP, "pcn", 1000),
    Rule("2", ENTER, "pcn", 1000),
    Rule("2", ENTER, "pp", 200),
    Rule("2", KEEP, "pcn", 200),
    Rule("P", ENTER, "pcn", 1),
]


def test_a_player_goes_up_to_the_highest_serie_entered():
    assert series_move("NC", Standing(pcn=3200, rank=40), RULES) == Move(
        "NC", "1", "1ère série : PCN ≥ 3000 (PCN 3200)"
    )
    assert series_move("P", Standing(pcn=500, pp=250, rank=900), RULES) == Move(
        "P", "2", "2ème série : PP ≥ 200 (PP 250)"
    )
    assert series_move("2", Standing(pcn=900, rank=80), RULES) == Move(
        "2", "1", "1ère série : rang national ≤ 100 (rang national 80)"
    )
    assert series_move("NC", Standing(pcn=5, rank=5000), RULES).after == "P"


def test_a_player_who_meets_no_keep_rule_goes_down_one():
    assert series_move("1", Standing(pcn=400, rank=700), RULES) == Move(
        "1", "2", "1ère série non conservée : PCN ≥ 1000 non atteint (PCN 400)"
    )
    # Not ranked at all this season: down one, not two.
    assert series_move("2", Standing(), RULES) == Move(
        "2", "P", "2ème série non conservée : PCN ≥ 200 non atteint (PCN 0)"
    )


def test_a_player_who_keeps_or_has_no_keep_rule_stays():
    assert series_move("1", Standing(pcn=1000, rank=300), RULES) is None
    assert series_move("2", Standing(pcn=300, rank=2000), RULES) is None
    assert series_move("P", Standing(), RULES) is None  # Promotion has no keep rule
    assert series_move("1", Standing(pcn=9999, rank=1), RULES) is None  # nothing above


def test_rules_that_cannot_be_used_are_named():
    assert rule_problems(RULES) == []
    assert rule_problems([Rule("NC", ENTER, "pcn", 1), Rule("1", "up", "pcn", 0)]) == [
        "Série inconnue : NC.",
        "Règle inconnue : up.",
        "1ère série : le seuil doit être positif.",
    ]
    assert rule_problems([Rule("2", KEEP, "elo", 5)]) == ["Mesure inconnue : elo."]


standings = st.builds(
    Standing,
    pcn=st.integers(0, 10_000),
    pp=st.integers(0, 1_000),
    rank=st.one_of(st.none(), st.integers(1, 20_000)),
)


@given(current=st.sampled_from(ORDER), standing=standings, more=st.integers(0, 5_000))
def test_more_pcn_never_gives_a_lower_serie(current, standing, more):
    def after(s):
        move = series_move(current, s, RULES)
        return ORDER.index(move.after if move else current)

    richer = Standing(standing.pcn + more, standing.pp, standing.rank)
    assert after(richer) <= after(standing)


@given(current=st.sampled_from(ORDER), standing=standings)
def test_a_player_moves_at_most_one_serie_down(current, standing):
    move = series_move(current, standing, RULES)
    if move is not None and ORDER.index(move.after) > ORDER.index(current):
        assert ORDER.index(move.after) == ORDER.index(current) + 1


def test_contradictory_rules_are_refused_naming_the_problem():
    twice = [Rule("1", ENTER, "pcn", 3000), Rule("1", ENTER, "pcn", 2000)]
    assert rule_problems(twice) == [
        "1ère série, entrée : deux seuils de PCN (3000 et 2000) ; n'en gardez qu'un."
    ]
    inverted = [Rule("1", ENTER, "pcn", 500), Rule("2", ENTER, "pcn", 800)]
    assert rule_problems(inverted) == [
        "Entrer en 1ère série (PCN ≥ 500) est plus facile qu'entrer en 2ème série (PCN ≥ 800) : "
        "une série haute demande au moins autant qu'une série plus basse."
    ]
    by_rank = [Rule("1", ENTER, "rank", 500), Rule("P", ENTER, "rank", 100)]
    assert "Entrer en 1ère série (rang national ≤ 500)" in rule_problems(by_rank)[0]
    harder_to_keep = [Rule("2", ENTER, "pcn", 300), Rule("2", KEEP, "pcn", 500)]
    assert rule_problems(harder_to_keep) == [
        "2ème série : la conserver (PCN ≥ 500) demande plus que d'y entrer (PCN ≥ 300) ; "
        "la même saison y ferait entrer un joueur et en descendre un autre."
    ]


def test_rules_on_different_measures_or_equal_thresholds_do_not_contradict():
    assert rule_problems([Rule("1", ENTER, "pcn", 800), Rule("2", ENTER, "pcn", 800)]) == []
    assert rule_problems([Rule("1", ENTER, "pp", 100), Rule("2", ENTER, "pcn", 800)]) == []
    assert rule_problems([Rule("2", ENTER, "rank", 300), Rule("2", KEEP, "rank", 300)]) == []


@given(
    rules=st.lists(
        st.builds(
            Rule,
            series=st.sampled_from(ORDER[:-1]),
            purpose=st.sampled_from([ENTER, KEEP]),
            measure=st.sampled_from(["pcn", "pp", "rank"]),
            threshold=st.integers(1, 5_000),
        ),
        max_size=8,
    )
)
def test_rules_without_contradiction_never_lift_and_drop_on_the_same_season(rules):
    """Accepted rules: a season that meets a série's entry rule meets its keep rule on the
    same measure."""
    if rule_problems(rules):
        return
    for standing in (Standing(pcn=n, pp=n, rank=n) for n in (1, 100, 1000, 5000)):
        for enter in (r for r in rules if r.purpose == ENTER and r.holds(standing)):
            same = (r for r in rules if r.purpose == KEEP and r.series == enter.series)
            assert all(keep.holds(standing) for keep in same if keep.measure == enter.measure)
