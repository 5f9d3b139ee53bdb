from django.apps import AppConfig


class AwardsConfig(AppConfig):
    """PCN and PP awards (fascicule 3, ch. 5): the tables as pure rules, and their
    computation for each finished tournament or championship stage by a worker."""

    name = "apps.awards"
    label = "awards"

    def ready(self):
        from apps.awards.panels import rules_panel
        from apps.awards.services import award_refresh
        from apps.awards.tasks import awards_build
        from apps.core.jobs import job_kind_register
        from apps.core.panels import panel_register
        from apps.results.models import AwardSet
        from apps.tournaments.services import results_hooks

        if award_refresh not in results_hooks:
            results_hooks.append(award_refresh)
        job_kind_register(AwardSet, awards_build)
        panel_register("federation_home", rules_panel)
