"""Tournament life cycle: draft → registration open → running → finished →
submitted → approved. A tournament may go back one step while it is not yet submitted,
so a referee can reopen a mistaken transition; once a position has been played (a score
entered, a line stated not played, a game's deal written), it never goes back before
« en cours » (``walks_back_over_play``), whoever moves it and by whatever path.

From « finished » on, the homologation chain (apps.approvals, fascicule 3 ch. 5
« Transmission ») moves it: submitted while the committee, the zone or the federation
holds it, approved at the end, finished again when it is sent back to its organiser or a
correction is accepted. From « submitted » on, the results are frozen: nothing that
affects them or the awards changes (docs/interpretations.md)."""

from enum import StrEnum


class Status(StrEnum):
    DRAFT = "draft"
    REGISTRATION_OPEN = "registration_open"
    RUNNING = "running"
    FINISHED = "finished"
    SUBMITTED = "submitted"
    APPROVED = "approved"


ORDER = list(Status)

# Who may perform a transition: "manager" (the organising club or the federation),
# "referee" (an assigned referee). Homologation is the chain's (apps.approvals).
TRANSITIONS: dict[tuple[Status, Status], frozenset[str]] = {
    (Status.DRAFT, Status.REGISTRATION_OPEN): frozenset({"manager"}),
    (Status.REGISTRATION_OPEN, Status.DRAFT): frozenset({"manager"}),
    (Status.REGISTRATION_OPEN, Status.RUNNING): frozenset({"manager", "referee"}),
    (Status.RUNNING, Status.REGISTRATION_OPEN): frozenset({"manager", "referee"}),
    (Status.RUNNING, Status.FINISHED): frozenset({"manager", "referee"}),
    (Status.FINISHED, Status.RUNNING): frozenset({"manager", "referee"}),
}
# Statuses in which the tournament shows to the public (calendar and results).
PUBLIC_STATUSES = frozenset(ORDER[1:])
# Statuses once play is over: results are public and score changes need a reason.
RESULT_STATUSES = frozenset({Status.FINISHED, Status.SUBMITTED, Status.APPROVED})
# Statuses in which nothing that affects the results or the awards may change.
FROZEN_STATUSES = frozenset({Status.SUBMITTED, Status.APPROVED})
# Statuses in which registrations may be added or removed.
REGISTRATION_STATUSES = frozenset({Status.DRAFT, Status.REGISTRATION_OPEN, Status.RUNNING})


def transition_allowed(current: Status, target: Status, capacities: set[str]) -> bool:
    """True when someone with these capacities may move a tournament from current to target."""
    return bool(TRANSITIONS.get((Status(current), Status(target)), frozenset()) & capacities)


def walks_back_over_play(target: Status, played: bool) -> bool:
    """True when moving to ``target`` would put a tournament whose play has begun
    (``played``) back before « en cours »: its results would stand in a tournament not
    yet played."""
    return played and ORDER.index(Status(target)) < ORDER.index(Status.RUNNING)


def next_statuses(current: Status, capacities: set[str], *, played: bool = False) -> list[Status]:
    """The statuses these capacities may move the tournament to (never back over play)."""
    return [
        t
        for (s, t), who in TRANSITIONS.items()
        if s == current and who & capacities and not walks_back_over_play(t, played)
    ]
