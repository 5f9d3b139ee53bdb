"""Panels that the apps above add to a page of an app below (the area homes, the referee
room), without the page importing them: each app registers, in its AppConfig.ready, a
function taking the user (and what the page is about: the referee room's tournament) and
returning the panel's context with its ``template``, or None when it has nothing to
show."""

from collections import defaultdict
from collections.abc import Callable

Panel = Callable[[object], dict | None]
_panels: dict[str, list[Panel]] = defaultdict(list)


def panel_register(page: str, panel: Panel) -> None:
    if panel not in _panels[page]:
        _panels[page].append(panel)


def panels_for(page: str, user, *about) -> list[dict]:
    """The panels of ``page`` for this user (and what the page is about), in registration
    order."""
    return [shown for panel in _panels[page] if (shown := panel(user, *about))]
