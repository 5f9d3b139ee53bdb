from django.apps import AppConfig


class AwardsConfig(AppConfig):
    """PCN and PP awards (fascicule 3, ch. 5): the tables as pure rules, their computation
    for each finished tournament or championship stage by a worker, and their storage,
    which the results' pages read through the reader registered here."""

    name = "apps.awards"
    label = "awards"

    def ready(self):
        from apps.awards import store
        from apps.awards.models import AwardSet
        from apps.awards.panels import rules_panel
        from apps.awards.services import award_refresh
        from apps.awards.tasks import awards_build
        from apps.core.jobs import job_kind_register
        from apps.core.panels import panel_register
        from apps.results.awards_shown import awards_reader_register
        from apps.tournaments.services import results_hooks

        if award_refresh not in results_hooks:
            results_hooks.append(award_refresh)
        job_kind_register(AwardSet, awards_build)
        panel_register("federation_home", rules_panel)
        awards_reader_register(store)  # the results' pages read the awards through it
