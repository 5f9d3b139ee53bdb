"""The integrity alerts as pure rules: for each kind, a case that raises it and one that
does not."""

from datetime import date
from decimal import Decimal

from hypothesis import given
from hypothesis import strategies as st

from apps.approvals.domain.alerts import (
    ALERT_KINDS,
    LONE_SCORE_GAP,
    ClaimedAward,
    Context,
    Event,
    Place,
    Score,
    integrity_alerts,
    shares_most_players,
)
from apps.awards.domain.claims import StageTables

DAY = date(2026, 10, 3)
HOME = Place(1, "Tarot Club de Rennes", "Salle des fêtes")
AWAY = Place(2, "Tarot Club de Brest", "Maison des associations")
# Five étuis played at four tables: plausible Garde scores.
SCORES = tuple(
    Score(1, etui, score, f"table {table}")
    for etui in range(1, 6)
    for table, score in enumerate((56, 62, -52, 70), start=1)
)


def event(ref="t1", **values) -> Event:
    facts = {
        "name": f"Tournoi {ref}",
        "date": DAY,
        "place": HOME,
        "players": 16,
        "licensees": frozenset(range(1, 17)),
        "scores": SCORES,
        **values,
    }
    return Event(ref=ref, **facts)


def kinds(alerts) -> list[str]:
    return [alert.kind for alert in alerts]


def alerts_of(mine: Event, *others: Event, names=None):
    context = Context({e.ref: e for e in (mine, *others)}, names or {})
    return integrity_alerts(mine, context)


def test_the_registry_holds_each_kind_once_with_its_french_title():
    assert list(ALERT_KINDS) == [
        "same_results",
        "same_day",
        "impossible_score",
        "lone_score",
        "small_field",
        "impossible_awards",
    ]
    assert all(kind.title for kind in ALERT_KINDS.values())


def test_a_clean_tournament_raises_nothing():
    assert alerts_of(event()) == []


# --- same results ---------------------------------------------------------------------


def test_identical_results_under_another_name_club_and_date_raise_the_alert():
    copy = event("t2", name="Autre nom", date=date(2026, 11, 7), place=AWAY)
    [alert] = alerts_of(event(), copy)
    assert alert.kind == "same_results" and alert.others == ("t2",)
    assert alert.key == "same_results:t2"
    assert "Résultats identiques à ceux de « Autre nom » du 07/11/2026" in alert.message
    assert "les mêmes 16 joueurs et les mêmes 20 scores" in alert.message


def test_most_players_and_ninety_percent_of_the_scores_raise_it():
    # 12 of 16 players shared, 18 of 20 scores (90 %).
    changed = list(SCORES)
    changed[0] = Score(1, 1, 80, "table 1")
    changed[5] = Score(1, 2, 80, "table 2")
    near = event("t2", licensees=frozenset(range(5, 21)), scores=tuple(changed))
    [alert] = alerts_of(event(), near)
    assert "presque identiques" in alert.message
    assert "12 joueurs sur 16 en commun et 18 scores d'étuis sur 20 identiques (90 %)" in (
        alert.message
    )


def test_the_same_etuis_by_other_players_or_too_few_scores_in_common_do_not():
    # A simultaneous tournament: the same étuis and scores, another field.
    others = event("t2", licensees=frozenset(range(100, 116)))
    # The same players, 17 scores of 20 (85 %).
    changed = list(SCORES)
    for i in (0, 5, 10):
        changed[i] = Score(1, changed[i].etui, 80, "table 1")
    replayed = event("t3", scores=tuple(changed))
    # Half the players only (8 of 16), every score the same.
    half = event("t4", licensees=frozenset(range(9, 25)))
    assert alerts_of(event(), others, replayed, half) == []
    assert not shares_most_players(8, 16) and shares_most_players(9, 16)


def test_the_same_file_from_other_software_received_twice_raises_it_and_another_does_not():
    claimed = (ClaimedAward(1, 120, 2), ClaimedAward(2, 80, 1), ClaimedAward(3, 0, 1))
    received = event("h1", external=True, scores=(), claimed=claimed)
    again = event("h2", external=True, scores=(), claimed=tuple(reversed(claimed)))
    # Two lines of three differ: not alike (33 %).
    other = event(
        "h3",
        external=True,
        scores=(),
        claimed=(claimed[0], ClaimedAward(2, 80, 2), ClaimedAward(3, 0, 2)),
    )
    [alert] = alerts_of(received, again, other)
    assert alert.others == ("h2",)
    assert alert.message == (
        "Mêmes résultats que ceux de « Tournoi h2 » du 03/10/2026 (Tarot Club de Rennes,"
        " Salle des fêtes) : 100 % des attributions identiques (les mêmes PCN et PP,"
        " licencié par licencié)."
    )


def test_close_awards_whatever_the_date_raise_it_with_their_share():
    """From 60 % of the awarded licensees with the same PCN and PP (same_results)."""
    claimed = tuple(ClaimedAward(pk, 10 * pk, 1) for pk in range(1, 11))
    received = event("h1", external=True, scores=(), claimed=claimed)
    seven = (*claimed[:7], *(ClaimedAward(pk, 5, 2) for pk in range(8, 11)))
    close = event("h2", external=True, scores=(), claimed=seven, date=date(2026, 5, 2))
    [alert] = alerts_of(received, close)
    assert alert.kind == "same_results" and alert.others == ("h2",)
    assert alert.message.startswith(
        "Résultats proches de ceux de « Tournoi h2 » du 02/05/2026"
    ) and ": 70 % des attributions identiques" in (alert.message)
    # A tournament of Donne is compared by the awards it computed.
    computed = event("t3", scores=(), awards=seven, date=date(2026, 5, 2))
    assert [a.others for a in alerts_of(received, computed)] == [("t3",)]
    five = (*claimed[:5], *(ClaimedAward(pk, 5, 2) for pk in range(6, 11)))
    assert alerts_of(received, event("h4", external=True, scores=(), claimed=five)) == []


def _plays(licensees, etuis, shift=0) -> frozenset:
    return frozenset((pk, etui, 10 * etui + shift) for pk in licensees for etui in etuis)


def test_plays_held_by_another_tournament_raise_it_where_the_scores_do_not():
    """A session imported alone becomes a first session: its scores' étuis are those of
    another session, its plays (licence, étui, score) are contained (same_results)."""
    session = event(scores=(), plays=_plays(range(1, 17), range(1, 6)))
    whole = event(
        "t2",
        scores=(),
        plays=_plays(range(1, 17), range(1, 11)),
        date=date(2026, 9, 12),
        licensees=frozenset(range(1, 17)),
    )
    [alert] = alerts_of(session, whole)
    assert alert.others == ("t2",)
    assert "Mêmes résultats que ceux de « Tournoi t2 » du 12/09/2026" in alert.message
    assert "100 % des donnes jouées identiques (le même licencié, le même étui" in alert.message


def test_two_genuine_tournaments_of_the_same_players_on_two_days_raise_nothing():
    """A festival's weekend: the same players, other deals, other awards."""
    saturday = event(
        scores=(),
        plays=_plays(range(1, 17), range(1, 6)),
        awards=tuple(ClaimedAward(pk, 10 * pk, 1) for pk in range(1, 9)),
    )
    sunday = event(
        "t2",
        scores=(),
        date=date(2026, 10, 4),
        plays=_plays(range(1, 17), range(1, 6), shift=3),
        awards=tuple(ClaimedAward(pk, 10 * pk, 1) for pk in range(9, 17)),
    )
    assert alerts_of(saturday, sunday) == alerts_of(sunday, saturday) == []


def test_a_file_with_most_players_of_a_tournament_played_the_same_day_raises_it():
    claimed = tuple(ClaimedAward(pk, 0, 1) for pk in range(1, 12))
    received = event(
        "h1", external=True, scores=(), claimed=claimed, licensees=frozenset(range(1, 12))
    )
    [alert] = alerts_of(received, event())
    assert alert.kind == "same_results" and alert.others == ("t1",)
    assert alert.message.startswith("11 des 11 joueurs de ce tournoi ont aussi joué « Tournoi t1 »")
    [alert] = alerts_of(event(), received)
    assert alert.message.startswith("11 des 16 joueurs de ce tournoi")


def test_a_file_of_another_day_or_with_few_of_its_players_does_not():
    received = event("h1", external=True, scores=(), licensees=frozenset(range(1, 12)))
    assert alerts_of(received, event(date=date(2026, 10, 4))) == []
    assert kinds(alerts_of(received, event(licensees=frozenset(range(8, 30))))) == ["same_day"]


# --- the same day in two places -------------------------------------------------------


def test_a_licensee_in_two_places_the_same_day_raises_the_alert():
    names = {3: "DUPONT Anne (1001003)"}
    elsewhere = event("t2", name="Tournoi de Brest", place=AWAY, licensees=frozenset({3, 99}))
    [alert] = alerts_of(event(scores=()), elsewhere, names=names)
    assert alert.kind == "same_day" and alert.others == ("t2",)
    assert "DUPONT Anne (1001003) a aussi joué « Tournoi de Brest » du 03/10/2026" in (
        alert.message
    )
    assert "Tarot Club de Brest, Maison des associations" in alert.message


def test_the_same_club_and_venue_another_day_or_other_players_do_not():
    players = frozenset({3, 99})
    evening = event("t2", place=Place(1, "Tarot Club de Rennes", "salle  des FÊTES"))
    unnamed_venue = event("t3", place=Place(1, "Tarot Club de Rennes"), licensees=players)
    other_day = event("t4", place=AWAY, date=date(2026, 10, 4), licensees=players)
    strangers = event("t5", place=AWAY, licensees=frozenset({200}))
    mine = event(scores=())
    assert alerts_of(mine, evening, unnamed_venue, other_day, strangers) == []
    # Another venue of the same club is another place.
    annex = event("t6", place=Place(1, "Tarot Club de Rennes", "Annexe"), licensees=players)
    assert kinds(alerts_of(mine, annex)) == ["same_day"]


def test_a_file_at_the_same_club_the_same_day_raises_it_its_hour_being_unknown():
    """docs/interpretations.md, « Le même jour au même club »."""
    names = {3: "DUPONT Anne (1001003)"}
    received = event("h1", external=True, scores=(), licensees=frozenset({3, *range(100, 111)}))
    [alert] = alerts_of(received, event("t2", scores=()), names=names)
    assert alert.kind == "same_day" and alert.others == ("t2",)
    assert "DUPONT Anne (1001003) a aussi joué « Tournoi t2 » du 03/10/2026" in alert.message
    assert "au même club : un fichier d'un autre logiciel ne dit pas l'heure" in alert.message
    assert kinds(alerts_of(event("t2", scores=()), received, names=names)) == ["same_day"]
    # Most of its players: the same tournament twice, said once (same_results).
    most = event("h3", external=True, scores=(), licensees=frozenset(range(1, 12)))
    assert kinds(alerts_of(most, event("t2", scores=()))) == ["same_results"]


def test_a_file_from_other_software_is_checked_for_the_same_day_too():
    players = frozenset({3, *range(100, 111)})
    received = event("h1", external=True, scores=(), place=AWAY, licensees=players)
    [alert] = alerts_of(received, event("t2", scores=()))
    assert alert.kind == "same_day" and alert.others == ("t2",)


# --- scores ---------------------------------------------------------------------------


def test_a_score_no_deal_gives_raises_the_alert_with_the_etui_and_its_scores():
    scores = (*SCORES[:3], Score(1, 1, 57, "table 4, position 2"), *SCORES[4:])
    [alert] = alerts_of(event(scores=scores))
    assert alert.kind == "impossible_score" and alert.key == "impossible_score:1:1"
    assert alert.message.startswith("Étui 1 : aucune donne ne donne ce score — 57 (table 4")
    assert "un score de Garde est pair" in alert.message
    assert "Scores de l'étui : 56, 62, -52, 57." in alert.message


def test_scores_a_deal_gives_raise_nothing_even_the_highest():
    scores = (*SCORES[:3], Score(1, 1, 620, "table 4"))
    assert "impossible_score" not in kinds(alerts_of(event(scores=scores)))


def test_a_score_more_than_200_points_from_every_other_raises_the_alert():
    scores = (*SCORES[:3], Score(1, 1, 410, "table 4"), *SCORES[4:])
    [alert] = alerts_of(event(scores=scores))
    assert alert.kind == "lone_score" and alert.key == "lone_score:1:1"
    assert "Étui 1 : 410 (table 4) à plus de 200 points de tous les autres scores" in (
        alert.message
    )


def test_a_score_within_200_points_of_another_raises_nothing():
    # 148 is exactly 200 from -52; a single play has no other score.
    scores = (Score(1, 1, -52), Score(1, 1, 148), Score(1, 9, 600, "table 1"))
    assert alerts_of(event(scores=scores)) == []


def test_a_tournament_of_several_sessions_names_the_session():
    scores = (*SCORES, Score(2, 1, 56), Score(2, 1, 53))
    [alert] = alerts_of(event(scores=scores))
    assert alert.message.startswith("Étui 1 de la séance 2 :")


# --- field and index ------------------------------------------------------------------


def test_a_field_smaller_than_the_index_claims_raises_the_alert():
    [alert] = alerts_of(event(index=Decimal("1.2"), players=40))
    assert alert.kind == "small_field"
    assert alert.message == (
        "Indice 1,2 (Tournoi Régional) : il faut au moins 52 joueurs ;"
        " le bordereau annonce 40 joueurs."
    )
    claimed = tuple(ClaimedAward(pk, 0, 1) for pk in range(30))
    received = event(external=True, scores=(), index=Decimal("1.5"), players=90, claimed=claimed)
    [alert] = alerts_of(received)
    assert "au moins 100 joueurs ; le bordereau annonce 90 joueurs, le fichier en nomme 30" in (
        alert.message
    )


def test_a_field_that_reaches_the_index_raises_nothing():
    assert alerts_of(event(index=Decimal("1.2"), players=52)) == []
    assert alerts_of(event(index=Decimal("1.5"), players=100)) == []
    assert alerts_of(event(index=Decimal("1"), players=12)) == []


def test_a_championship_stage_is_not_held_to_a_granted_index():
    """A regional semi-final plays at 1,5 by the regulation, whatever its field."""
    assert alerts_of(event(index=Decimal("1.5"), players=40, championship=True)) == []


# --- invariants -----------------------------------------------------------------------


@given(
    licensees=st.frozensets(st.integers(1, 500), min_size=1, max_size=40),
    scores=st.lists(st.tuples(st.integers(1, 24), st.integers(-300, 300)), min_size=1),
    days=st.integers(0, 365),
)
def test_a_copy_under_any_name_club_and_date_is_always_identical(licensees, scores, days):
    played = tuple(Score(1, etui, score) for etui, score in scores)
    mine = event(licensees=licensees, scores=played)
    copy = event(
        "t2",
        name="Copie",
        date=date.fromordinal(DAY.toordinal() + days),
        place=AWAY,
        licensees=licensees,
        scores=tuple(reversed(played)),
    )
    alerts = [a for a in alerts_of(mine, copy) if a.kind == "same_results"]
    assert [a.others for a in alerts] == [("t2",)]
    assert "Résultats identiques" in alerts[0].message


@given(
    low=st.integers(-400, 400),
    gaps=st.lists(st.integers(0, LONE_SCORE_GAP), min_size=1, max_size=8),
)
def test_scores_within_200_points_of_each_other_are_never_lone(low, gaps):
    scores = tuple(Score(1, 1, low + gap) for gap in gaps)
    assert "lone_score" not in kinds(alerts_of(event(scores=scores)))


@given(score=st.integers(-400, 400), others=st.lists(st.integers(-400, 400), min_size=1))
def test_a_score_is_lone_exactly_when_every_other_is_more_than_200_away(score, others):
    scores = (Score(1, 1, score), *(Score(1, 1, other) for other in others))
    lone = [a for a in alerts_of(event(scores=scores)) if a.kind == "lone_score"]
    far = all(abs(score - other) > LONE_SCORE_GAP for other in others)
    assert not far or (lone and f"Étui 1 : {score}" in lone[0].message)


# --- claimed awards ---------------------------------------------------------------------

# A one-session en ligne room of 7 tables at index 1: each line's first four are paid
# 560, 403, 290 and 209 PCN (fascicule 3, ch. 5), the twelve others nothing.
PAID = (560, 403, 290, 209)
SEVEN_TABLES = tuple(
    ClaimedAward(pk, PAID[(pk - 1) // 4] if pk <= 16 else 0, 0) for pk in range(1, 29)
)


def _file(claimed, **values) -> Event:
    facts = {"players": 28, "session_players": (28,), "external": True, "scores": ()}
    return event("h1", claimed=claimed, **{**facts, **values})


def test_claimed_awards_no_ranking_gives_raise_the_alert_with_the_expected_values():
    altered = (ClaimedAward(1, 561, 0), *SEVEN_TABLES[1:])
    [alert] = alerts_of(_file(altered))
    assert (alert.kind, alert.key) == ("impossible_awards", "impossible_awards:PCN:561")
    assert alert.message == (
        "PCN 561 déclarés pour 1 joueur : aucune place ni aucun partage d'ex-æquo ne le"
        " donne (en ligne, 7 tables, indice 1) ; attendus : 560 à 4 places, 403 à 4"
        " places, 290 à 4 places, 209 à 4 places."
    )


def test_claimed_awards_a_ranking_gives_raise_nothing():
    assert alerts_of(_file(SEVEN_TABLES)) == []


def test_a_corrected_index_makes_the_same_awards_impossible():
    """The receiver corrected the index to 1,2 after receipt: the values no longer fit."""
    assert (
        kinds(alerts_of(_file(SEVEN_TABLES, index=Decimal("1.2"), players=60)))
        == ["impossible_awards"] * 4
    )


def test_a_championship_file_without_its_stage_tables_is_said_unchecked():
    """A file received as a championship before a stage was named: its awards are not
    passed as checked."""
    [alert] = alerts_of(_file(SEVEN_TABLES, championship=True, index=Decimal("1.8")))
    assert (alert.kind, alert.key) == ("impossible_awards", "impossible_awards:stage")
    assert alert.message == (
        "Championnat : aucune étape de Donne n'en donne les tableaux ; ses PCN et PP ne sont"
        " pas contrôlés."
    )


def test_a_championship_file_is_checked_against_its_stage_tables():
    """The stored file of a stage: its PP are those of the stage's table."""
    final = StageTables("Finale régionale 1ère série", pp=(23, 19, 15))
    paid = tuple(ClaimedAward(pk, 0, pp) for pk, pp in enumerate((23, 19, 15), start=1))
    stage_file = {"championship": True, "index": Decimal("1.8"), "stage": final}
    assert alerts_of(_file(paid, **stage_file)) == []
    [alert] = alerts_of(_file((ClaimedAward(1, 0, 999_999),), **stage_file))
    assert alert.key == "impossible_awards:PP:999999"


def test_sessions_beyond_the_largest_room_raise_the_alert_without_computing():
    """Stored sessions of a file received before the bounds: refused, never computed."""
    [alert] = alerts_of(_file(SEVEN_TABLES, session_players=(10**9,)))
    assert alert.kind == "impossible_awards"
    assert "la plus grande salle en compte 600" in alert.message
