"""The homologation chain (fascicule 3, ch. 5, « Transmission »): a finished tournament goes
from its organiser to the committee (CCR), the zone, then the federation, which approves
it; each level may send it back to the level below with a reason. After approval, a
correction is asked by the organiser with a reason and accepted (the tournament goes back
to its organiser) or refused by the federation.

Who acts at each step: the organiser (the club, or the organising committee of a
championship stage), the committee, the zone, the federation.
"""

from enum import StrEnum


class Level(StrEnum):
    ORGANISER = "organiser"  # finished, not sent yet, or sent back to its organiser
    COMMITTEE = "committee"
    ZONE = "zone"
    FEDERATION = "federation"
    APPROVED = "approved"


class Action(StrEnum):
    SUBMIT = "submit"
    PASS_ON = "pass_on"
    SEND_BACK = "send_back"
    APPROVE = "approve"
    ASK_CORRECTION = "ask_correction"
    ACCEPT_CORRECTION = "accept_correction"
    REFUSE_CORRECTION = "refuse_correction"


class Actor(StrEnum):
    ORGANISER = "organiser"
    COMMITTEE = "committee"
    ZONE = "zone"
    FEDERATION = "federation"


# (level, action) -> (next level, who may). A correction asked keeps the tournament
# approved until the federation accepts it (back to its organiser) or refuses it.
MOVES: dict[tuple[Level, Action], tuple[Level, Actor]] = {
    (Level.ORGANISER, Action.SUBMIT): (Level.COMMITTEE, Actor.ORGANISER),
    (Level.COMMITTEE, Action.PASS_ON): (Level.ZONE, Actor.COMMITTEE),
    (Level.COMMITTEE, Action.SEND_BACK): (Level.ORGANISER, Actor.COMMITTEE),
    (Level.ZONE, Action.PASS_ON): (Level.FEDERATION, Actor.ZONE),
    (Level.ZONE, Action.SEND_BACK): (Level.COMMITTEE, Actor.ZONE),
    (Level.FEDERATION, Action.APPROVE): (Level.APPROVED, Actor.FEDERATION),
    (Level.FEDERATION, Action.SEND_BACK): (Level.ZONE, Actor.FEDERATION),
    (Level.APPROVED, Action.ASK_CORRECTION): (Level.APPROVED, Actor.ORGANISER),
    (Level.APPROVED, Action.ACCEPT_CORRECTION): (Level.ORGANISER, Actor.FEDERATION),
    (Level.APPROVED, Action.REFUSE_CORRECTION): (Level.APPROVED, Actor.FEDERATION),
}
# The steps that say why: a sending back, a correction asked or refused.
REASONED = frozenset({Action.SEND_BACK, Action.ASK_CORRECTION, Action.REFUSE_CORRECTION})
# Where each level's inbox is: what waits for it.
WAITING_FOR = {
    Level.COMMITTEE: Actor.COMMITTEE,
    Level.ZONE: Actor.ZONE,
    Level.FEDERATION: Actor.FEDERATION,
}
ACTION_NAMES = {
    Action.SUBMIT: "envoi en homologation",
    Action.PASS_ON: "transmission",
    Action.SEND_BACK: "renvoi",
    Action.APPROVE: "homologation",
    Action.ASK_CORRECTION: "demande de correction",
    Action.ACCEPT_CORRECTION: "correction acceptée",
    Action.REFUSE_CORRECTION: "correction refusée",
}
# Where a tournament is in the chain, as its page says it.
LEVEL_PLACES = {
    Level.ORGANISER: "chez l'organisateur",
    Level.COMMITTEE: "au comité",
    Level.ZONE: "à la zone",
    Level.FEDERATION: "à la fédération",
    Level.APPROVED: "homologué",
}
# The steps that turn a tournament away (shown as the secondary choice).
TURNING_AWAY = frozenset({Action.SEND_BACK, Action.REFUSE_CORRECTION})
LEVEL_NAMES = {
    Level.ORGANISER: "l'organisateur",
    Level.COMMITTEE: "le comité",
    Level.ZONE: "la zone",
    Level.FEDERATION: "la fédération",
    Level.APPROVED: "homologué",
}


# The levels a tournament goes through, by who organises it: a club's tournament or a
# committee's stage through the committee, the zone and the federation; a zone's stage
# through the zone and the federation; a federation's final through the federation only
# (each stage is approved along its own organiser's chain).
CLUB_ROUTE = (Level.COMMITTEE, Level.ZONE, Level.FEDERATION)
ZONE_ROUTE = (Level.ZONE, Level.FEDERATION)
FEDERATION_ROUTE = (Level.FEDERATION,)
# The steps whose next level the route decides.
ROUTED = frozenset({Action.SUBMIT, Action.PASS_ON, Action.SEND_BACK})


def _routed(level: Level, action: Action, route: tuple[Level, ...]) -> Level | None:
    """The next level along ``route``: sent to its first level, passed on to the next,
    sent back to the one before (or to the organiser); None when the route does not go
    through ``level``."""
    if action == Action.SUBMIT:
        return route[0]
    if level not in route:
        return None
    at = route.index(level)
    if action == Action.PASS_ON:
        return route[at + 1] if at + 1 < len(route) else None
    return route[at - 1] if at > 0 else Level.ORGANISER


def chain_move(
    level: Level,
    action: Action,
    *,
    correction_asked: bool = False,
    reason: str = "",
    route: tuple[Level, ...] = CLUB_ROUTE,
) -> tuple[Level, Actor]:
    """The level after ``action`` along the tournament's ``route`` and who may take it;
    ValueError (French) when the chain has no such step here, or the step needs a reason
    it lacks."""
    step = MOVES.get((Level(level), Action(action)))
    if step is not None and action in ROUTED:
        after = _routed(Level(level), Action(action), route)
        step = None if after is None else (after, step[1])
    if step is None:
        raise ValueError(
            f"{ACTION_NAMES[Action(action)]} impossible : le tournoi est "
            f"{LEVEL_PLACES[Level(level)]}"
        )
    deciding = action in (Action.ACCEPT_CORRECTION, Action.REFUSE_CORRECTION)
    if deciding and not correction_asked:
        raise ValueError("aucune correction n'est demandée pour ce tournoi")
    if action == Action.ASK_CORRECTION and correction_asked:
        raise ValueError("une correction est déjà demandée pour ce tournoi")
    if action in REASONED and not reason.strip():
        raise ValueError(f"{ACTION_NAMES[Action(action)]} : donnez la raison")
    return step


# The steps that carry a tournament up the chain again: after one, what was sent back is
# resubmitted.
UPWARD = frozenset({Action.SUBMIT, Action.PASS_ON, Action.APPROVE})


def returns_pending(steps) -> list[tuple[Level, str]]:
    """The sendings back not yet answered by a resubmission, oldest first: (level that
    sent back, reason) for each SEND_BACK after the last step up the chain. ``steps``:
    (action, from level, comment) in the order they were taken."""
    pending: list[tuple[Level, str]] = []
    for action, from_level, comment in steps:
        if action in UPWARD:
            pending = []
        elif action == Action.SEND_BACK:
            pending.append((Level(from_level), comment))
    return pending
