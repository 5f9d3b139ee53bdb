from django.apps import AppConfig


class RankingsConfig(AppConfig):
    """The season's national ranking (classement national): every licensee's PCN and PP
    from approved tournaments, computed by a worker in set-based SQL; its publications and
    the séries."""

    name = "apps.rankings"
    label = "rankings"

    def ready(self):
        from apps.approvals.services import approval_hooks
        from apps.awards.services import recomputed_hooks
        from apps.core.jobs import job_kind_register
        from apps.core.panels import panel_register
        from apps.rankings.models import RankingRun
        from apps.rankings.panels import (
            club_home_panel,
            player_home_panel,
            seasons_ranking_panel,
            staff_home_panel,
        )
        from apps.rankings.services import live_refresh, live_refresh_recomputed
        from apps.rankings.tasks import ranking_compute

        job_kind_register(RankingRun, ranking_compute)
        if live_refresh not in approval_hooks:
            approval_hooks.append(live_refresh)
        if live_refresh_recomputed not in recomputed_hooks:
            recomputed_hooks.append(live_refresh_recomputed)
        panel_register("federation_home", staff_home_panel)
        panel_register("club_home", club_home_panel)
        panel_register("player_home", player_home_panel)
        panel_register("seasons", seasons_ranking_panel)
