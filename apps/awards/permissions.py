"""Who may read the awards (on the tournaments' permission layer); the federation's file
is apps.tournaments.permissions.can_download_award_file."""

from django.db.models import QuerySet

from apps.results.models import Award
from apps.tournaments.permissions import tournaments_for_user


def awards_for_user(user) -> QuerySet[Award]:
    """The awards of the tournaments whose results the user may open."""
    return Award.objects.filter(award_set__tournament__in=tournaments_for_user(user))
