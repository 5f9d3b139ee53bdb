"""Write services of the results app: each checks who may, then writes in one transaction
with its audit row, raising PermissionDenied (French message) without changing anything."""

import secrets

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from apps.core.audit import audit_record
from apps.results.models import DisplayLink
from apps.results.permissions import can_share_room_display
from apps.tournaments.models import Session

TOKEN_BYTES = 24  # 192 random bits: the link cannot be guessed


def _check(actor, session: Session) -> None:
    if not can_share_room_display(actor, session.tournament):
        raise PermissionDenied(_("You cannot share this session's room display."))


@transaction.atomic
def display_link_create(*, actor, session: Session) -> DisplayLink:
    """A new secret link to the session's room display; the one it replaces, if any, stops
    working at once."""
    _check(actor, session)
    replaced = DisplayLink.objects.filter(session=session).delete()[0] > 0
    link = DisplayLink.objects.create(session=session, token=secrets.token_urlsafe(TOKEN_BYTES))
    audit_record(
        actor=actor, action="create", instance=link, changes={"replaced": [None, replaced]}
    )
    return link


@transaction.atomic
def display_link_revoke(*, actor, session: Session) -> None:
    """The session's room display link stops working at once (nothing when there is none)."""
    _check(actor, session)
    link = DisplayLink.objects.filter(session=session).first()
    if link is None:
        return
    audit_record(actor=actor, action="delete", instance=link)
    link.delete()
