"""What the awards show on federation staff's home: the rules' version, and the approved
tournaments computed under older rules."""

from apps.awards import selectors
from apps.awards.domain import rules
from apps.awards.permissions import can_recompute_awards


def rules_panel(user) -> dict | None:
    if not can_recompute_awards(user):
        return None
    return {
        "template": "awards/_rules_panel.html",
        "version": rules.RULES_VERSION,
        "older": selectors.approved_under_older_rules().count(),
    }
