"""What the homologation chain shows on the area homes: each level's count of tournaments
waiting, late, and with an integrity alert to look at (committee, zone, federation); on
the club's home, its tournaments sent back to it and those late; on a tournament's page,
where it is in the chain and why it was sent back."""

from django.utils import timezone

from apps.accounts.permissions import roles_of
from apps.approvals.domain.chain import LEVEL_PLACES, Level
from apps.approvals.models import Homologation
from apps.approvals.offers import steps_offered
from apps.approvals.permissions import homologations_for_user, inbox_levels
from apps.approvals.selectors import (
    corrections_asked,
    inbox_rows,
    player_tournaments,
    waiting_for,
    with_alerts,
)
from apps.federation.domain.seasons import SeasonSpan, season_of
from apps.federation.models import Season


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
        counts.append((LEVEL_PLACES[level], len(rows), sum(row.late for row in rows), alerted))
    corrections = (
        corrections_asked(user).count() if Level.FEDERATION in levels else None
    )  # they wait for the federation's decision
    return {"template": "approvals/_home_panel.html", "counts": counts, "corrections": corrections}


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


def tournament_homologation_panel(user, tournament) -> dict | None:
    """Where the tournament is in the chain, and who sent it back and why, for those the
    homologation passes through."""
    homologation = homologations_for_user(user).filter(tournament=tournament).first()
    if homologation is None:
        return None
    [row] = inbox_rows([homologation], timezone.localdate())
    return {
        "template": "approvals/_tournament_panel.html",
        "row": row,
        # sending it again is the page's own « Envoyer en homologation »
        "actions": [step for step in steps_offered(user, homologation) if not step["confirm"]],
    }


def player_tournaments_panel(user) -> dict | None:
    """« Mes tournois »: the current season's tournaments that give the player PCN or PP,
    files from other software included, provisional until homologated (what provisional
    means is said only when one of them is)."""
    licensee_id = roles_of(user).licensee_id
    season = Season.objects.filter(is_current=True).first()
    if licensee_id is None or season is None:
        return None
    tournaments = player_tournaments(licensee_id, season)
    return {
        "template": "approvals/_player_tournaments.html",
        "season": season,
        "tournaments": tournaments,
        "provisional": any(not tournament.approved for tournament in tournaments),
    }


WAITING_LEVELS = (Level.ORGANISER, Level.COMMITTEE, Level.ZONE, Level.FEDERATION)


def seasons_waiting_panel(user) -> dict | None:
    """The federation's seasons page: for each season, its tournaments in the chain at
    each level, and the files from other software waiting for it to be created or
    opened (« saison à ouvrir »)."""
    if not roles_of(user).federation:
        return None
    known = set(Season.objects.values_list("start_year", flat=True))
    waiting: dict[int, dict] = {}
    rows = Homologation.objects.exclude(level=Level.APPROVED).values_list(
        "date", "level", "external"
    )
    for day, level, external in rows:
        year = season_of(day).start_year
        counts = waiting.setdefault(year, {"levels": dict.fromkeys(WAITING_LEVELS, 0), "files": 0})
        counts["levels"][Level(level)] += 1
        counts["files"] += external and year not in known
    return {
        "template": "approvals/_seasons_waiting.html",
        "levels": [LEVEL_PLACES[level] for level in WAITING_LEVELS],
        "rows": [
            (
                SeasonSpan(year),
                year in known,
                [(LEVEL_PLACES[level], waiting[year]["levels"][level]) for level in WAITING_LEVELS],
                waiting[year]["files"],
            )
            for year in sorted(waiting, reverse=True)
        ],
    }
