from django.apps import AppConfig


class ScoringConfig(AppConfig):
    """Deal scoring and score entry: travellers, double entry, progress."""

    name = "apps.scoring"
    label = "scoring"

    def ready(self):
        from apps.core.panels import panel_register
        from apps.movements.services import advance_warnings, settled_etuis
        from apps.scoring.finishing import finish_refusals, position_missing, positions_played
        from apps.scoring.panels import room_steps_panel
        from apps.scoring.selectors import table_settled_etuis
        from apps.tournaments.selectors import played_checks
        from apps.tournaments.services import transition_checks

        if finish_refusals not in transition_checks:
            transition_checks.append(finish_refusals)
        if positions_played not in played_checks:
            played_checks.append(positions_played)
        if position_missing not in advance_warnings:
            advance_warnings.append(position_missing)
        if table_settled_etuis not in settled_etuis:
            settled_etuis.append(table_settled_etuis)
        panel_register("referee_room", room_steps_panel)
