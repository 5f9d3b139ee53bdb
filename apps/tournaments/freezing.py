"""What freezes a tournament's results before it is submitted, as the apps above say it:
each registers a check (its AppConfig.ready) that takes the tournament and returns the
French reason it is frozen, or None. A championship stage whose qualified players are
named is frozen (apps.competitions). ``Tournament.frozen_reasons`` asks them, for the
pages as for the writers (``services.tournament_lock_unfrozen``)."""

from collections.abc import Callable

FreezeCheck = Callable[[object], str | None]
freeze_checks: list[FreezeCheck] = []


def freeze_reasons(tournament) -> list[str]:
    return [reason for check in freeze_checks if (reason := check(tournament))]
