"""What a club game's tournament needs before it is finished, and whether it has been
played (checks of apps.tournaments, registered in AppConfig.ready)."""

from django.utils.translation import gettext as _

from apps.games.kinds import GAMES
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament


def sheets_finish_refusals(tournament: Tournament, target: Status) -> list[str]:
    """A belote or pinochle tournament finishes with its rounds drawn and every sheet
    submitted."""
    game = GAMES.get(tournament.game)
    if target != Status.FINISHED or game is None or not game.submitted:
        return []
    sheets = game.sheet.objects.filter(tournament=tournament)
    if not sheets.exists():
        return [_("No round is drawn yet.")]
    open_sheets = sheets.filter(submitted_at__isnull=True).count()
    if open_sheets:
        return [_("Sheets not submitted yet: %(count)s.") % {"count": open_sheets}]
    return []


def deals_recorded(tournament: Tournament) -> bool:
    """A deal of one of the tournament's sheets is written: a round has been played (a
    played check of apps.tournaments.selectors)."""
    game = GAMES.get(tournament.game)
    return game is not None and game.deals_recorded(tournament)
