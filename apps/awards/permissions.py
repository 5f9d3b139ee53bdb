"""Who may read the awards (on the tournaments' permission layer), and ask for them
computed again; the federation's file is
apps.tournaments.permissions.can_download_award_file."""

from django.db.models import QuerySet

from apps.accounts.permissions import roles_of
from apps.awards.models import Award
from apps.awards.store import awards_done
from apps.tournaments.permissions import tournaments_for_user


def awards_for_user(user) -> QuerySet[Award]:
    """The current awards of the tournaments whose play is over and that the user may
    open (a tournament back in play shows none)."""
    return awards_done().filter(award_set__tournament__in=tournaments_for_user(user))


def can_recompute_awards(user) -> bool:
    """Ask for an approved tournament's PCN and PP computed again (under the current rules):
    federation staff."""
    return roles_of(user).federation
