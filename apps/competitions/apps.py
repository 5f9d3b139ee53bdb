from django.apps import AppConfig


class CompetitionsConfig(AppConfig):
    """Championships (fascicule 3, ch. 2): competitions by kind and season, their stages,
    eligibility, the stages' regulation tables, cuts and qualification."""

    name = "apps.competitions"
    label = "competitions"

    def ready(self):
        from apps.competitions.checks import qualified_freeze, stage_transition_refusals
        from apps.tournaments.freezing import freeze_checks
        from apps.tournaments.services import transition_checks

        if stage_transition_refusals not in transition_checks:
            transition_checks.append(stage_transition_refusals)
        if qualified_freeze not in freeze_checks:
            freeze_checks.append(qualified_freeze)
        from apps.competitions.panels import staff_home_panel
        from apps.core.panels import panel_register

        panel_register("federation_home", staff_home_panel)
