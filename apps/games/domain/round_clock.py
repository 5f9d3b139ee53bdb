"""A round's clock: the room starts it for a number of minutes (pinochle: « The tournament
will consist of eight rounds of 50 minutes or 500 points, whichever comes first »), and
every sheet of the round shows when it ends and how long is left. When it ends, the
director calls time at the tables still playing (pinochle: the higher total wins)."""

from datetime import datetime, timedelta
from math import ceil

MAX_MINUTES = 240  # an evening


def clock_end(started_at: datetime, minutes: int) -> datetime:
    return started_at + timedelta(minutes=minutes)


def minutes_left(started_at: datetime, minutes: int, now: datetime) -> int:
    """Whole minutes left, a minute begun counting as left; 0 once the time is up."""
    seconds = (clock_end(started_at, minutes) - now).total_seconds()
    return max(0, ceil(seconds / 60))
