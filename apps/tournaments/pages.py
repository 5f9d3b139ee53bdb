"""Page helpers for the pages of one session (movement, score entry, incidents, results,
its tournament file)."""

from django.core.exceptions import PermissionDenied

from apps.tournaments.models import Session
from apps.tournaments.selectors import session_for_user


def session_page(request, pk: int, allowed) -> Session:
    """The session if its tournament is visible to the user (else 404) and the check
    ``allowed(user, tournament)`` lets them in (else 403)."""
    session = session_for_user(request.user, pk)
    if not allowed(request.user, session.tournament):
        raise PermissionDenied
    return session
