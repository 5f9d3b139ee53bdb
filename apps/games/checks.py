"""What a belote or pinochle tournament needs before it is finished (a transition check of
apps.tournaments.services)."""

from django.utils.translation import gettext as _

from apps.games.models import BeloteDeal, BeloteMatch, FreeDeal, PinochleGame, PinochleHand
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament

SHEETS = {Tournament.Game.BELOTE: BeloteMatch, Tournament.Game.PINOCHLE: PinochleGame}


def sheets_finish_refusals(tournament: Tournament, target: Status) -> list[str]:
    """A belote or pinochle tournament finishes with its rounds drawn and every sheet
    submitted."""
    sheets = SHEETS.get(tournament.game)
    if target != Status.FINISHED or sheets is None:
        return []
    matches = sheets.objects.filter(tournament=tournament)
    if not matches.exists():
        return [_("No round is drawn yet.")]
    open_sheets = matches.filter(submitted_at__isnull=True).count()
    if open_sheets:
        return [_("Sheets not submitted yet: %(count)s.") % {"count": open_sheets}]
    return []


# Where each other game writes its deals, by the tournament they belong to.
DEALS = {
    Tournament.Game.BELOTE: (BeloteDeal, "match__tournament"),
    Tournament.Game.PINOCHLE: (PinochleHand, "game__tournament"),
    Tournament.Game.FREE_TAROT: (FreeDeal, "table__tournament"),
}


def deals_recorded(tournament: Tournament) -> bool:
    """A deal of one of the tournament's sheets is written: a round has been played (a
    played check of apps.tournaments.selectors)."""
    if tournament.game not in DEALS:
        return False
    model, path = DEALS[tournament.game]
    return model.objects.filter(**{path: tournament}).exists()
