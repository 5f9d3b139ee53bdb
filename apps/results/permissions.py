"""What a user may do of the results' own pages, on the tournaments' permission layer."""

from apps.tournaments.models import Tournament
from apps.tournaments.permissions import can_run_room


def can_share_room_display(user, tournament: Tournament) -> bool:
    """Make or revoke the secret link that opens a session's room display on a projector
    without signing in: those who run the room (its referees, federation staff)."""
    return can_run_room(user, tournament)
