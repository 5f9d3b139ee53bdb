"""What the homologation chain shows on the area homes: each level's count of tournaments
waiting, late, and with an integrity alert to look at (committee, zone, federation); on
the club's home, its tournaments sent back to it and those late."""

from django.utils import timezone

from apps.accounts.permissions import roles_of
from apps.approvals.domain.chain import Level
from apps.approvals.permissions import homologations_for_user, inbox_levels
from apps.approvals.selectors import inbox_rows, waiting_for, with_alerts

LEVEL_TITLES = {
    Level.COMMITTEE: "au comité",
    Level.ZONE: "à la zone",
    Level.FEDERATION: "à la fédération",
}


def staff_home_panel(user) -> dict | None:
    levels = inbox_levels(user)
    if not levels:
        return None
    today = timezone.localdate()
    counts = []
    for level in levels:
        rows = with_alerts(inbox_rows(waiting_for(user, level), today), user)
        # Tournaments with an integrity alert no officer has noted yet.
        alerted = sum(any(not shown.noted for shown in row.alerts) for row in rows)
        counts.append((LEVEL_TITLES[level], len(rows), sum(row.late for row in rows), alerted))
    return {"template": "approvals/_home_panel.html", "counts": counts}


def club_home_panel(user) -> dict | None:
    """The club's tournaments with their organiser in the chain (sent back) or late."""
    roles = roles_of(user)
    if not roles.club_ids:
        return None
    mine = (
        homologations_for_user(user)
        .filter(club_id__in=roles.club_ids)
        .exclude(level=Level.APPROVED)
    )
    rows = [
        row
        for row in inbox_rows(mine, timezone.localdate())
        if row.late or row.homologation.level == Level.ORGANISER
    ]
    return {"template": "approvals/_club_panel.html", "rows": rows} if rows else None
