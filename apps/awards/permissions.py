"""Who may read the awards (on the tournaments' permission layer); the federation's file
is apps.tournaments.permissions.can_download_award_file."""

from django.db.models import QuerySet

from apps.results.awards import awards_done
from apps.results.models import Award
from apps.tournaments.permissions import tournaments_for_user


def awards_for_user(user) -> QuerySet[Award]:
    """The current awards of the tournaments whose play is over and that the user may
    open (a tournament back in play shows none)."""
    return awards_done().filter(award_set__tournament__in=tournaments_for_user(user))
