from django.apps import AppConfig


class ResultsConfig(AppConfig):
    """Topage, percentages, rankings, the results pages, feuilles de route, exports, and the
    read API of results for the apps above."""

    name = "apps.results"
    label = "results"

    def ready(self):
        from apps.core.jobs import job_kind_register
        from apps.core.panels import panel_register
        from apps.results.display_links import display_links_panel
        from apps.results.models import RoomSheetsJob
        from apps.results.panels import final_scores_panel
        from apps.results.played import played_fingerprint_refresh
        from apps.results.tasks import room_sheets_build
        from apps.tournaments.services import results_hooks

        job_kind_register(RoomSheetsJob, room_sheets_build)
        if played_fingerprint_refresh not in results_hooks:
            results_hooks.append(played_fingerprint_refresh)
        panel_register("referee_room", display_links_panel)
        panel_register("my_scores", final_scores_panel)
