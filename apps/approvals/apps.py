from django.apps import AppConfig


class ApprovalsConfig(AppConfig):
    """Homologation (fascicule 3, ch. 5): the chain club → comité → zone → federation, its
    bordereaux, fees, deadlines and corrections."""

    name = "apps.approvals"
    label = "approvals"

    def ready(self):
        from apps.approvals.panels import (
            club_home_panel,
            player_tournaments_panel,
            seasons_waiting_panel,
            staff_home_panel,
            tournament_homologation_panel,
        )
        from apps.approvals.services import homologation_on_finish
        from apps.core.panels import panel_register
        from apps.tournaments.services import results_hooks

        if homologation_on_finish not in results_hooks:
            results_hooks.append(homologation_on_finish)
        panel_register("federation_home", staff_home_panel)
        panel_register("club_home", club_home_panel)
        panel_register("tournament_detail", tournament_homologation_panel)
        panel_register("player_home", player_tournaments_panel)
        panel_register("seasons", seasons_waiting_panel)
