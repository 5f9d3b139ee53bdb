"""What the interface says: messages read through the active catalogue, so that a test
holds whatever the translation."""

from django.utils.translation import gettext

# The refusal of a movement for more players than its tables seat.
SURPLUS = (
    "Registered players: %(registered)s; places at %(tables)s tables: %(places)s; "
    "players without a place: %(count)s. Play at %(needed)s tables."
)


def said(msgid: str, **params) -> str:
    """A message as the interface says it, whatever the catalogue holds."""
    return gettext(msgid) % params if params else gettext(msgid)
