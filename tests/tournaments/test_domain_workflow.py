import pytest

from apps.tournaments.domain.workflow import (
    FROZEN_STATUSES,
    ORDER,
    PUBLIC_STATUSES,
    TRANSITIONS,
    Status,
    next_statuses,
    transition_allowed,
    walks_back_over_play,
)

EXPECTED_TRANSITIONS = {
    ("draft", "registration_open"): {"manager"},
    ("registration_open", "draft"): {"manager"},
    ("registration_open", "running"): {"manager", "referee"},
    ("running", "registration_open"): {"manager", "referee"},
    ("running", "finished"): {"manager", "referee"},
    ("finished", "running"): {"manager", "referee"},
}


def test_life_cycle_order():
    assert [s.value for s in ORDER] == [
        "draft",
        "registration_open",
        "running",
        "finished",
        "submitted",
        "approved",
    ]


def test_transition_table_as_data():
    assert {(s.value, t.value): set(who) for (s, t), who in TRANSITIONS.items()} == (
        EXPECTED_TRANSITIONS
    )


@pytest.mark.parametrize("current", list(Status))
@pytest.mark.parametrize("target", list(Status))
@pytest.mark.parametrize("capacity", ["manager", "referee"])
def test_transition_allowed_follows_the_table(current, target, capacity):
    expected = capacity in EXPECTED_TRANSITIONS.get((current.value, target.value), set())
    assert transition_allowed(current, target, {capacity}) is expected


def test_nobody_without_capacity_moves_anything():
    assert all(next_statuses(status, set()) == [] for status in Status)


def test_homologation_is_the_chains_not_a_transition():
    """From « finished » on, the homologation chain (apps.approvals) moves a tournament."""
    assert next_statuses(Status.FINISHED, {"manager", "referee"}) == [Status.RUNNING]
    assert all(next_statuses(s, {"manager", "referee"}) == [] for s in FROZEN_STATUSES)


def test_submitted_and_approved_results_are_frozen():
    assert {s.value for s in FROZEN_STATUSES} == {"submitted", "approved"}


def test_drafts_are_private():
    assert Status.DRAFT not in PUBLIC_STATUSES
    assert set(ORDER[1:]) == PUBLIC_STATUSES


@pytest.mark.parametrize("target", list(Status))
def test_once_played_nothing_goes_back_before_running(target):
    before_running = ORDER.index(target) < ORDER.index(Status.RUNNING)
    assert walks_back_over_play(target, True) is before_running
    assert walks_back_over_play(target, False) is False


@pytest.mark.parametrize("current", list(Status))
def test_the_buttons_never_walk_back_over_play(current):
    everyone = {"manager", "referee"}
    played = next_statuses(current, everyone, played=True)
    assert all(ORDER.index(t) >= ORDER.index(Status.RUNNING) for t in played)
    assert set(played) <= set(next_statuses(current, everyone))
    assert next_statuses(Status.RUNNING, everyone, played=True) == [Status.FINISHED]
