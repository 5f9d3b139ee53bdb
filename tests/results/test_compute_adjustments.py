"""Marques ajustées and penalties in a session's results (fascicule 3, ch. 4 « Code
d'arbitrage », ch. 2 article 18), worked by hand on the regulation's five-table étui:
étui 1, preneur Nord, played at tables 1, 5, 4, 3, 2 in positions 1 to 5 with the scores
56, 62, -56, -52, 50, by the players Nt, St, Et, Wt of table t."""

import math
from collections import Counter, defaultdict

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from apps.penalties.domain.effects import (
    AdjustedScore,
    AdjustmentKind,
    PenaltyRecord,
    lateness_penalty,
    penalties_total,
)
from apps.results.domain.compute import session_results_compute
from apps.results.domain.topage import taker_notes
from tests.results.play_records import THREE_TABLES, by_player, play, room_lines
from tests.results.synthetic_sessions import synthetic_session

K = AdjustmentKind
PLAYS = [
    play(1, table, "N", score, position=position)
    for position, table, score in [(1, 1, 56), (2, 5, 62), (3, 4, -56), (4, 3, -52), (5, 2, 50)]
]
# Table: taker's note, each defender's note, before any adjustment.
BEFORE = {1: (75, 25), 5: (100, 0), 4: (0, 100), 3: (25, 75), 2: (50, 50)}


def table_notes(results):
    """Each table's notes: taker, then the defenders S, E, W."""
    return {n.play.table: (n.taker_note, *n.defender_notes) for n in results.notes}


def expected(**changed):
    """BEFORE with the tables ``t<n>`` changed: a number is the taker's note, the defenders
    getting its complement; a tuple gives the notes of the taker and of S, E, W."""

    def sides(notes):
        return notes if isinstance(notes, tuple) else (notes, *(100 - notes,) * 3)

    notes = {
        table: (taker, defence, defence, defence) for table, (taker, defence) in BEFORE.items()
    }
    return notes | {int(key[1:]): sides(value) for key, value in changed.items()}


def overalls(results):
    return {p.player: p.overall for p in results.players}


def adjusted(adjustments, penalties=None):
    keyed = {("Rouge", table, 1): adjustment for table, adjustment in adjustments.items()}
    return session_results_compute(PLAYS, room_lines(5), penalties, keyed)


def test_before_any_adjustment():
    results = adjusted({})
    assert table_notes(results) == expected()
    assert overalls(results)["N5"] == 100 and overalls(results)["S4"] == 100
    assert all(line.adjustment is None for p in results.players for line in p.sheet)


def test_a_neutralised_play_leaves_the_topage_and_the_averages_but_the_zero_counts():
    """Faux écart at table 5: « la donne est neutralisée, 0 sur la donne au preneur ». The
    four other plays are topés alone: -56, -52, 50, 56 -> 0, 33.3, 66.7, 100."""
    results = adjusted({5: AdjustedScore(K.NEUTRALIZED, zero_players={"N5"})})
    third = 100 / 3
    assert table_notes(results) == expected(
        t1=100,
        t5=(0, None, None, None),
        t4=0,
        t3=third,
        t2=2 * third,
    )
    players = by_player(results)
    # 17 players ranked; N5 shares the last place with N4 and the defenders of table 1.
    assert (players["N5"].attack, players["N5"].overall, players["N5"].rank) == (0, 0, 13)
    assert all(players[p].overall is None and players[p].rank is None for p in ("S5", "E5", "W5"))
    assert [(line.note, line.adjustment) for line in players["S5"].sheet] == [(None, "neutralized")]
    assert results.missing == 0


def test_a_zero_collectif_leaves_the_topage_and_gives_0_to_all_four():
    """Zéro collectif at table 4: -52, 50, 56, 62 are topés alone."""
    results = adjusted({4: AdjustedScore(K.ZERO_COLLECTIF)})
    third = 100 / 3
    assert table_notes(results) == expected(
        t1=2 * third,
        t5=100,
        t4=(0, 0, 0, 0),
        t3=0,
        t2=third,
    )
    assert {overalls(results)[f"{seat}4"] for seat in "NSEW"} == {0}
    assert by_player(results)["S3"].tops == 1


def test_a_40_60_play_is_topped_then_bounded():
    """Renonce by the taker at table 5 (TOP -> 40/60), by the defence at table 4 (0 -> 60/40)
    and at table 1 (75/25, already within the bounds). Nobody else moves."""
    results = adjusted(
        {
            5: AdjustedScore(K.FORTY_SIXTY, faulty="taker"),
            4: AdjustedScore(K.FORTY_SIXTY, faulty="defense"),
            1: AdjustedScore(K.FORTY_SIXTY, faulty="defense"),
        }
    )
    assert table_notes(results) == expected(t5=(40, 60, 60, 60), t4=(60, 40, 40, 40))
    players = by_player(results)
    assert (players["N5"].overall, players["E5"].overall, players["N5"].tops) == (40, 60, 0)
    assert (players["N4"].overall, players["W4"].overall, players["W4"].tops) == (60, 40, 0)
    assert players["N1"].sheet[0].adjustment == "40_60" and players["N1"].overall == 75


def test_a_renonce_on_a_renonce_gives_40_and_40():
    """Table 3: « 40 % et 40 % »; its score -52 still tops the other plays."""
    results = adjusted({3: AdjustedScore(K.FORTY_FORTY)})
    assert table_notes(results) == expected(t3=(40, 40, 40, 40))


def test_a_card_forgotten_by_the_taker():
    """Table 2: « 0 au camp fautif et 60 % à l'autre camp »; -56, -52, 56, 62 are topés."""
    results = adjusted({2: AdjustedScore(K.FORGOTTEN_CARD, faulty="taker")})
    third = 100 / 3
    assert table_notes(results) == expected(
        t1=2 * third,
        t5=100,
        t4=0,
        t3=third,
        t2=(0, 60, 60, 60),
    )


def test_a_card_forgotten_by_a_defender():
    """Table 1, Est: « 60 % au preneur, 0 au défenseur fautif et donne neutralisée pour les
    2 autres défenseurs »; -56, -52, 50, 62 are topés."""
    results = adjusted({1: AdjustedScore(K.FORGOTTEN_CARD, faulty="defense", faulty_player="E1")})
    third = 100 / 3
    assert table_notes(results) == expected(
        t1=(60, None, 0, None),
        t5=100,
        t4=0,
        t3=third,
        t2=2 * third,
    )
    notes = overalls(results)
    assert (notes["N1"], notes["E1"], notes["S1"], notes["W1"]) == (60, 0, None, None)
    assert results.notes[0].defence_note is None


def test_lateness_is_taken_off_the_overall():
    """W3 (75 %) arrives 7 minutes late: 1 point off, 74 %, behind N1 and S3, E3 (75 %);
    N2 arrives 3 minutes late: 0.5 point off, 49.5 %."""
    records = [
        PenaltyRecord("W3", None, lateness_penalty(7), cumulative=True),
        PenaltyRecord("N2", None, lateness_penalty(3), cumulative=True),
    ]
    before, after = adjusted({}), adjusted({}, penalties_total(records))
    assert (by_player(before)["W3"].final, by_player(before)["W3"].rank) == (75, 5)
    w3, n2 = by_player(after)["W3"], by_player(after)["N2"]
    assert (w3.overall, w3.penalty, w3.final, w3.rank) == (75, 1, 74, 8)
    assert (n2.overall, n2.final) == (50, 49.5)
    assert [p.player for p in after.players[4:8]] == ["E3", "N1", "S3", "W3"]


def test_a_neutralised_play_leaves_the_player_s_averages_on_the_other_etuis():
    """Three tables, two étuis: étui 2 neutralised at table 2 (E2 took it, 40 -> TOP), with
    a 0 to W2. Étui 2 is topé on -10 and 0 alone. E2 keeps étui 1 only (défense 100); S2
    keeps étui 1 only (défense 100, was 50); W2 keeps étui 1 and the 0 (défense 50)."""
    adjustment = {("Rouge", 2, 2): AdjustedScore(K.NEUTRALIZED, zero_players={"W2"})}
    players = by_player(session_results_compute(THREE_TABLES, room_lines(3), None, adjustment))
    assert [(p, players[p].attack, players[p].defence) for p in ("E2", "S2", "W2", "E1")] == [
        ("E2", None, 100),
        ("S2", None, 100),
        ("W2", None, 50),
        ("E1", 0, 25),
    ]


def test_an_adjustment_of_a_play_not_played_is_refused():
    with pytest.raises(ValueError, match="non jouée"):
        adjusted({6: AdjustedScore(K.ZERO_COLLECTIF)})


def test_an_adjustment_naming_two_plays_is_refused():
    replayed = [*PLAYS, play(1, 1, "N", 30, position=6)]
    adjustment = {("Rouge", 1, 1): AdjustedScore(K.ZERO_COLLECTIF)}
    with pytest.raises(ValueError, match="plusieurs fois"):
        session_results_compute(replayed, room_lines(5), None, adjustment)


def test_a_play_set_aside_needs_no_score_but_a_40_60_play_does():
    plays = [*PLAYS[:4], play(1, 2, "N", None, position=5)]
    for adjustment, missing in [
        (AdjustedScore(K.NEUTRALIZED), 0),
        (AdjustedScore(K.FORTY_FORTY), 1),
    ]:
        results = session_results_compute(plays, room_lines(5), None, {("Rouge", 2, 1): adjustment})
        assert results.missing == missing


# Properties on random rooms.

sessions = st.builds(
    synthetic_session,
    tables=st.integers(1, 12),
    etuis_per_table=st.integers(1, 3),
    positions=st.integers(1, 4),
    section_tables=st.integers(1, 8),
    missing=st.sampled_from([0, 0.2]),
    seed=st.integers(0, 2**16),
)


def adjustment_for(kind, play, draw):
    """A valid adjustment of ``kind`` on ``play``, its details drawn by ``draw``."""
    players = [play.taker, *play.defenders]
    if kind is K.NEUTRALIZED:
        zero = draw(st.frozensets(st.sampled_from(players)))
        return AdjustedScore(kind, zero_players=zero)
    if kind is K.FORGOTTEN_CARD:
        faulty_player = draw(st.sampled_from([None, *play.defenders]))
        faulty = "taker" if faulty_player is None else "defense"
        return AdjustedScore(kind, faulty, faulty_player)
    faulty = draw(st.sampled_from(["taker", "defense"])) if kind is K.FORTY_SIXTY else None
    return AdjustedScore(kind, faulty)


def play_key(play):
    return play.section, play.table, play.etui


def single_plays(plays):
    """The plays an adjustment can name: synthetic rooms may replay an étui at a table."""
    keys = Counter(map(play_key, plays))
    return [p for p in plays if keys[play_key(p)] == 1]


@st.composite
def adjusted_sessions(draw):
    plays, lines = draw(sessions)
    candidates = single_plays(plays)
    chosen = (
        draw(st.lists(st.sampled_from(candidates), unique=True, max_size=6)) if candidates else []
    )
    adjustments = {play_key(p): adjustment_for(draw(st.sampled_from(K)), p, draw) for p in chosen}
    return plays, lines, adjustments


@settings(max_examples=40, deadline=None)
@given(adjusted_sessions())
def test_adjusted_results(session):
    plays, lines, adjustments = session
    results = session_results_compute(plays, lines, None, adjustments)
    by_etui = defaultdict(list)
    for note in results.notes:
        by_etui[note.play.etui].append(note)
        adjustment = adjustments.get(play_key(note.play))
        known = [n for n in (note.taker_note, *note.defender_notes) if n is not None]
        assert all(0 <= n <= 100 for n in known)
        assert note.adjustment == (adjustment and adjustment.kind)
        if adjustment is not None and adjustment.kind is K.FORTY_SIXTY and known:
            faulty, other = note.taker_note, note.defence_note
            if adjustment.faulty == "defense":
                faulty, other = other, faulty
            assert faulty <= 40 and other >= 60

    # The plays left out of the topage change the notes of the others exactly as their
    # removal from the traveller would.
    for notes in by_etui.values():
        topped = [
            n
            for n in notes
            if n.play.score is not None and (n.adjustment is None or K(n.adjustment).topped)
        ]
        expected = taker_notes([n.play.score for n in topped])
        plain = [(n, e) for n, e in zip(topped, expected, strict=True) if n.adjustment is None]
        assert all(math.isclose(n.taker_note, e) for n, e in plain)

    # Every player's percentages follow the notes on their sheet.
    for player in results.players:
        known = [line.note for line in player.sheet if line.note is not None]
        assert (player.overall is None) == (not known)


@settings(max_examples=30, deadline=None)
@given(sessions)
def test_no_adjustment_gives_the_results_of_today(session):
    plays, lines = session
    results = session_results_compute(plays, lines)
    assert session_results_compute(plays, lines, None, {}) == results
    assert all(n.adjustment is None and n.adjusted_defender_notes is None for n in results.notes)
    for note in results.notes:
        complement = None if note.taker_note is None else 100 - note.taker_note
        assert note.defender_notes == (complement,) * 3 == (note.defence_note,) * 3


@settings(max_examples=30, deadline=None)
@given(sessions, st.data())
def test_leaving_a_play_out_only_removes_its_notes(session, data):
    """Neutralising a play gives the other plays of its étui the notes of a traveller
    without it, and changes nothing on the other étuis."""
    plays, lines = session
    candidates = single_plays(plays)
    assume(candidates)
    target = data.draw(st.sampled_from(candidates))
    key = play_key(target)
    before = session_results_compute(plays, lines).notes
    after = session_results_compute(plays, lines, None, {key: AdjustedScore(K.NEUTRALIZED)}).notes
    removed = session_results_compute([p for p in plays if p != target], lines).notes
    assert [n for n in after if n.play != target] == list(removed)
    assert sum(n.taker_note is not None for n in after) == sum(
        n.taker_note is not None for n in before
    ) - (target.score is not None)
