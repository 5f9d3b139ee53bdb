from django.apps import AppConfig


class ResultsConfig(AppConfig):
    """Topage, percentages, rankings, the results pages, feuilles de route, exports, and the
    read API of results for the apps above."""

    name = "apps.results"
    label = "results"

    def ready(self):
        from apps.core.jobs import job_kind_register
        from apps.results.models import RoomSheetsJob
        from apps.results.played import played_fingerprint_refresh
        from apps.results.tasks import room_sheets_build
        from apps.tournaments.services import results_hooks

        job_kind_register(RoomSheetsJob, room_sheets_build)
        if played_fingerprint_refresh not in results_hooks:
            results_hooks.append(played_fingerprint_refresh)
