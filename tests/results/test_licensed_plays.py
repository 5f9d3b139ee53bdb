"""The plays of scored lines as the same-results rule compares them
(apps.results.domain.same_results.licensed_plays): one per seat a licensee held, the
session left out."""

from apps.results.domain.fingerprint import VACANT, PlayedLine, guest_identity
from apps.results.domain.same_results import licensed_plays


def test_guests_and_empty_seats_are_left_out_and_sessions_do_not_count():
    guest = guest_identity("Rouge", "E1")
    lines = [
        PlayedLine(1, 3, ("1001", "1002", guest, VACANT), 80),
        PlayedLine(2, 3, ("1001", "1002", "1003", "1004"), 80),
    ]
    assert licensed_plays(lines) == {
        ("1001", 3, 80),
        ("1002", 3, 80),
        ("1003", 3, 80),
        ("1004", 3, 80),
    }
