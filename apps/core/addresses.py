"""The addresses Donne prints or shows (the QR codes of the table cards, the code page's
address on the progress page and in the help, the projector link, the links in e-mails):
they start with SITE_URL, the address the room's phones reach (config/settings.py), never
the address of the browser that asked, which may be the referee's 127.0.0.1."""

from django.conf import settings


def site_address(path: str) -> str:
    """The full address of the site's ``path`` (« /table/ »)."""
    return settings.SITE_URL + path
