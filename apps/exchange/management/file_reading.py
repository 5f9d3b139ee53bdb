"""The bytes of a tournament file named on the command line, as the commands read them:
at most FILE_MAX_BYTES + 1 (the reader refuses more), or the French reason it cannot be
read."""

from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from apps.exchange.domain.document import FILE_MAX_BYTES


def file_content(path: str) -> bytes:
    try:
        with Path(path).open("rb") as handle:
            return handle.read(FILE_MAX_BYTES + 1)
    except OSError as exc:
        raise CommandError(
            _("Cannot read %(path)s: %(error)s") % {"path": path, "error": exc.strerror}
        ) from exc
