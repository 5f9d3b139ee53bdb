"""`manage.py export_results ID --format json|xlsx|pdf [--session N] [--output FILE]`: a
tournament's results as its tournament file (JSON), an Excel workbook or a PDF."""

from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from apps.exchange.services import tournament_file_bytes
from apps.results.exports import results_pdf, results_xlsx
from apps.tournaments.models import Session

WRITERS = {"json": tournament_file_bytes, "xlsx": results_xlsx, "pdf": results_pdf}


class Command(BaseCommand):
    help = (
        "Exporte les résultats d'un tournoi : fichier de tournoi (json, réimportable par "
        "import_tournament), classeur Excel (xlsx) ou PDF, dans --output ou sur la sortie "
        "standard."
    )

    def add_arguments(self, parser):
        parser.add_argument("tournament", type=int, help="identifiant du tournoi")
        parser.add_argument("--format", choices=sorted(WRITERS), required=True)
        parser.add_argument(
            "--session", type=int, default=1, help="numéro de la séance (par défaut : 1)"
        )
        parser.add_argument("--output", help="fichier à écrire (par défaut : la sortie standard)")
        parser.add_argument(
            "--notes-arbitre",
            action="store_true",
            dest="referee_notes",
            help="écrire aussi les notes privées de l'arbitre sur les incidents (json)",
        )

    def handle(self, *args, tournament, format, session, output, referee_notes, **options):
        found = (
            Session.objects.select_related("tournament__club")
            .filter(tournament_id=tournament, number=session)
            .first()
        )
        if found is None:
            raise CommandError(
                _("Tournament %(id)s has no session %(number)s.")
                % {"id": tournament, "number": session}
            )
        try:
            if format == "json":
                content = tournament_file_bytes(found, referee_notes=referee_notes)
            else:
                content = WRITERS[format](found)
        except ValidationError as exc:
            raise CommandError("\n".join(exc.messages)) from exc
        if output:
            Path(output).write_bytes(content)
        elif format == "json":
            self.stdout.write(content.decode(), ending="")
        else:
            self._binary(content)

    def _binary(self, content: bytes) -> None:
        stream = getattr(self.stdout, "buffer", None)  # a text stream over bytes
        if stream is None:
            raise CommandError(_("Give --output to write an xlsx or pdf file."))
        self.stdout.flush()
        stream.write(content)
        stream.flush()
