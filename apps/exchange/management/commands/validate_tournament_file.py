"""`manage.py validate_tournament_file FILE`: every problem of a tournament file, as the
import would find it (apps.exchange.services.tournament_file_validate), one a line
("path : message"); writes nothing. Exits 1 when the file has any."""

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from apps.exchange.management.file_reading import file_content
from apps.exchange.services import tournament_file_validate


class Command(BaseCommand):
    help = (
        "Vérifie un fichier de tournoi (JSON « donne-tournament/1 ») comme l'import le "
        "lirait, sans rien écrire : chaque erreur sur une ligne (chemin dans le fichier : "
        "message). Code de sortie 1 si le fichier a des erreurs."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="fichier JSON du tournoi")

    def handle(self, *args, file, **options):
        content = file_content(file)
        errors = tournament_file_validate(content=content)
        if errors:
            summary = ngettext(
                "The file has %(count)s error.", "The file has %(count)s errors.", len(errors)
            ) % {"count": len(errors)}
            raise CommandError("\n".join([summary, *map(str, errors)]))
        self.stdout.write(_("The file is valid."))
