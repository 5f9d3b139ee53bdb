from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "apps.scoring"
    label = "scoring"

    def ready(self):
        from apps.core.jobs import job_kind_register
        from apps.scoring.finishing import finish_refusals
        from apps.scoring.models import RoomSheetsJob
        from apps.scoring.tasks import room_sheets_build
        from apps.tournaments.services import transition_checks

        if finish_refusals not in transition_checks:
            transition_checks.append(finish_refusals)
        job_kind_register(RoomSheetsJob, room_sheets_build)
