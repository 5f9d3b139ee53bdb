from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """Deal scoring and score entry: travellers, double entry, progress."""

    name = "apps.scoring"
    label = "scoring"

    def ready(self):
        from apps.scoring.finishing import finish_refusals
        from apps.tournaments.services import transition_checks

        if finish_refusals not in transition_checks:
            transition_checks.append(finish_refusals)
