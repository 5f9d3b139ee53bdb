"""Page helpers for the pages of one session (movement, score entry, incidents, results,
its tournament file), and for the player's own pages."""

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext_lazy

from apps.accounts.permissions import can_use_player_area
from apps.core.pages import area_required
from apps.tournaments.models import Session
from apps.tournaments.selectors import session_for_user


def session_page(request, pk: int, allowed) -> Session:
    """The session if its tournament is visible to the user (else 404) and the check
    ``allowed(user, tournament)`` lets them in (else 403)."""
    session = session_for_user(request.user, pk)
    if not allowed(request.user, session.tournament):
        raise PermissionDenied
    return session


# The player's own pages: a signed-in user linked to a licensee.
player_area = area_required(
    can_use_player_area, refusal=gettext_lazy("Your account is not linked to a licensee.")
)
