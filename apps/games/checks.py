"""What a belote tournament needs before it is finished (a transition check of
apps.tournaments.services)."""

from django.utils.translation import gettext as _

from apps.games.models import BeloteMatch
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament


def belote_finish_refusals(tournament: Tournament, target: Status) -> list[str]:
    """A belote tournament finishes with its rounds drawn and every sheet submitted."""
    if target != Status.FINISHED or tournament.game != Tournament.Game.BELOTE:
        return []
    matches = BeloteMatch.objects.filter(tournament=tournament)
    if not matches.exists():
        return [_("No round is drawn yet.")]
    open_sheets = matches.filter(submitted_at__isnull=True).count()
    if open_sheets:
        return [_("Sheets not submitted yet: %(count)s.") % {"count": open_sheets}]
    return []
