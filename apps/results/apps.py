from django.apps import AppConfig


class ResultsConfig(AppConfig):
    """Topage, percentages, rankings, the results pages, feuilles de route, exports, and the
    read API of results for the apps above."""

    name = "apps.results"
    label = "results"

    def ready(self):
        from apps.core.jobs import job_kind_register
        from apps.results.models import RoomSheetsJob
        from apps.results.tasks import room_sheets_build

        job_kind_register(RoomSheetsJob, room_sheets_build)
