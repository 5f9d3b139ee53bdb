from django.apps import AppConfig


class GamesConfig(AppConfig):
    """The other games clubs run on the same tournaments and registrations: belote matches
    (docs/reference/front-belote-rules.txt), team pinochle, free-play tarot."""

    name = "apps.games"
    label = "games"

    def ready(self):
        from apps.core.panels import panel_register
        from apps.games.checks import deals_recorded, sheets_finish_refusals
        from apps.games.panels import game_panel, player_games_panel
        from apps.tournaments.selectors import played_checks
        from apps.tournaments.services import transition_checks

        if sheets_finish_refusals not in transition_checks:
            transition_checks.append(sheets_finish_refusals)
        if deals_recorded not in played_checks:
            played_checks.append(deals_recorded)
        panel_register("tournament_detail", game_panel)
        panel_register("referee_room", game_panel)
        panel_register("player_home", player_games_panel)
