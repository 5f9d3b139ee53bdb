"""`manage.py import_tournament` and `manage.py export_results` run through call_command,
as the tests of the tournament file use them."""

from io import StringIO

from django.core.management import call_command

from apps.tournaments.models import Tournament


def import_tournament(*args) -> tuple[Tournament, list[str]]:
    out = StringIO()
    call_command("import_tournament", *args, stdout=out)
    lines = out.getvalue().splitlines()
    return Tournament.objects.get(pk=int(lines[-1])), lines


def export_results(*args, stdout=None) -> str:
    out = stdout or StringIO()
    call_command("export_results", *args, stdout=out)
    return out.getvalue()
