"""What the national ranking shows on the area homes: the federation's latest list and
computation; a committee's and a club's own players' ranking; a player's season, rank
and « votre PCN a changé »."""

from apps.accounts.permissions import roles_of
from apps.federation.models import Club, Committee, Licensee, Season
from apps.rankings import selectors
from apps.rankings.models import Publication, RankingRun
from apps.rankings.permissions import can_manage_national_ranking


def _current() -> Season | None:
    return Season.objects.filter(is_current=True).first()


def staff_home_panel(user) -> dict | None:
    """Federation staff: the latest publication and computation; committees: their
    players' ranking."""
    roles = roles_of(user)
    season = _current()
    if season is None or not (roles.federation or roles.committee_ids):
        return None
    return {
        "template": "rankings/_staff_panel.html",
        "season": season,
        "federation": roles.federation,
        "publication": selectors.latest_publication(season),
        "run": selectors.live_run(season) if roles.federation else None,
        "committees": Committee.objects.filter(pk__in=roles.committee_ids),
    }


def club_home_panel(user) -> dict | None:
    roles = roles_of(user)
    season = _current()
    if season is None or not roles.club_ids:
        return None
    return {
        "template": "rankings/_club_panel.html",
        "season": season,
        "clubs": Club.objects.filter(pk__in=roles.club_ids),
    }


def player_home_panel(user) -> dict | None:
    """The player's season: rank out of how many, PCN, PP; what changed and why."""
    licensee_id = roles_of(user).licensee_id
    season = _current()
    if season is None or licensee_id is None:
        return None
    licensee = Licensee.objects.get(pk=licensee_id)
    seasons = selectors.player_seasons(licensee, live=True)  # the player's own line
    line = next((x for x in seasons if x.season.pk == season.pk), None)
    return {
        "template": "rankings/_player_panel.html",
        "season": season,
        "licensee": licensee,
        "line": line,
        "change": selectors.pcn_change_of(licensee, season),
    }


def seasons_ranking_panel(user) -> dict | None:
    """The federation's seasons page: each season's latest published ranking and latest
    computation (two queries)."""
    if not can_manage_national_ranking(user):
        return None
    published: dict[int, Publication] = {}
    for publication in Publication.objects.select_related("run").order_by("-published_at"):
        published.setdefault(publication.season_id, publication)
    computed: dict[int, RankingRun] = {}
    for run in RankingRun.objects.filter(state=RankingRun.State.DONE).order_by("-computed_at"):
        computed.setdefault(run.season_id, run)
    return {
        "template": "rankings/_seasons_panel.html",
        "rows": [
            (season, published.get(season.pk), computed.get(season.pk))
            for season in Season.objects.order_by("-start_year")
        ],
    }
