"""Every fault of the 2022-2023 catalogue, recorded at table 1 of a small tournament with
position 1 entered, and its effect on the session's results: the penalty on exactly the
penalised players, the marque ajustée on the notes of the étui, nothing for a warning or
a sanction left to the referee."""

import json
from decimal import Decimal
from pathlib import Path

import pytest
from django.db.models import Max

from apps.movements import services as movements
from apps.movements.models import MovementTable
from apps.penalties.domain.effects import AdjustmentKind
from apps.penalties.models import Adjustment, FaultySide, Penalised, PlayersNote
from apps.penalties.services import incident_record
from apps.results.domain.percentages import player_percentages
from apps.results.domain.topage import taker_notes
from apps.results.selectors import session_results
from apps.scoring.services import play_score_set
from tests.builders import fault, lines_write, record, ruling, seated_at, table_at

pytestmark = pytest.mark.django_db

CATALOGUE = Path(__file__).resolve().parents[2] / "apps/penalties/catalogue/2022-2023.json"
CODES = [row["code"] for row in json.loads(CATALOGUE.read_text())["faults"]]
SCORES = [56, 62, -56, -52, 50]  # étui 1 at tables 1..5 of the regulation's example


def test_the_catalogue_has_its_49_faults():
    assert len(CODES) == len(set(CODES)) == 49


def _enter_position_1(world, session):
    """Every play of position 1 (valid Garde scores, no ties on an étui), then table 1's
    first étui at each following position: the regulation's étui 1, 56, 62, -56, -52, 50,
    in the order of the positions."""
    tables = MovementTable.objects.filter(movement__session=session, sequence=1).order_by("table")
    etui = tables[0].etuis[0]
    movement = tables[0].movement
    scored = [
        (table, other, SCORES[0] if other == etui else SCORES[(number + rank) % len(SCORES)], None)
        for number, table in enumerate(tables)
        for rank, other in enumerate(table.etuis)
    ]
    lines_write(world.referee, movement, scored)
    last = MovementTable.objects.filter(movement=movement).aggregate(Max("sequence"))
    for sequence in range(2, last["sequence__max"] + 1):
        movement = movements.movement_advance(
            actor=world.referee, movement=movement, from_position=movement.current_position
        )
        playing = MovementTable.objects.filter(movement=movement, sequence=sequence)
        table = next(table for table in playing if etui in table.etuis)
        play_score_set(actor=world.referee, table=table, etui=etui, score=SCORES[sequence - 1])
    return etui


def _target(results, etui):
    return next(
        n for n in results.notes if (n.play.position, n.play.table, n.play.etui) == (1, 1, etui)
    )


def _by_player(results):
    return {p.player: p for p in results.players}


def _expected_notes(row, side, before_note, taker, defenders, named):
    """(taker note, defender notes) of the adjusted play."""
    kind = row.adjustment
    if kind == Adjustment.NEUTRALIZED:
        given = {PlayersNote.ZERO: 0.0, PlayersNote.FORTY: 40.0}.get(row.players_note)

        def note(player):
            return given if player in named else None

        return note(taker), tuple(note(d) for d in defenders)
    if kind == Adjustment.ZERO_COLLECTIF:
        return 0.0, (0.0,) * 3
    if kind == Adjustment.FORTY_FORTY:
        return 40.0, (40.0,) * 3
    if kind == Adjustment.FORTY_SIXTY:
        taker_note = min(before_note, 40.0) if side == FaultySide.TAKER else max(before_note, 60.0)
        return taker_note, (100 - taker_note,) * 3
    if side == FaultySide.TAKER:  # carte oubliée by the taker
        return 0.0, (60.0,) * 3
    return 60.0, tuple(0.0 if d in named else None for d in defenders)


@pytest.mark.parametrize("code", CODES)
def test_each_fault_of_the_catalogue_reaches_the_results(world, session, code):
    etui = _enter_position_1(world, session)
    before = session_results(session)
    assert all(n.play.score is not None for n in before.notes if n.play.position == 1)
    assert sum(n.play.score is not None for n in before.notes if n.play.etui == etui) == 5
    row = fault(session, code)
    target = _target(before, etui)
    taker, defenders = target.play.taker, target.play.defenders
    registrations = {str(r.pk): r for r in seated_at(table_at(session))}
    side, named, options = ruling(row, taker, defenders)
    if code == "retard":  # a fault of the session, without a table
        incident = incident_record(
            actor=world.referee, session=session, fault=row, players=[registrations[taker]]
        )
        incident.refresh_from_db()
        assert (incident.table, incident.etui) == (None, None)
        named = [taker]
    else:
        record(
            world,
            session,
            code,
            etui=etui,
            players=[registrations[key] for key in named],
            **options,
        )
        if row.penalised == Penalised.TABLE:
            named = [taker, *defenders]
    after = session_results(session)

    # the penalty lands on exactly the penalised players
    percent = float(row.penalty_percent or 0)
    penalised = set(named) if percent else set()
    for player, result in _by_player(after).items():
        assert result.penalty == (percent if player in penalised else 0), player
        assert result.final == pytest.approx(result.overall - result.penalty)

    old_notes = {(n.play.etui, n.play.position, n.play.table): n for n in before.notes}
    new_notes = {(n.play.etui, n.play.position, n.play.table): n for n in after.notes}
    if not row.adjustment:
        # no marque ajustée: every note and percentage as before
        assert [(n.taker_note, n.defender_notes) for n in after.notes] == [
            (n.taker_note, n.defender_notes) for n in before.notes
        ]
        old = _by_player(before)
        assert {p: r.overall for p, r in _by_player(after).items()} == {
            p: r.overall for p, r in old.items()
        }
        if not percent:  # a warning, the referee's discretion: nothing changes
            assert {p: r.final for p, r in _by_player(after).items()} == {
                p: r.final for p, r in old.items()
            }
        return

    adjusted = new_notes[etui, 1, 1]
    assert adjusted.adjustment == row.adjustment
    expected = _expected_notes(row, side, target.taker_note, taker, defenders, set(named))
    assert (adjusted.taker_note, adjusted.defender_notes) == expected
    if row.adjustment == Adjustment.FORTY_SIXTY:
        faulty, other = (
            (adjusted.taker_note, adjusted.defender_notes[0])
            if side == FaultySide.TAKER
            else (adjusted.defender_notes[0], adjusted.taker_note)
        )
        assert faulty <= 40 and other >= 60

    # the other plays of the étui: topped without the play unless it was played out
    others = sorted(
        ((key, n) for key, n in new_notes.items() if key[0] == etui and key[1:] != (1, 1)),
        key=lambda item: item[0],
    )
    if AdjustmentKind(row.adjustment).topped:
        assert [n.taker_note for _k, n in others] == [
            old_notes[key].taker_note for key, _n in others
        ]
    else:
        scores = [n.play.score for _k, n in others]
        assert [n.taker_note for _k, n in others] == pytest.approx(taker_notes(scores))
    # the other étuis are untouched
    assert all(
        n.taker_note == old_notes[k].taker_note for k, n in new_notes.items() if k[0] != etui
    )

    # each player's percentages: a note given counts, a neutralised play leaves them
    for result in after.players:
        attack = [line.note for line in result.sheet if line.role == "taker"]
        defence = [line.note for line in result.sheet if line.role == "defender"]
        assert result.overall == pytest.approx(player_percentages(attack, defence).overall)
    by_player = _by_player(after)
    for player, note in zip((taker, *defenders), (expected[0], *expected[1]), strict=True):
        [line] = [line for line in by_player[player].sheet if line.etui == etui]
        assert line.note == note


# --- a few rows by hand --------------------------------------------------------------


def _first_etui(world, session):
    etui = _enter_position_1(world, session)
    before = session_results(session)
    play = _target(before, etui).play
    registrations = {str(r.pk): r for r in seated_at(table_at(session))}
    return etui, before, play, registrations


def _taker_notes_of(results, etui):
    """{position: taker's note} of the étui's plays."""
    return {n.play.position: n.taker_note for n in results.notes if n.play.etui == etui}


def test_the_regulations_etui_1_tops_table_1_at_75(world, session):
    etui, before, _play, _r = _first_etui(world, session)
    # 56, 62, -56, -52, 50: from worst to best -56, -52, 50, 56, 62
    assert _taker_notes_of(before, etui) == {1: 75, 2: 100, 3: 0, 4: 25, 5: 50}


def test_faux_ecart_by_hand(world, session):
    etui, _before, play, registrations = _first_etui(world, session)
    record(world, session, "faux_ecart", etui=etui, players=[registrations[play.taker]])
    after = session_results(session)
    notes = _taker_notes_of(after, etui)
    # position 1's play leaves the topage: 62, -56, -52, 50 over four plays
    assert notes[1] == 0
    assert [notes[2], notes[3], notes[4], notes[5]] == pytest.approx([100, 0, 100 / 3, 200 / 3])
    assert _target(after, etui).defender_notes == (None, None, None)
    assert _by_player(after)[play.taker].penalty == 0.5


def test_feuille_ambulante_non_rectifiable_by_hand(world, session):
    etui, _before, _play, _r = _first_etui(world, session)
    record(world, session, "feuille_ambulante_non_rectifiable", etui=etui)
    after = session_results(session)
    assert _target(after, etui).taker_note == 0
    assert _target(after, etui).defender_notes == (0, 0, 0)
    notes = _taker_notes_of(after, etui)
    assert [notes[2], notes[3], notes[4], notes[5]] == pytest.approx([100, 0, 100 / 3, 200 / 3])
    assert all(r.penalty == 0 for r in after.players)


def test_renonce_consommee_by_the_taker_by_hand(world, session):
    etui, _before, _play, _r = _first_etui(world, session)
    record(world, session, "renonce_consommee", etui=etui, faulty_side="taker")
    after = session_results(session)
    assert (_target(after, etui).taker_note, _target(after, etui).defender_notes) == (
        40,
        (60, 60, 60),
    )
    assert _taker_notes_of(after, etui) == {1: 40, 2: 100, 3: 0, 4: 25, 5: 50}


def test_renonce_consommee_by_the_defence_by_hand(world, session):
    etui, _before, _play, _r = _first_etui(world, session)
    record(world, session, "renonce_consommee", etui=etui, faulty_side="defense")
    after = session_results(session)
    # the taker's 75 % is already above 60 %: it stands
    assert (_target(after, etui).taker_note, _target(after, etui).defender_notes) == (
        75,
        (25, 25, 25),
    )


def test_renonce_sur_renonce_by_hand(world, session):
    etui, _before, play, registrations = _first_etui(world, session)
    faulty = [registrations[play.taker], registrations[play.defenders[1]]]
    record(world, session, "renonce_sur_renonce", etui=etui, players=faulty)
    after = session_results(session)
    assert _target(after, etui).taker_note == 40
    assert _target(after, etui).defender_notes == (40, 40, 40)
    penalties = {r.player: r.penalty for r in after.players if r.penalty}
    assert penalties == {play.taker: 0.5, play.defenders[1]: 0.5}


def test_carte_oubliee_par_un_defenseur_by_hand(world, session):
    etui, _before, play, registrations = _first_etui(world, session)
    forgot = play.defenders[2]
    record(world, session, "carte_oubliee_defenseur", etui=etui, players=[registrations[forgot]])
    after = session_results(session)
    assert _target(after, etui).taker_note == 60
    assert _target(after, etui).defender_notes == (None, None, 0)
    # the other two defenders: the play leaves their defence percentage
    other = play.defenders[0]
    lines = [line.note for line in _by_player(after)[other].sheet if line.role == "defender"]
    assert None in lines
    assert _by_player(after)[other].defence == pytest.approx(
        sum(n for n in lines if n is not None) / len([n for n in lines if n is not None])
    )


def test_fumer_telephone_by_hand(world, session):
    _etui, before, play, registrations = _first_etui(world, session)
    record(world, session, "fumer_telephone", players=[registrations[play.defenders[0]]])
    after = _by_player(session_results(session))[play.defenders[0]]
    old = _by_player(before)[play.defenders[0]]
    assert (after.overall, after.penalty) == (old.overall, 5)
    assert after.final == pytest.approx(old.overall - 5)


def test_the_penalties_of_the_json_are_those_recorded(world, session):
    rows = {row["code"]: row for row in json.loads(CATALOGUE.read_text())["faults"]}
    for code, row in rows.items():
        expected = None if row["penalty_percent"] is None else Decimal(row["penalty_percent"])
        assert fault(session, code).penalty_percent == expected, code


def test_faux_ecart_without_naming_the_taker_falls_on_the_etuis_taker(world, session):
    """The barème says the taker is penalised and the étui names the taker: the referee is
    not asked to name them."""
    etui, _before, play, registrations = _first_etui(world, session)
    incident = record(world, session, "faux_ecart", etui=etui)
    assert list(incident.players.all()) == [registrations[play.taker]]
    after = session_results(session)
    assert _by_player(after)[play.taker].penalty == 0.5
    assert _taker_notes_of(after, etui)[1] == 0
