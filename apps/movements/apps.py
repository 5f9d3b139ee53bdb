from django.apps import AppConfig


class MovementsConfig(AppConfig):
    name = "apps.movements"
    label = "movements"

    def ready(self):
        from apps.core.panels import panel_register
        from apps.movements.panels import where_i_play_panel

        panel_register("player_home", where_i_play_panel)
