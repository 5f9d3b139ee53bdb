"""The homologation chain (fascicule 3, ch. 5, « Transmission ») held as data: every step,
who takes it, and the steps it refuses."""

import pytest

from apps.approvals.domain.chain import (
    CLUB_ROUTE,
    FEDERATION_ROUTE,
    LEVEL_PLACES,
    MOVES,
    ZONE_ROUTE,
    Action,
    Actor,
    Level,
    chain_move,
    returns_pending,
)

L, A, W = Level, Action, Actor

# (level, action) -> (next level, who), as the regulation's chain reads.
EXPECTED = {
    (L.ORGANISER, A.SUBMIT): (L.COMMITTEE, W.ORGANISER),
    (L.COMMITTEE, A.PASS_ON): (L.ZONE, W.COMMITTEE),
    (L.COMMITTEE, A.SEND_BACK): (L.ORGANISER, W.COMMITTEE),
    (L.ZONE, A.PASS_ON): (L.FEDERATION, W.ZONE),
    (L.ZONE, A.SEND_BACK): (L.COMMITTEE, W.ZONE),
    (L.FEDERATION, A.APPROVE): (L.APPROVED, W.FEDERATION),
    (L.FEDERATION, A.SEND_BACK): (L.ZONE, W.FEDERATION),
    (L.APPROVED, A.ASK_CORRECTION): (L.APPROVED, W.ORGANISER),
    (L.APPROVED, A.ACCEPT_CORRECTION): (L.ORGANISER, W.FEDERATION),
    (L.APPROVED, A.REFUSE_CORRECTION): (L.APPROVED, W.FEDERATION),
}


def test_the_chain_is_the_regulations():
    assert MOVES == EXPECTED


@pytest.mark.parametrize("level", list(Level))
@pytest.mark.parametrize("action", list(Action))
def test_every_other_step_is_refused(level, action):
    if (level, action) in EXPECTED:
        return
    with pytest.raises(ValueError, match=f"impossible : le tournoi est {LEVEL_PLACES[level]}$"):
        chain_move(level, action, reason="x", correction_asked=True)


@pytest.mark.parametrize("action", [A.SEND_BACK])
@pytest.mark.parametrize("level", [L.COMMITTEE, L.ZONE, L.FEDERATION])
def test_a_sending_back_says_why(level, action):
    with pytest.raises(ValueError, match="renvoi : donnez la raison"):
        chain_move(level, action, reason="  ")
    assert chain_move(level, action, reason="classement illisible")[0] != level


def test_a_correction_is_asked_once_then_decided():
    with pytest.raises(ValueError, match="donnez la raison"):
        chain_move(L.APPROVED, A.ASK_CORRECTION)
    assert chain_move(L.APPROVED, A.ASK_CORRECTION, reason="erreur de saisie") == (
        L.APPROVED,
        W.ORGANISER,
    )
    with pytest.raises(ValueError, match="déjà demandée"):
        chain_move(L.APPROVED, A.ASK_CORRECTION, reason="encore", correction_asked=True)
    with pytest.raises(ValueError, match="aucune correction"):
        chain_move(L.APPROVED, A.ACCEPT_CORRECTION)
    assert chain_move(L.APPROVED, A.ACCEPT_CORRECTION, correction_asked=True)[0] == L.ORGANISER
    with pytest.raises(ValueError, match="donnez la raison"):
        chain_move(L.APPROVED, A.REFUSE_CORRECTION, correction_asked=True)


def test_what_was_sent_back_waits_until_it_is_resubmitted():
    up = (Action.SUBMIT, Level.ORGANISER, "")
    zone = (Action.SEND_BACK, Level.ZONE, "indice")
    committee = (Action.SEND_BACK, Level.COMMITTEE, "feuille manquante")
    assert returns_pending([]) == []
    assert returns_pending([up, zone]) == [(Level.ZONE, "indice")]
    assert returns_pending([up, zone, committee]) == [
        (Level.ZONE, "indice"),
        (Level.COMMITTEE, "feuille manquante"),
    ]
    assert returns_pending([up, zone, committee, up]) == []
    again = (Action.PASS_ON, Level.COMMITTEE, "")
    assert returns_pending([up, zone, again]) == []
    # a correction asked or refused is not a sending back
    asked = (Action.ASK_CORRECTION, Level.APPROVED, "score")
    assert returns_pending([up, (Action.APPROVE, Level.FEDERATION, ""), asked]) == []


ROUTES = {  # each organiser's chain, as issue 26 point 6 writes it
    "club or committee": (CLUB_ROUTE, ("committee", "zone", "federation")),
    "zone's stage": (ZONE_ROUTE, ("zone", "federation")),
    "federation's final": (FEDERATION_ROUTE, ("federation",)),
}


@pytest.mark.parametrize("name", ROUTES)
def test_each_organisers_chain_goes_up_its_own_levels_and_back(name):
    route, levels = ROUTES[name]
    assert tuple(route) == tuple(Level(x) for x in levels)
    level = chain_move(Level.ORGANISER, Action.SUBMIT, route=route)[0]
    walked = [level]
    while level != Level.FEDERATION:
        level = chain_move(level, Action.PASS_ON, route=route)[0]
        walked.append(level)
    assert walked == list(route)
    # sent back one level down the same route, from its first level to the organiser
    downs = [chain_move(x, Action.SEND_BACK, reason="r", route=route)[0] for x in route]
    assert downs == [Level.ORGANISER, *route[:-1]]
    assert chain_move(Level.FEDERATION, Action.APPROVE, route=route)[0] == Level.APPROVED
    for outside in {Level.COMMITTEE, Level.ZONE} - set(route):  # never through another's
        with pytest.raises(ValueError, match="impossible"):
            chain_move(outside, Action.PASS_ON, route=route)
