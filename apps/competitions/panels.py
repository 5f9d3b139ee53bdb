"""What the championships show on the federation area's home: the regulations awaiting
the zone's « aval », the stages whose qualified players are to be named, and for
federation staff the season's quotas still to set, each with a link to the worklist."""

from apps.accounts.permissions import roles_of
from apps.competitions.selectors import championship_waiting
from apps.federation.models import Season


def staff_home_panel(user) -> dict | None:
    roles = roles_of(user)
    if not (roles.federation or roles.zone_ids or roles.committee_ids):
        return None
    season = Season.objects.filter(is_current=True).first() if roles.federation else None
    counts = championship_waiting(user, season)
    return {
        "template": "competitions/_home_panel.html",
        "regulations": counts["regulations"] if roles.federation or roles.zone_ids else None,
        "to_close": counts["to_close"],
        "quotas": counts.get("quotas") if season else None,
    }
